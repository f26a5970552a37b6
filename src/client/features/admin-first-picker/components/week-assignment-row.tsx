import { useState } from "react";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { useToast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useSaveFirstPicker } from "@/client/lib/queries/picks";
import { cn } from "@/client/lib/utils";
import { weekPhrase } from "@/client/lib/week-names";
import { weekName } from "@/domain/postseason";
import { canSave, type WeekAssignment } from "../first-picker";

export interface Seat {
  id: string;
  name: string;
  label: "Player 1" | "Player 2";
}

/** A week's first picker: who it is now, a choice between the two players, and Save. */
export function WeekAssignmentRow({
  contestId,
  assignment,
  seats,
  isCurrentWeek,
}: {
  contestId: string;
  assignment: WeekAssignment;
  seats: [Seat, Seat];
  isCurrentWeek: boolean;
}) {
  const { toast } = useToast();
  const save = useSaveFirstPicker();
  const { week, firstPickerId: stored, isManualOverride } = assignment;
  const [choice, setChoice] = useState<string | null>(null);
  const chosen = choice ?? stored;
  const current = seats.find((seat) => seat.id === stored);
  const enabled = !save.isPending && canSave(chosen, stored, [seats[0].id, seats[1].id]);
  const titleId = `first-picker-week-${week}`;
  const selectId = `${titleId}-picker`;

  const onSave = () => {
    if (!chosen) return;
    save.mutate(
      { contestId, week, firstPickerId: chosen },
      {
        onSuccess: () =>
          toast({
            title: "First Picker Updated",
            description: "The first picker assignment has been updated successfully.",
          }),
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Update Failed",
            description: errorMessage(error, "Failed to update first picker assignment."),
          }),
      },
    );
  };

  // A list item holding the week's group: a list's children stay list items (axe: list).
  return (
    <li>
      <div
        role="group"
        aria-labelledby={titleId}
        className={cn(
          "flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between",
          isCurrentWeek && "border-primary/40 bg-primary/5",
        )}
      >
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="font-semibold">
              {weekName(week)}
            </h3>
            {isManualOverride ? <Badge variant="secondary">Manual Override</Badge> : null}
            {isCurrentWeek ? <Badge variant="outline">This Week</Badge> : null}
          </div>
          <p className="mt-1 truncate text-sm text-muted-foreground">
            Current: {current ? current.name : "Not set"}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor={selectId} className="sr-only">
            First picker for {weekPhrase(week)}
          </Label>
          <Select value={chosen ?? undefined} onValueChange={setChoice}>
            <SelectTrigger id={selectId} className="min-w-0 flex-1 sm:w-60 sm:flex-none">
              <SelectValue placeholder="Choose a player" />
            </SelectTrigger>
            <SelectContent>
              {seats.map((seat) => (
                <SelectItem key={seat.id} value={seat.id}>
                  {seat.name}
                  <span className="text-xs text-muted-foreground">({seat.label})</span>
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button onClick={onSave} disabled={!enabled} aria-label={`Save ${weekName(week)}`}>
            {save.isPending ? "Saving..." : "Save"}
          </Button>
        </div>
      </div>
    </li>
  );
}
