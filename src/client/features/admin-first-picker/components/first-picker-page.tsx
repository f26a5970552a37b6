import { ShieldAlert, UserRoundCheck } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "wouter";
import type { Contest } from "@/contracts/contests";
import { LoadErrorAlert } from "@/client/components/load-error-alert";
import { PageHeader } from "@/client/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { Skeleton } from "@/client/components/ui/skeleton";
import { errorMessage } from "@/client/lib/api";
import { contestsQuery } from "@/client/lib/queries/contests";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { useFirstPickerAssignments } from "@/client/lib/queries/picks";
import { displayName, useUsers } from "@/client/lib/queries/users";
import { managedContests, weekAssignments } from "../first-picker";
import { WeekAssignmentRow, type Seat } from "./week-assignment-row";
import { nflWeeksText } from "@/client/lib/contest-weeks";

const TITLE = "Manage First Pickers";
const DESCRIPTION =
  "Choose who picks first each week. Odd weeks default to Player 1, even weeks to Player 2.";

function RowsSkeleton() {
  return (
    <div className="space-y-2" aria-busy="true" role="status" aria-label="Loading assignments">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-16 w-full" />
      ))}
    </div>
  );
}

function Assignments({ contest }: { contest: Contest }) {
  const users = useUsers(true);
  const assignments = useFirstPickerAssignments(contest.id, true);
  const nameOf = (id: string, fallback: string) =>
    users.isLoading
      ? "Loading..."
      : displayName(
          users.data?.find((user) => user.id === id),
          fallback,
        );
  const seats: [Seat, Seat] = [
    { id: contest.player1Id, name: nameOf(contest.player1Id, "Player 1"), label: "Player 1" },
    { id: contest.player2Id!, name: nameOf(contest.player2Id!, contest.player2Email), label: "Player 2" },
  ];

  return (
    <Card role="region" aria-labelledby="first-picker-weeks" className="gap-4">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex items-center gap-2 text-lg">
          <UserRoundCheck className="size-5 text-primary" aria-hidden="true" />
          <h2 id="first-picker-weeks">Weekly First Pickers</h2>
        </CardTitle>
        <CardDescription>
          {contest.name}: {seats[0].name} vs {seats[1].name}, {nflWeeksText(contest)}. A week that already has
          picks keeps its first picker.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {assignments.isLoading ? (
          <RowsSkeleton />
        ) : assignments.isError ? (
          <LoadErrorAlert
            title="Failed to load the assignments"
            error={assignments.error}
            onRetry={() => void assignments.refetch()}
          />
        ) : (
          <ul className="space-y-2">
            {weekAssignments(contest.totalWeeks, assignments.data ?? [], contest.startWeek).map(
              (assignment) => (
                <WeekAssignmentRow
                  key={assignment.week}
                  contestId={contest.id}
                  assignment={assignment}
                  seats={seats}
                  isCurrentWeek={assignment.week === contest.currentWeek}
                />
              ),
            )}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function AdminFirstPickers() {
  const contests = useQuery(contestsQuery);
  const [params, setParams] = useSearchParams();
  const options = managedContests(contests.data ?? []);
  const selected = options.find((contest) => contest.id === params.get("contestId"));
  const choose = (contestId: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set("contestId", contestId);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="space-y-6">
      <Card className="gap-3 py-4">
        <CardContent className="flex flex-col gap-1.5 px-4">
          <Label htmlFor="first-picker-contest">Contest</Label>
          {contests.isLoading ? (
            <Skeleton className="h-9 w-full sm:w-80" />
          ) : contests.isError ? (
            <p className="text-sm text-destructive">
              {errorMessage(contests.error, "Failed to load contests.")}
            </p>
          ) : (
            <Select value={selected?.id ?? ""} onValueChange={choose} disabled={options.length === 0}>
              <SelectTrigger id="first-picker-contest" className="w-full sm:w-80">
                <SelectValue placeholder={options.length ? "Select a contest" : "No active contests"} />
              </SelectTrigger>
              <SelectContent>
                {options.map((contest) => (
                  <SelectItem key={contest.id} value={contest.id}>
                    {contest.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
          <p className="text-xs text-muted-foreground">
            {options.length || contests.isLoading
              ? "Active contests with both players."
              : "First pickers can be set once a contest is active with both players."}
          </p>
        </CardContent>
      </Card>
      {selected ? <Assignments key={selected.id} contest={selected} /> : null}
    </div>
  );
}

/** Admin only: the first picker of each week of a contest; nothing is fetched for anyone else. */
export default function FirstPickerPage() {
  const { user, isLoading } = useCurrentUser();
  return (
    <div>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      {isLoading ? (
        <Skeleton className="h-24 w-full" />
      ) : user?.isAdmin ? (
        <AdminFirstPickers />
      ) : (
        <Alert variant="destructive">
          <ShieldAlert aria-hidden="true" />
          <AlertTitle>Admin access required</AlertTitle>
          <AlertDescription>Only administrators can manage first-picker assignments.</AlertDescription>
        </Alert>
      )}
    </div>
  );
}
