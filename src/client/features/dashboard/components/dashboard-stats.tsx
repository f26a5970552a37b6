import { CalendarDays, CheckCircle2, ListChecks, Trophy, type LucideIcon } from "lucide-react";
import type { SeasonInfo } from "@/contracts/season";
import { Card, CardContent } from "@/client/components/ui/card";
import { currentWeekStat } from "../current-week";

function StatCard({
  label,
  value,
  note,
  icon: Icon,
}: {
  label: string;
  value: number | string | undefined;
  note: string;
  icon: LucideIcon;
}) {
  return (
    <Card className="gap-2 py-4 sm:py-5">
      <CardContent className="px-4 sm:px-5">
        <div className="flex items-start justify-between gap-2">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
            <Icon className="size-4" aria-hidden="true" />
          </span>
        </div>
        <p className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">{value ?? "–"}</p>
        <p className="mt-1 text-xs text-muted-foreground">{note}</p>
      </CardContent>
    </Card>
  );
}

/** The Dashboard's summary: the viewer's contests active, in all and completed, and the week. */
export function DashboardStats({
  active,
  total,
  completed,
  season,
}: {
  active: number;
  total: number;
  completed: number;
  season: SeasonInfo | undefined;
}) {
  return (
    <section aria-label="Summary" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Active Contests" value={active} note="In play this season" icon={Trophy} />
      <StatCard label="Total Contests" value={total} note="Including invitations" icon={ListChecks} />
      <StatCard label="Completed" value={completed} note="Seasons played out" icon={CheckCircle2} />
      <StatCard label="Current Week" {...currentWeekStat(season)} icon={CalendarDays} />
    </section>
  );
}
