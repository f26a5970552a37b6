/**
 * The season in review's sentences, the same on the contest's page, the public share page and its
 * image: made from the figures of `seasonReview` and the two players' names.
 */
import { plural } from "./plural";
import { weekName } from "./postseason";
import type { Clincher, Player, PlayerRecord, ReviewStreak, ReviewWeek, TeamCount } from "./season-review";

export type ReviewNames = Record<Player, string>;

/** The clincher as the sentences read it (its kickoff a date or the API's string). */
type ClincherFacts = Omit<Clincher, "kickoff" | "lead">;

/** The figures the sentences read (the contract's answer has them too). */
export interface ReviewFacts {
  season: number;
  isFree: boolean;
  champion: Player | null;
  record: Record<Player, PlayerRecord>;
  money: Record<Player, number>;
}

/** "$1,250", "-$10". */
function dollars(amount: number): string {
  const whole = String(Math.abs(Math.round(amount))).replace(/\B(?=(\d{3})+$)/g, ",");
  return `${amount < 0 ? "-" : ""}$${whole}`;
}

/** "+$10", "-$10", "$0". */
export const signedMoney = (amount: number) => (amount > 0 ? `+${dollars(amount)}` : dollars(amount));

/** "4–3–1": won, lost, pushed; "8–8" without pushes. */
export const countsText = (counts: { won: number; lost: number; pushed?: number }) =>
  counts.pushed === undefined
    ? `${counts.won}–${counts.lost}`
    : `${counts.won}–${counts.lost}–${counts.pushed}`;

/** "Alice Smith vs Bob Brown: the 2025 season in review". */
export const reviewTitle = (names: ReviewNames, season: number) =>
  `${names.player1} vs ${names.player2}: the ${season} season in review`;

/** What the contest ran: "Week 18 of 2025", "Week 1 to Super Bowl, 2025". */
export const spanText = (season: number, startWeek: number, totalWeeks: number) =>
  startWeek === totalWeeks
    ? `${weekName(startWeek)} of ${season}`
    : `${weekName(startWeek)} to ${weekName(totalWeeks)}, ${season}`;

/** "Alice Smith wins, 9 correct picks to 7." or "A tie at 8 correct picks each." */
export function verdictText(facts: Pick<ReviewFacts, "champion" | "record">, names: ReviewNames): string {
  const { champion, record } = facts;
  if (!champion) return `A tie at ${plural(record.player1.picks.won, "correct pick")} each.`;
  const loser = champion === "player1" ? "player2" : "player1";
  return `${names[champion]} wins, ${plural(record[champion].picks.won, "correct pick")} to ${record[loser].picks.won}.`;
}

/** The verdict, the weeks and who owes whom, in a line (the share page's description). */
export function summaryText(facts: ReviewFacts, names: ReviewNames): string {
  const weeks = `Weeks won: ${names.player1} ${facts.record.player1.weeks.won}, ${names.player2} ${facts.record.player2.weeks.won}.`;
  const money = facts.money.player1;
  const owed =
    money > 0
      ? ` ${names.player2} owes ${names.player1} ${dollars(money)}.`
      : money < 0
        ? ` ${names.player1} owes ${names.player2} ${dollars(-money)}.`
        : facts.isFree
          ? ""
          : " Nobody owes anything.";
  return `${verdictText(facts, names)} ${weeks}${owed}`;
}

/** "Week 12: Alice Smith 4–0, $20" (the pot when there was one). */
export function bestWeekText(week: ReviewWeek | null, names: ReviewNames): string {
  if (!week) return "No week was won.";
  const pot = week.pot > 0 ? `, ${dollars(week.pot)}` : "";
  return `${weekName(week.week)}: ${names[week.player]} ${week.wins}–${week.otherWins}${pot}`;
}

/** "Alice Smith, 3 weeks (Week 2 to Week 4)", "Bob Brown, 1 week (Week 18)". */
export function streakText(streak: ReviewStreak | null, names: ReviewNames): string {
  if (!streak) return "No week was won.";
  const span =
    streak.fromWeek === streak.toWeek
      ? weekName(streak.fromWeek)
      : `${weekName(streak.fromWeek)} to ${weekName(streak.toWeek)}`;
  return `${names[streak.player]}, ${plural(streak.weeks, "week")} (${span})`;
}

/** "6 picks (4–2)"; "3 picks (1–1–1)" with a push. */
export function teamRecordText(count: TeamCount): string {
  const record =
    count.pushes > 0
      ? countsText({ won: count.wins, lost: count.losses, pushed: count.pushes })
      : countsText({ won: count.wins, lost: count.losses });
  return `${plural(count.picks, "pick")} (${record})`;
}

/** "DEN, 6 picks (4–2)". */
export const teamText = (count: TeamCount | null) =>
  count ? `${count.team}, ${teamRecordText(count)}` : "No spread picks";

/** "DEN -3.5 vs KC", "Over 44.5, KC at DEN": the clincher's pick and its game. */
export function clincherPickText(clincher: ClincherFacts): string {
  const line = clincher.line === null ? "" : ` ${clincher.line}`;
  if (clincher.market === "total")
    return `${clincher.choice}${line}, ${clincher.awayTeam} at ${clincher.homeTeam}`;
  const against = clincher.choice === clincher.homeTeam ? clincher.awayTeam : clincher.homeTeam;
  return clincher.choice === clincher.homeTeam || clincher.choice === clincher.awayTeam
    ? `${clincher.choice}${line} vs ${against}`
    : `${clincher.choice}${line}, ${clincher.awayTeam} at ${clincher.homeTeam}`;
}

/** "Week 18: DEN -3.5 vs KC, a lock. Alice Smith led for good from then on." */
export function clincherText(clincher: ClincherFacts | null, names: ReviewNames): string {
  if (!clincher) return "None: the season ended level.";
  const lock = clincher.isLock ? ", a lock" : "";
  return `${weekName(clincher.week)}: ${clincherPickText(clincher)}${lock}. ${names[clincher.player]} led for good from then on.`;
}
