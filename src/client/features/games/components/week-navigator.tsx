import { ChevronLeft, ChevronRight } from "lucide-react";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Select, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { WeekOptions } from "@/client/components/week-options";
import { LAST_WEEK, weekName } from "@/domain/postseason";

/**
 * Previous and next (disabled at week 1 and at the Super Bowl, week 22), a jump list, and a "Current"
 * badge on the current week.
 */
export function WeekNavigator({
  week,
  currentWeek,
  onChange,
}: {
  week: number;
  currentWeek: number;
  onChange: (week: number) => void;
}) {
  const isCurrent = week === currentWeek;
  return (
    <nav
      aria-label="Weeks"
      className="flex items-center justify-between gap-2 rounded-xl border bg-card p-2 shadow-xs sm:p-3"
    >
      <Button
        variant="outline"
        aria-label="Previous week"
        disabled={week <= 1}
        onClick={() => onChange(week - 1)}
      >
        <ChevronLeft aria-hidden="true" />
        <span className="hidden sm:inline">Previous</span>
      </Button>

      <div className="flex min-w-0 flex-1 flex-wrap items-center justify-center gap-2">
        <Select value={String(week)} onValueChange={(value) => onChange(Number(value))}>
          <SelectTrigger aria-label="Week" className="min-w-26 font-semibold">
            <SelectValue>{weekName(week)}</SelectValue>
          </SelectTrigger>
          <WeekOptions currentWeek={currentWeek} />
        </Select>
        {isCurrent ? (
          <Badge>Current</Badge>
        ) : (
          <Button variant="link" size="sm" className="px-1" onClick={() => onChange(currentWeek)}>
            Current week
          </Button>
        )}
      </div>

      <Button
        variant="outline"
        aria-label="Next week"
        disabled={week >= LAST_WEEK}
        onClick={() => onChange(week + 1)}
      >
        <span className="hidden sm:inline">Next</span>
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
