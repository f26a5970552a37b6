// A reminder's e-mail and push message (reminders.service.ts plans and sends them).
import { weekInText, weekLabel } from "@/domain/postseason";
import { rulesInWeek } from "@/domain/contest-rules";
import { plural } from "@/domain/plural";
import { durationText, type ReminderNeed } from "@/domain/reminders";
import { weekAllowance } from "@/domain/rounds";
import type { AppContext } from "../context";
import type * as picksRepo from "../repositories/picks.repository";
import type { UserRow } from "../repositories/users.repository";
import { weekTurn } from "./contest-week.service";
import { pacific, publicUrl } from "./notice-texts";
import { unsubscribeHeaders } from "./unsubscribe";

/**
 * The reminder's e-mail and push message: what is left to pick (or the tiebreaker guess still
 * owed), by when, and the way to stop them.
 */
export function reminderNotice(
  ctx: AppContext,
  input: {
    state: picksRepo.PickingState;
    need: ReminderNeed;
    player: UserRow;
    week: number;
    now: Date;
    stop: string;
  },
) {
  const { state, need, week, player } = input;
  const { contest } = state;
  const { base, rounds, players, turn } = weekTurn(state, week);
  const allowance = players ? weekAllowance(rounds, players, need.userId) : 0;
  const left = Math.max(allowance - base(need.userId), 0);
  const picksNow = turn?.userId === need.userId ? turn.left : left;
  const inTime = durationText(
    Math.max(Math.round((need.deadline.getTime() - input.now.getTime()) / 60_000), 1),
  );
  const path = `/picks?contestId=${contest.id}&week=${week}`;
  const link = `${publicUrl(ctx.env)}${path}`;
  const { stop } = input;
  const guess = need.about === "tiebreak";
  const owesGuess = !guess && rulesInWeek(contest, week).tiebreaker && !state.guessedBy.includes(need.userId);
  const title = guess ? `Make your tiebreaker guess: ${contest.name}` : `Make your picks: ${contest.name}`;
  const summary = guess
    ? `your tiebreaker guess to make for ${weekInText(week)} (the total points of its last game), due in ${inTime} (${pacific(need.deadline)}).`
    : `${plural(picksNow, "pick")} to make for ${weekInText(week)}, due in ${inTime} (${pacific(need.deadline)}).` +
      (owesGuess ? " Your tiebreaker guess is still to make too." : "");
  const subject = guess
    ? `Reminder: your ${weekLabel(week)} tiebreaker guess in “${contest.name}” is due in ${inTime}`
    : `Reminder: your ${weekLabel(week)} picks in “${contest.name}” are due in ${inTime}`;
  return {
    kind: "reminder" as const,
    to: { id: player.id, email: player.email },
    email: {
      subject,
      text:
        `Hi ${player.firstName},\n\nYou have ${summary}\n\n${link}\n\n` +
        `You get this reminder ${inTime} before your deadline. To stop reminder e-mails: ${stop}\n\nFootball Pool`,
      headers: unsubscribeHeaders(stop),
    },
    push: {
      title,
      body: `You have ${summary}`,
      url: path,
      tag: `reminder-${contest.id}-${week}${guess ? "-tiebreak" : ""}`,
    },
  };
}
