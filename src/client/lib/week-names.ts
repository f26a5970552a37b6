import { isPostseason, LAST_WEEK, weekInText, weekLabel as nounLabel, weekName } from "@/domain/postseason";

/** Every week a screen may show, the postseason's rounds included: 1 to 22. */
export const SEASON_AND_POSTSEASON_WEEKS = Array.from({ length: LAST_WEEK }, (_, index) => index + 1);

/**
 * A week as a label or before a noun: "Week 12" ("week 12" with `lower`), or the postseason round's
 * name ("Wild Card"), whatever `lower` says: "Wild Card Picks", "All Wild Card picks are in".
 */
export const weekLabel = (week: number, lower = false): string => (lower ? nounLabel(week) : weekName(week));

/**
 * A week in a sentence: "Week 12" ("week 12" with `lower`), or the round with its article ("the
 * Wild Card round", "the Super Bowl"): "Picks are open for the Wild Card round only."
 */
export const weekPhrase = (week: number, lower = false): string =>
  lower || isPostseason(week) ? weekInText(week) : weekName(week);

/** The same at the start of a sentence: "Week 12 is closed", "The Super Bowl is closed". */
export const weekPhraseStart = (week: number): string => {
  const phrase = weekPhrase(week);
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
};

const SHORT_ROUNDS: Record<number, string> = { 19: "WC", 20: "DIV", 21: "CONF", 22: "SB" };

/** A week's short name on a chart's axis: "W12", or the round's ("WC", "DIV", "CONF", "SB"). */
export const weekShortLabel = (week: number): string => SHORT_ROUNDS[week] ?? `W${week}`;

/** The week's name of an axis label ("Week 12" for "W12", "Wild Card" for "WC"); another label as it is. */
export function weekNameOfShortLabel(label: string): string {
  const week = SEASON_AND_POSTSEASON_WEEKS.find((candidate) => weekShortLabel(candidate) === label);
  return week === undefined ? label : weekName(week);
}
