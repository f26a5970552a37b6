import { SelectContent, SelectItem } from "@/client/components/ui/select";
import { WEEKS } from "@/client/hooks/use-week-param";

/** A week chooser's list: every week of the season, the current one marked "(current)". */
export function WeekOptions({ currentWeek }: { currentWeek: number | undefined }) {
  return (
    <SelectContent>
      {WEEKS.map((option) => (
        <SelectItem key={option} value={String(option)}>
          Week {option}
          {option === currentWeek ? <span className="text-xs text-muted-foreground">(current)</span> : null}
        </SelectItem>
      ))}
    </SelectContent>
  );
}
