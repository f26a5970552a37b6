// The rivalry page (docs/rules.md, "The rivalry"): the two players of a contest across every contest
// they have played each other, and each one's tendencies. A few statements whatever the number of
// contests: their ids, their results data (one statement for those not in memory), their graded picks.
import { rivalryRecord, type RivalryContestInput, type Side } from "@/domain/rivalry";
import { tendenciesOf, type TendencyPick } from "@/domain/tendencies";
import type { Rivalry } from "@/contracts/rivalry";
import type { AppContext } from "../context";
import { conflict, notFound } from "../errors";
import { gradedPicksOf, rivalryContestIds } from "../repositories/rivalry.repository";
import type { UserRow } from "../repositories/users.repository";
import { contestsData } from "./contest-data.service";
import { contestWeek, isPlayer, NOT_FOUND } from "./contests.service";
import { contestOutcomes, standingOf, weekClockNow } from "./results.service";
import { currentSeasonWeek } from "./season.service";

export const NO_OPPONENT_YET = "The invitation has not been accepted yet: there is no rivalry to show.";

/** GET /api/contests/{id}/rivalry: for its two players and the admins; 404 to anyone else. */
export async function getRivalry(ctx: AppContext, user: UserRow, contestId: string): Promise<Rivalry> {
  const [[data], now] = await Promise.all([contestsData(ctx, [contestId]), currentSeasonWeek(ctx)]);
  if (!data || !(user.isAdmin || isPlayer(data.contest, user))) throw notFound(NOT_FOUND);
  const { player1Id, player2Id } = data.contest;
  if (!player2Id) throw conflict(NO_OPPONENT_YET);
  const viewerPlays = user.id === player1Id || user.id === player2Id;
  const youId = viewerPlays ? user.id : player1Id;
  const opponentId = youId === player1Id ? player2Id : player1Id;

  const ids = await rivalryContestIds(ctx.db, youId, opponentId);
  const [all, picks] = await Promise.all([contestsData(ctx, ids), gradedPicksOf(ctx.db, ids)]);
  const clock = await weekClockNow(
    ctx,
    now,
    all.map(({ contest }) => contest.season),
  );
  const side = (userId: string | null): Side => (userId === youId ? "you" : "opponent");
  const contests: RivalryContestInput[] = all.map((one) => {
    const { contest } = one;
    const outcomes = contestOutcomes(one, contestWeek(contest, now), clock);
    const standing = standingOf(contest, one.tallies, outcomes, one.locks);
    const youAre = contest.player1Id === youId ? "player1" : "player2";
    const theyAre = youAre === "player1" ? "player2" : "player1";
    return {
      id: contest.id,
      name: contest.name,
      season: contest.season,
      status: contest.status === "completed" ? "completed" : "active",
      you: youAre,
      winner: contest.winnerId ? side(contest.winnerId) : null,
      outcomes,
      picks: { you: standing[youAre], opponent: standing[theyAre] },
    };
  });

  const toPick = (row: (typeof picks)[number]): TendencyPick => ({
    market: row.market,
    side: row.side,
    lineSpread: row.lineSpread === null ? null : Number(row.lineSpread),
    lineFavorite: row.lineFavorite,
    result: row.result as TendencyPick["result"],
    homeTeam: row.homeTeam,
    awayTeam: row.awayTeam,
    kickoff: row.kickoff,
  });
  const of = (userId: string, onlyThis: boolean) =>
    tendenciesOf(
      picks.filter((row) => row.userId === userId && (!onlyThis || row.contestId === contestId)).map(toPick),
    );
  return {
    contestId,
    youId,
    opponentId,
    viewerPlays,
    ...rivalryRecord(contests),
    tendencies: {
      contest: { you: of(youId, true), opponent: of(opponentId, true) },
      allTime: { you: of(youId, false), opponent: of(opponentId, false) },
    },
  };
}
