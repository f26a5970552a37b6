import { playsTiebreaker } from "@/domain/contest-rules";
import { weekRounds } from "@/domain/rounds";
import { carriedKeys, type CarriedQuery, type QueryKey } from "@/contracts/events";
import type { AppContext } from "../context";
import { SLICE_MS, TimeSlices } from "../event-loop-slices";
import type { UserRow } from "../repositories/users.repository";
import { contestsData } from "./contest-data.service";
import { listContests } from "./contests.service";
import { seasonGamesById } from "./games.service";
import { bothPlayersPicksJson } from "./player-picks.service";
import { weeklyResultsFromJson } from "./weekly-results-json";

/** A player told of a final, and the contests it graded that they play in. */
export interface GradedPlayer {
  user: UserRow;
  contestIds: readonly string[];
}

/**
 * Players read at once. Enough that the reads missing from memory go to the database in batches
 * (contest-data.service); few enough that the first players' events leave early, that what is read
 * but not yet sent stays small (a player's share is tens of kB late in a season), and that the
 * players under way when a slice ends finish their step soon (each step is a fraction of a ms). With
 * the database on the server's thread (the tests' in-memory PGlite) its statements run there, every
 * page view due meanwhile waiting: fewer players at once keep each hold a small part of a page view's
 * budget through a live Sunday (docs/performance.md; the measurements are in decision 038).
 */
const PLAYERS_AT_ONCE = { sharedThread: 10, ownThread: 50 } as const;

/**
 * The grades go out at half speed at most: after each slice of their work a pause as long (a timer,
 * not only a turn of the event loop), so that the page views meanwhile keep half the thread. Their
 * standings have no budget; a page view's is 50 ms at the 99th percentile through a live Sunday
 * (docs/performance.md; decision 035).
 */
const PAUSE_MS = SLICE_MS;

/**
 * A carried query as the event's JSON: `{"key":[…],"value":…}`, the value spliced in as the GET
 * answered it; with `fromWeek`, a patch of a weekly results list (decision 030).
 */
const entry = (key: QueryKey, valueJson: string, fromWeek?: number) =>
  `{"key":${JSON.stringify(key)},"value":${valueJson}${fromWeek === undefined ? "" : `,"fromWeek":${fromWeek}`}}`;

/**
 * A carried query whose value the client makes of a week of the weekly results patch the event
 * carries (`CarriedQuery.of`): a player's picks of the week, or their availability, are the same
 * text as that week's picks, and sent once there (decision 035).
 */
const entryOf = (key: QueryKey, of: NonNullable<CarriedQuery["of"]>) =>
  `{"key":${JSON.stringify(key)},"of":${JSON.stringify(of)}}`;

/**
 * JSON text in pieces, to be written one after the other: what both players of a contest get is
 * encoded once and written to both as the same bytes, never copied into each player's text (a
 * season's weekly results are tens of kB, and a final reaches thousands of players).
 */
export type JsonPieces = (string | Buffer)[];

/**
 * What a graded contest carries to both its players alike: its weekly results from the first graded
 * week on (the weeks before it are as they were), the graded weeks' picks.
 */
interface ContestPart {
  /** Its entries, comma-separated. */
  json: Buffer;
  /** The graded weeks, with each week's rounds (availability is asked for per round). */
  weeks: { week: number; rounds: number[] }[];
  /** Its players: each one's availability is made of the weekly results' picks as theirs or the other's. */
  player1Id: string;
  player2Id: string;
  /**
   * Read for this player only: the weekly results of a contest playing the tiebreaker show a guess
   * to its maker alone until the last game kicks off, so each player's is read for them.
   */
  readFor?: string;
}

/**
 * What a final's event carries to each player of the contests it graded (decision 028): the new
 * answers of the queries its grades changed, read by the GETs' own services (same JSON, same access
 * checks), so that the player's pages write them in instead of refetching. Each player's share (the
 * `data` array, as JSON in pieces) goes to `send` as soon as it is read, or the error that kept it
 * from being read. A contest's share (its weekly results, both players' picks of the graded weeks:
 * the same for either player) is read once for both, and let go once both have theirs; the picks
 * and availability are sent as made `of` the weekly results' weeks (decision 035), not again. The
 * reads of many players and contests go to the database together (contest-data.service's batches).
 * Not for admins, who see every contest: they refetch.
 */
export async function readCarriedGrades<P extends GradedPlayer>(
  ctx: AppContext,
  graded: readonly string[],
  players: readonly P[],
  send: (player: P, data: JsonPieces | Error) => void,
): Promise<void> {
  const gradedIds = new Set(graded);
  const parts = new Map<string, { part?: Promise<ContestPart>; readers: number }>();
  for (const { contestIds } of players) {
    for (const id of contestIds) {
      const known = parts.get(id);
      if (known) known.readers += 1;
      else parts.set(id, { readers: 1 });
    }
  }
  const contestPart = async (user: UserRow, contestId: string): Promise<ContestPart> => {
    const shared = parts.get(contestId)!;
    const first = (shared.part ??= readContestPart(ctx, user, contestId, gradedIds));
    shared.readers -= 1;
    if (shared.readers === 0) parts.delete(contestId);
    const part = await first;
    return part.readFor === undefined || part.readFor === user.id
      ? part
      : readContestPart(ctx, user, contestId, gradedIds);
  };

  // Seconds of work for thousands of players: in slices, the requests that arrived served between.
  const loop = new TimeSlices(SLICE_MS, PAUSE_MS);
  let next = 0;
  const worker = async () => {
    while (next < players.length) {
      await loop.pause();
      const player = players[next++];
      if (!player) return;
      let data: JsonPieces | Error;
      try {
        data = await playerShare(ctx, player, contestPart, loop);
      } catch (error) {
        data = error instanceof Error ? error : new Error(String(error));
      }
      send(player, data);
    }
  };
  const atOnce = PLAYERS_AT_ONCE[ctx.database.onServerThread ? "sharedThread" : "ownThread"];
  await Promise.all(Array.from({ length: Math.min(atOnce, players.length) }, worker));
}

/** A player's share: their contests, and of each graded contest its share and their availability. */
async function playerShare(
  ctx: AppContext,
  { user, contestIds }: GradedPlayer,
  contestPart: (user: UserRow, contestId: string) => Promise<ContestPart>,
  loop: TimeSlices,
): Promise<JsonPieces> {
  const [list, parts] = await Promise.all([
    listContests(ctx, user),
    Promise.all(contestIds.map((id) => contestPart(user, id))),
  ]);
  await loop.pause();
  const pieces: JsonPieces = [`[${entry(carriedKeys.contests(), JSON.stringify(list))}`];
  for (const [at, part] of parts.entries()) {
    const contestId = contestIds[at]!;
    if (part.json.length > 0) pieces.push(",", part.json);
    const player =
      part.player1Id === user.id ? "player1" : part.player2Id === user.id ? "player2" : undefined;
    if (!player) continue;
    for (const { week, rounds } of part.weeks) {
      // What GET …/availability answers (`availabilityJson`), the same for every round (the key has
      // the round; the GET does not read it): the player's picks of the week and the other's.
      const of = { contestId, week, player, as: "availability" } as const;
      for (const round of rounds)
        pieces.push(`,${entryOf(carriedKeys.availability(contestId, week, round), of)}`);
    }
  }
  pieces.push("]");
  return pieces;
}

/**
 * A graded contest's share, read with the access of `user` (one of its players: the contests named
 * to a user are their own), and the weeks of the graded games.
 */
async function readContestPart(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
  gradedIds: ReadonlySet<string>,
): Promise<ContestPart> {
  const none = { json: Buffer.from(""), weeks: [], player1Id: "", player2Id: "" };
  const [data] = await contestsData(ctx, [contestId]);
  if (!data) return none;
  const { contest } = data;
  const games = await seasonGamesById(ctx, contest.season);
  const weeks = new Set<number>();
  for (const id of gradedIds) {
    const week = games.get(id)?.week;
    if (week !== undefined && week >= contest.startWeek && week <= contest.totalWeeks) weeks.add(week);
  }
  if (weeks.size === 0 || !contest.player2Id) return none;
  const fromWeek = Math.min(...weeks);
  const { player1Id, player2Id } = contest;
  // Each graded week's picks, read once: the weekly results, the picks and the availability carried
  // are all made of them, as their GETs make them.
  const read = new Map(
    await Promise.all(
      [...weeks].map(async (week) => [week, await bothPlayersPicksJson(ctx, user, contestId, week)] as const),
    ),
  );
  const weekly = await weeklyResultsFromJson(ctx, user, contestId, fromWeek, read);
  const entries = [entry(carriedKeys.weeklyResults(contestId), weekly, fromWeek)];
  for (const week of read.keys()) {
    const of = (player: "player1" | "player2") => ({ contestId, week, player, as: "picks" }) as const;
    entries.push(entryOf(carriedKeys.picks(contestId, player1Id, week), of("player1")));
    entries.push(entryOf(carriedKeys.picks(contestId, player2Id, week), of("player2")));
  }
  return {
    json: Buffer.from(entries.join(",")),
    weeks: [...read.keys()].map((week) => ({
      week,
      rounds: weekRounds(contest, week).map((round) => round.roundNumber),
    })),
    player1Id,
    player2Id,
    readFor: playsTiebreaker(contest) ? user.id : undefined,
  };
}
