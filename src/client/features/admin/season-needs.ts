import type { FeedSyncBody } from "@/contracts/feed";
import type { SeasonStatus } from "@/contracts/season";
import { plural } from "@/domain/plural";
import { formatDate } from "@/client/lib/format";
import { weeksText } from "./feed-panel";

export type NeedAction =
  | { kind: "link"; label: string; href: string }
  | { kind: "sync"; label: string; body: FeedSyncBody }
  | { kind: "configure"; label: string };

export interface SeasonNeed {
  id: "over" | "schedule" | "results" | "lines";
  text: string;
  actions: NeedAction[];
}

// Verbs, not the screens' names: the overview already links each screen by its name.
const IMPORT_SCHEDULE: NeedAction = { kind: "link", label: "Import the schedule", href: "/admin/games" };
const SET_LINES: NeedAction = { kind: "link", label: "Set the lines", href: "/admin/games" };

const total = (weeks: SeasonStatus["noLine"]) => weeks.reduce((sum, week) => sum + week.count, 0);

/**
 * What the season on the clock still lacks, each with the actions that fix it: the next season's
 * schedule between seasons, the season's schedule, the results of games kicked off, the lines of
 * the weeks about to be played. Empty when nothing is missing. Sync actions appear only while the
 * data feed is on (`feedOn`).
 */
export function seasonNeeds(status: SeasonStatus, feedOn: boolean): SeasonNeed[] {
  const sync = (label: string, body: FeedSyncBody): NeedAction[] =>
    feedOn ? [{ kind: "sync", label, body }] : [];
  const needs: SeasonNeed[] = [];
  const next = status.nextSeason;
  if (next) {
    needs.push(
      next.firstKickoff
        ? {
            id: "over",
            text: `The ${status.season} season is over. The ${next.season} season starts on ${formatDate(next.firstKickoff)}: new contests are created for it.`,
            actions: [{ kind: "configure", label: `Make ${next.season} the current season` }],
          }
        : {
            id: "over",
            text: `The ${status.season} season is over, and the ${next.season} schedule is not loaded yet: new contests wait for it.`,
            actions: [...sync(`Sync the ${next.season} schedule`, { season: next.season }), IMPORT_SCHEDULE],
          },
    );
  }
  if (status.games === 0) {
    needs.push({
      id: "schedule",
      text: `No games are loaded for the ${status.season} season.`,
      actions: [...sync(`Sync the ${status.season} schedule`, { season: status.season }), IMPORT_SCHEDULE],
    });
  }
  if (status.noResult.length > 0) {
    const weeks = status.noResult.map((week) => week.week);
    needs.push({
      id: "results",
      text: `${plural(total(status.noResult), "game")} kicked off without a result (${weeksText(weeks)}).`,
      actions: [
        { kind: "link", label: "Enter the scores", href: `/score-entry?week=${weeks[0]}` },
        ...sync("Sync the results", { season: status.season }),
      ],
    });
  }
  if (status.noLine.length > 0) {
    const weeks = status.noLine.map((week) => week.week);
    needs.push({
      id: "lines",
      text: `${plural(total(status.noLine), "game")} to play without a spread or a total (${weeksText(weeks)}).`,
      actions: [
        SET_LINES,
        ...sync(
          "Sync the lines",
          weeks.length === 1 ? { season: status.season, week: weeks[0] } : { season: status.season },
        ),
      ],
    });
  }
  return needs;
}
