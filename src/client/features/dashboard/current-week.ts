import type { SeasonInfo } from "@/contracts/season";
import { isPostseason, weekName } from "@/domain/postseason";

/**
 * The Dashboard's Current Week: the week's number, or a postseason round's name ("Wild Card"), and
 * the season it is of. Once week 18 is over the rounds are the season's postseason; once the Super
 * Bowl's week is over the season is, and no week is current.
 */
export function currentWeekStat(
  season: Pick<SeasonInfo, "season" | "currentWeek" | "weeksToPlay" | "seasonOver"> | undefined,
): {
  value: number | string | undefined;
  note: string;
} {
  if (!season) return { value: undefined, note: "NFL season" };
  const { currentWeek } = season;
  if (season.seasonOver) return { value: "Off-season", note: `${season.season} season over` };
  const value = isPostseason(currentWeek) ? weekName(currentWeek) : currentWeek;
  if (season.weeksToPlay) return { value, note: `${season.season} NFL season` };
  if (isPostseason(currentWeek)) return { value, note: `${season.season} NFL postseason` };
  return { value, note: `${season.season} season over` };
}
