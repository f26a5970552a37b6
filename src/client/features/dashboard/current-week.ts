import type { SeasonInfo } from "@/contracts/season";
import { isPostseason, LAST_WEEK, weekName } from "@/domain/postseason";

/**
 * The Dashboard's Current Week: the week's number, or a postseason round's name ("Wild Card"), and
 * the season it is of. The regular season over, the rounds before the Super Bowl are still the
 * season's postseason; from the Super Bowl's week on, the calendar stays there (between seasons).
 */
export function currentWeekStat(
  season: Pick<SeasonInfo, "season" | "currentWeek" | "weeksToPlay"> | undefined,
): {
  value: number | string | undefined;
  note: string;
} {
  if (!season) return { value: undefined, note: "NFL season" };
  const { currentWeek } = season;
  const value = isPostseason(currentWeek) ? weekName(currentWeek) : currentWeek;
  if (season.weeksToPlay) return { value, note: `${season.season} NFL season` };
  if (isPostseason(currentWeek) && currentWeek < LAST_WEEK)
    return { value, note: `${season.season} NFL postseason` };
  return { value, note: `${season.season} season over` };
}
