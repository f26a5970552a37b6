import { SelectContent, SelectItem } from "@/client/components/ui/select";
import { weekName } from "@/domain/postseason";
import { SEASON_AND_POSTSEASON_WEEKS } from "@/client/lib/week-names";

/** A week chooser's list: every week of the season and its postseason rounds, the current one marked "(current)". */
export function WeekOptions({ currentWeek }: { currentWeek: number | undefined }) {
  return (
    <SelectContent>
      {SEASON_AND_POSTSEASON_WEEKS.map((option) => (
        <SelectItem key={option} value={String(option)}>
          {weekName(option)}
          {option === currentWeek ? <span className="text-xs text-muted-foreground">(current)</span> : null}
        </SelectItem>
      ))}
    </SelectContent>
  );
}
