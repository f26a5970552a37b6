import { weekInText, weekLabel } from "./postseason";
import { favoriteOf, type Market, type Side } from "./grading";
import { firstPickerDeadline } from "./turn";

/**
 * A player's calendar feed, as events: each week's pick deadline of each of their contests and the
 * kickoffs of the games they picked (docs/rules.md, "Calendar"). Pure: the server reads the rows
 * and renders the events as iCalendar.
 */
export interface CalendarContest {
  id: string;
  name: string;
  season: number;
  startWeek: number;
  /** The contest's last week (contests.total_weeks). */
  totalWeeks: number;
  updatedAt: Date;
}

export interface CalendarGame {
  id: string;
  season: number;
  week: number;
  homeTeam: string;
  awayTeam: string;
  gameDate: Date;
  status: string;
  updatedAt: Date;
}

export interface CalendarPick {
  contestId: string;
  gameId: string;
  week: number;
  market: Market;
  side: Side;
  lineSpread: string | null;
  lineFavorite: string | null;
  lineTotal: string | null;
  createdAt: Date;
}

export interface CalendarEvent {
  /** Stable across requests, so a calendar program updates the event instead of adding another. */
  uid: string;
  start: Date;
  /** Null for an instant (a deadline). */
  end: Date | null;
  /** When what the event says last changed (DTSTAMP): stable while nothing changes. */
  stamp: Date;
  summary: string;
  description: string;
  /** The screen the event is about, relative to the app's address. */
  path: string;
}

/** A game's slot in a calendar: about as long as an NFL broadcast. */
export const GAME_LENGTH_MS = (3 * 60 + 15) * 60 * 1000;
const UID_DOMAIN = "football-pool";

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);
const points = (value: number) => String(Math.abs(value));

/** A pick at the line it was made at: "PHI -8.5", "DAL +8.5", "PHI (Pick'em)", "Over 47.5". */
export function pickSideLabel(game: Pick<CalendarGame, "homeTeam" | "awayTeam">, pick: CalendarPick): string {
  if (pick.market === "total") {
    const word = pick.side === "over" ? "Over" : "Under";
    return pick.lineTotal === null ? word : `${word} ${points(Number(pick.lineTotal))}`;
  }
  if (pick.lineSpread === null) return pick.side === "favorite" ? "Favorite" : "Underdog";
  const spread = Number(pick.lineSpread);
  const favorite = favoriteOf(game, spread, pick.lineFavorite);
  const team =
    pick.side === "favorite" ? favorite : favorite === game.homeTeam ? game.awayTeam : game.homeTeam;
  if (spread === 0) return `${team} (Pick'em)`;
  return `${team} ${pick.side === "favorite" ? "-" : "+"}${points(spread)}`;
}

const picksPath = (contestId: string, week: number) => `/picks?contestId=${contestId}&week=${week}`;

/**
 * The deadline of each week of each contest, from its start week to its last, for the weeks that
 * have games: the hand-over (Thursday 4:00 PM Pacific), or the week's first kickoff when that comes
 * first (that game locks then).
 */
export function deadlineEvents(
  contests: readonly CalendarContest[],
  openings: ReadonlyMap<number, Date>,
  games: readonly CalendarGame[],
): CalendarEvent[] {
  // Each season's weeks: their first kickoff and when their games last changed.
  const weeks = new Map<string, { firstKickoff: Date; changed: Date }>();
  for (const game of games) {
    if (game.status === "canceled") continue;
    const key = `${game.season}/${game.week}`;
    const known = weeks.get(key);
    if (!known) weeks.set(key, { firstKickoff: game.gameDate, changed: game.updatedAt });
    else {
      if (game.gameDate < known.firstKickoff) known.firstKickoff = game.gameDate;
      known.changed = later(known.changed, game.updatedAt);
    }
  }
  const events: CalendarEvent[] = [];
  for (const contest of contests) {
    const opening = openings.get(contest.season);
    if (!opening) continue;
    for (let week = contest.startWeek; week <= contest.totalWeeks; week += 1) {
      const known = weeks.get(`${contest.season}/${week}`);
      if (!known) continue;
      const handOver = firstPickerDeadline(opening, week);
      const kickoffFirst = known.firstKickoff < handOver;
      events.push({
        uid: `deadline-${contest.id}-${week}@${UID_DOMAIN}`,
        start: kickoffFirst ? known.firstKickoff : handOver,
        end: null,
        stamp: later(contest.updatedAt, known.changed),
        summary: `Pick deadline: ${contest.name}, ${weekLabel(week)}`,
        description: kickoffFirst
          ? `Make your picks for ${weekInText(week)} of ${contest.name}: its first game kicks off now, before ` +
            `the Thursday hand-over. Each game locks at its kickoff.`
          : `Make your picks for ${weekInText(week)} of ${contest.name}: the first picker's turn ends now, and ` +
            `the second picker may pick from here on. Each game locks at its kickoff.`,
        path: picksPath(contest.id, week),
      });
    }
  }
  return events;
}

/** The kickoff of each game the player picked, one event per game and contest (both markets in one). */
export function pickEvents(
  contests: readonly CalendarContest[],
  gamesById: ReadonlyMap<string, CalendarGame>,
  picks: readonly CalendarPick[],
): CalendarEvent[] {
  const contestById = new Map(contests.map((contest) => [contest.id, contest]));
  const grouped = new Map<string, { contest: CalendarContest; game: CalendarGame; picks: CalendarPick[] }>();
  for (const pick of picks) {
    const contest = contestById.get(pick.contestId);
    const game = gamesById.get(pick.gameId);
    if (!contest || !game || game.status === "canceled") continue;
    const key = `${game.id}/${contest.id}`;
    const group = grouped.get(key);
    if (group) group.picks.push(pick);
    else grouped.set(key, { contest, game, picks: [pick] });
  }
  return [...grouped.values()].map(({ contest, game, picks: held }) => {
    // Spread before total, as Make Picks lists them.
    const sorted = [...held].sort((a, b) => (a.market === b.market ? 0 : a.market === "spread" ? -1 : 1));
    const labels = sorted.map((pick) => pickSideLabel(game, pick)).join(", ");
    const stamp = sorted.reduce((at, pick) => later(at, pick.createdAt), game.updatedAt);
    return {
      uid: `game-${game.id}-${contest.id}@${UID_DOMAIN}`,
      start: game.gameDate,
      end: new Date(game.gameDate.getTime() + GAME_LENGTH_MS),
      stamp,
      summary: `${game.awayTeam} at ${game.homeTeam} — your ${sorted.length > 1 ? "picks" : "pick"}: ${labels}`,
      description: `${contest.name}, ${weekLabel(game.week)}.${game.status === "postponed" ? " Postponed." : ""}`,
      path: picksPath(contest.id, game.week),
    };
  });
}

/** Every event of the feed, in time order. */
export function calendarEvents(input: {
  contests: readonly CalendarContest[];
  openings: ReadonlyMap<number, Date>;
  games: readonly CalendarGame[];
  picks: readonly CalendarPick[];
}): CalendarEvent[] {
  const gamesById = new Map(input.games.map((game) => [game.id, game]));
  return [
    ...deadlineEvents(input.contests, input.openings, input.games),
    ...pickEvents(input.contests, gamesById, input.picks),
  ].sort(
    (a, b) =>
      a.start.getTime() - b.start.getTime() ||
      a.summary.localeCompare(b.summary) ||
      a.uid.localeCompare(b.uid),
  );
}
