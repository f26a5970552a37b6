import type { TurnInfo } from "@/contracts/turn";
import { weekLabel, weekPhraseStart } from "@/client/lib/week-names";

/**
 * A contest card's "Next pick due" (docs/rules.md, "Next pick due"), pure: the time by which the week's next
 * pick must be made. Before the hand-over it is the first picker's deadline (Thursday 4:00 PM Pacific, "Thu
 * 4pm PT" on a card in that zone) while they still have picks of their own to make; else the next kickoff of
 * a game still open to picks, since picks lock at kickoff. Whichever comes first.
 */
export function nextPickDue(turn: TurnInfo, player1Id: string, now: Date): Date | "complete" | "closed" {
  if (turn.player1Left === 0 && turn.player2Left === 0) return "complete";
  const kickoffs = turn.openKickoffs.map((iso) => new Date(iso)).filter((kickoff) => kickoff > now);
  if (kickoffs.length === 0) return "closed";
  const kickoff = new Date(Math.min(...kickoffs.map((date) => date.getTime())));
  const firstLeft = turn.firstPickerId === player1Id ? turn.player1BaseLeft : turn.player2BaseLeft;
  const handOver = turn.deadline ? new Date(turn.deadline) : null;
  const holding = turn.firstPickerId !== null && firstLeft > 0 && handOver !== null && handOver > now;
  return holding && handOver < kickoff ? handOver : kickoff;
}

/**
 * Its text: on cards "Thu 4pm PT", "Sun 1:25pm ET" (the cards' wording), on Make Picks "Thu 4:00
 * PM PT" (the picks page's); "All week 12 picks are in" and "Week 12 is closed to picks" when no
 * pick is due ("All Wild Card picks are in", "The Wild Card round is closed to picks").
 */
export function nextPickDueText(
  due: Date | "complete" | "closed",
  week: number,
  style: "card" | "page" = "card",
): string {
  if (due === "complete") return `All ${weekLabel(week, true)} picks are in`;
  if (due === "closed") return `${weekPhraseStart(week)} is closed to picks`;
  const hours = due.getHours();
  const minutes = String(due.getMinutes()).padStart(2, "0");
  const weekday = due.toLocaleDateString("en-US", { weekday: "short" });
  const hour = hours % 12 || 12;
  const time =
    style === "page"
      ? `${hour}:${minutes} ${hours < 12 ? "AM" : "PM"}`
      : `${hour}${minutes === "00" ? "" : `:${minutes}`}${hours < 12 ? "am" : "pm"}`;
  return `${weekday} ${time} ${compactZone(due)}`;
}

/** "PT", "ET" where the zone has such a name, else its short name ("UTC", "GMT+1", "MST"). */
function compactZone(date: Date): string {
  const name = (style: "shortGeneric" | "short") =>
    new Intl.DateTimeFormat("en-US", { timeZoneName: style })
      .formatToParts(date)
      .find((part) => part.type === "timeZoneName")?.value ?? "";
  const generic = name("shortGeneric");
  return /^[A-Z]{2,4}$/.test(generic) ? generic : name("short");
}
