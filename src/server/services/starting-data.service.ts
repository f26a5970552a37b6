import type { FastifyBaseLogger } from "fastify";
import { STARTING_DATA_PATHS } from "@/contracts/constants";
import type { Contest } from "@/contracts/contests";
import { weekParams } from "@/contracts/games";
import { weekParam } from "@/contracts/picks";
import { carryingScreen, chooseStandingsContest, picksTarget, playingContests } from "@/contracts/screens";
import type { SeasonInfo } from "@/contracts/season";
import type { AppContext } from "../context";
import { AppError } from "../errors";
import type { UserRow } from "../repositories/users.repository";
import { toUserJson } from "./auth.service";
import { listContests } from "./contests.service";
import { listWeekJson, listWeekRows } from "./games.service";
import { getCurrentRound } from "./contest-week.service";
import { getFirstPicker } from "./first-picker.service";
import { availabilityJson, playerPicksJson } from "./player-picks.service";
import { weeklyResultsJson } from "./weekly-results-json";
import { listPendingProposals, listProposals } from "./proposals.service";
import { seasonInfo } from "./season.service";
import { getTurn } from "./turn.service";
import { listRecaps } from "./week-recaps";
import { listUsers } from "./users.service";

/** GETs' answers as JSON, by the address the client asks each at (its query's URL). */
type Answers = Promise<(readonly [url: string, json: string])[]>;

/**
 * One answer; none when it fails (the screen then asks for it, and shows the error the GET gives).
 * Serialized as Fastify serializes a route's object (no response schema: JSON.stringify). A refusal
 * meant for the user (a contest not theirs: an `AppError` under 500) is the GET's to give; any other
 * failure is logged at warn in the page's request log (the page is served all the same).
 */
export const answerer =
  (log: FastifyBaseLogger) =>
  (url: string, value: unknown): Answers =>
    Promise.resolve(value).then(
      (got) => [[url, typeof got === "string" ? got : JSON.stringify(got)]],
      (error: unknown) => {
        if (!(error instanceof AppError && error.statusCode < 500)) {
          log.warn({ err: error, answer: url }, "an answer the page carries failed; the screen will ask");
        }
        return [];
      },
    );

/**
 * A week the contest's week routes accept (their `weekParam`, 1 to 22): for another the screen's own
 * request gets the route's 400.
 */
const isWeek = (week: number) => weekParam.shape.week.safeParse(week).success;

/**
 * The Dashboard's live weeks, as its "Live Now" card asks for them (features/dashboard
 * use-live-weeks.ts): the games of each week with picks in a contest (its turn says so), and the
 * weekly results of each contest whose week has a game live.
 */
async function liveWeekAnswers(
  ctx: AppContext,
  user: UserRow,
  contests: Contest[],
  turns: Promise<{ player1Picks: number; player2Picks: number }>[],
  answer: ReturnType<typeof answerer>,
): Answers {
  const picked = await Promise.all(
    turns.map((turn) =>
      turn.then(
        (got) => got.player1Picks + got.player2Picks > 0,
        () => false,
      ),
    ),
  );
  const weeks = new Map<string, { season: number; week: number }>();
  contests.forEach((contest, at) => {
    if (picked[at])
      weeks.set(`${contest.season}:${contest.currentWeek}`, {
        season: contest.season,
        week: contest.currentWeek,
      });
  });
  const liveWeeks = new Set<string>();
  const games = await Promise.all(
    [...weeks].map(async ([key, { season, week }]) => {
      const rows = await listWeekRows(ctx, season, week);
      if (rows.some((row) => row.status === "live")) liveWeeks.add(key);
      return answer(`/api/games/week/${week}/season/${season}`, listWeekJson(ctx, season, week));
    }),
  );
  const results = contests
    .filter((contest, at) => picked[at] && liveWeeks.has(`${contest.season}:${contest.currentWeek}`))
    .map((contest) =>
      answer(`/api/contests/${contest.id}/weekly-results`, weeklyResultsJson(ctx, user, contest.id)),
    );
  return [...games, ...(await Promise.all(results))].flat();
}

/**
 * The answers a screen asks for the moment it has its starting data, as it asks (the same URLs, the
 * same services and access checks as the GETs): the dashboard's turns of the contests the player
 * picks in and what waits for their answer; Make Picks' week of its contest (what features/picks
 * prefetches, the availability of the round the week is at, and the week's turn its deadline
 * reads); the standings' weekly results (decision 054). A screen's choice of contest and week is contracts/screens.ts, which the client's
 * screens read too.
 */
function screenAnswers(
  ctx: AppContext,
  user: UserRow,
  url: string,
  contests: Contest[],
  seasonNow: SeasonInfo,
  log: FastifyBaseLogger,
): Answers[] {
  const answer = answerer(log);
  const at = url.indexOf("?");
  const pathname = at < 0 ? url : url.slice(0, at);
  const params = new URLSearchParams(at < 0 ? "" : url.slice(at + 1));
  switch (carryingScreen(pathname)) {
    case "dashboard": {
      const playing = playingContests(contests, user.id);
      const inWeek = playing.filter((contest) => isWeek(contest.currentWeek));
      const turnOf = inWeek.map((contest) => getTurn(ctx, user, contest.id, contest.currentWeek));
      const turns = inWeek.map((contest, at) =>
        answer(`/api/contests/${contest.id}/turn/${contest.currentWeek}`, turnOf[at]),
      );
      const live = liveWeekAnswers(ctx, user, inWeek, turnOf, answer);
      // What waits for the player's answer, and their weeks' recaps: asked for when they play a
      // contest, as here.
      return playing.length > 0
        ? [
            ...turns,
            live,
            answer("/api/proposals/pending", listPendingProposals(ctx, user)),
            answer("/api/recaps", listRecaps(ctx, user)),
          ]
        : turns;
    }
    case "standings": {
      const { selected } = chooseStandingsContest(contests, params.get("contestId"), user.id);
      return selected
        ? [answer(`/api/contests/${selected.id}/weekly-results`, weeklyResultsJson(ctx, user, selected.id))]
        : [];
    }
    case "picks": {
      const target = picksTarget(params, contests, seasonNow, user);
      const { contest, contestWeek: week } = target;
      if (!contest || !isWeek(week)) return [];
      const base = `/api/contests/${contest.id}`;
      const round = getCurrentRound(ctx, user, contest.id, week);
      const answers: Answers[] = [
        answer(`${base}/first-picker/${week}`, getFirstPicker(ctx, user, contest.id, week)),
        answer(`${base}/current-round/${week}`, round),
        answer(`${base}/proposals?week=${week}`, listProposals(ctx, user, contest.id, week)),
      ];
      const season = target.season;
      if (season !== undefined && weekParams.safeParse({ week, season }).success) {
        answers.push(answer(`/api/games/week/${week}/season/${season}`, listWeekJson(ctx, season, week)));
      }
      if (target.isPlayer) {
        // The pick list's deadline reads the week's turn (unless the player's picks are complete).
        answers.push(answer(`${base}/turn/${week}`, getTurn(ctx, user, contest.id, week)));
        answers.push(
          answer(
            `${base}/picks/player/${user.id}?week=${week}`,
            playerPicksJson(ctx, user, contest.id, user.id, week),
          ),
        );
      }
      if (target.isPlayer && target.opponentId) {
        // Round 1's until the screen knows the week's round, then that round's: the same answer (a
        // week's availability does not depend on the round it is asked for).
        const availability = Promise.all([round, availabilityJson(ctx, user, contest.id, week)]).then(
          ([{ currentRound }, json]) =>
            [...new Set([1, currentRound])].map(
              (at) => [`${base}/availability/${week}/${at}`, json] as const,
            ),
          () => [],
        );
        answers.push(availability);
      }
      return answers;
    }
    default:
      return [];
  }
}

/**
 * What a player's page carries (plugins/client.ts), as the GETs answer it, by their URLs: what every
 * signed-in screen starts from (the user, their contests, the season, the people they share contests
 * with: the client writes these under their query keys, decision 050), and the answers the screen at
 * `url` asks for first (`screenAnswers`: the client's requests for them are answered from the page,
 * decision 054). A page view is then its document alone, not rounds of requests after it. An
 * admin's is every contest (thousands, tens of ms): their page names the first four as fetch
 * preloads instead, and its document is not held up by them.
 */
export async function startingDataJson(
  ctx: AppContext,
  user: UserRow,
  url: string,
  log: FastifyBaseLogger,
): Promise<string | undefined> {
  if (user.isAdmin) return undefined;
  const [contests, season, users] = await Promise.all([
    listContests(ctx, user),
    seasonInfo(ctx),
    listUsers(ctx, user),
  ]);
  const screen = (await Promise.all(screenAnswers(ctx, user, url, contests, season, log))).flat();
  const answers: Record<(typeof STARTING_DATA_PATHS)[number], string> = {
    "/api/auth/user": toUserJson(user),
    "/api/contests": JSON.stringify(contests),
    "/api/season": JSON.stringify(season),
    "/api/users": JSON.stringify(users),
  };
  const json = `{${[...STARTING_DATA_PATHS.map((path) => [path, answers[path]] as const), ...screen]
    .map(([path, answer]) => `${JSON.stringify(path)}:${answer}`)
    .join(",")}}`;
  // Written into an HTML script element: no text of a user's (a contest's name) may close it.
  return json.replace(/</g, "\\u003c");
}
