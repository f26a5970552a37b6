import type { Contest } from "@/contracts/contests";
import { Label } from "@/client/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";

/** Switches the standings between the user's contests. */
export function ContestPicker({
  contests,
  value,
  onChange,
}: {
  contests: Contest[];
  value: string;
  onChange: (contestId: string) => void;
}) {
  return (
    <div className="flex w-full flex-col gap-1.5 sm:w-72">
      <Label htmlFor="standings-contest">Contest</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id="standings-contest" className="w-full">
          <SelectValue placeholder="Select a contest" />
        </SelectTrigger>
        <SelectContent>
          {contests.map((contest) => (
            <SelectItem key={contest.id} value={contest.id}>
              {contest.name}
              {contest.status === "active" ? null : (
                <span className="text-xs text-muted-foreground capitalize">({contest.status})</span>
              )}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
