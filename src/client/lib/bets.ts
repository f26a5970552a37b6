import { z } from "zod";
import { betAmount, DEFAULT_PROPOSAL_AMOUNT, type BetChange } from "@/contracts/bets";
import { weekPhrase } from "@/client/lib/week-names";

/** "$40/week" or "Free": an amount as the bet badges show it. */
export const amountText = (amount: number) => (amount === 0 ? "Free" : `$${amount}/week`);

/** "$40/week from week 3", "Free from week 5", "$40/week from the Wild Card round". */
export const changeText = (change: Pick<BetChange, "newAmount" | "fromWeek">) =>
  `${amountText(change.newAmount)} from ${weekPhrase(change.fromWeek, true)}`;

/** The proposal of a contest still waiting for an answer, if any (the server keeps one at a time). */
export const pendingChange = (changes: readonly BetChange[] | undefined) =>
  changes?.find((change) => change.status === "proposed");

const weekMessage = (from: number, to: number) => `Week must be between ${from} and ${to}`;

/** The Propose Bet Amount Change form: a week from the contest's current week to its last, an amount in $5 steps. */
export function proposalForm(currentWeek: number, totalWeeks: number) {
  return z.object({
    week: z
      .number({ error: weekMessage(currentWeek, totalWeeks) })
      .int(weekMessage(currentWeek, totalWeeks))
      .min(currentWeek, weekMessage(currentWeek, totalWeeks))
      .max(totalWeeks, weekMessage(currentWeek, totalWeeks)),
    newAmount: betAmount,
  });
}
export type ProposalForm = z.input<ReturnType<typeof proposalForm>>;

/** The proposal starts at $25, its week at the contest's current week (the earliest allowed). */
/** A proposal starts from the week on the clock and the amount in force (a free contest's: the default). */
export const proposalDefaults = (
  currentWeek: number,
  contest: { isFree: boolean; betAmount: number },
): ProposalForm => ({
  week: currentWeek,
  newAmount: contest.isFree || contest.betAmount === 0 ? DEFAULT_PROPOSAL_AMOUNT : contest.betAmount,
});

/** The inline editor (admins): Free, or an amount per week in $5 steps (checked only when paid). */
export const betEditorForm = z
  .object({ isFree: z.boolean(), amount: z.number().optional() })
  .superRefine((values, context) => {
    if (values.isFree) return;
    const amount = betAmount.safeParse(values.amount);
    if (amount.success) return;
    const message =
      values.amount === undefined ? "Amount per week is required" : amount.error.issues[0]!.message;
    context.addIssue({ code: "custom", path: ["amount"], message });
  });
export type BetEditorForm = z.input<typeof betEditorForm>;

/** A free contest's editor starts at $25 (shown once Free is switched off). */
export const betEditorDefaults = (contest: { isFree: boolean; betAmount: number }): BetEditorForm => {
  const free = contest.isFree || contest.betAmount === 0;
  return { isFree: free, amount: free ? DEFAULT_PROPOSAL_AMOUNT : contest.betAmount };
};

/** Who answers a proposal, by name; what the others see while it waits. */
export function waitingText(change: BetChange, viewerId: string | undefined, responderName: string) {
  if (viewerId === change.proposedBy) return `Waiting for ${responderName} to respond to your proposal.`;
  return `Waiting for ${responderName} to respond.`;
}

/** A number input's value: empty is "not given", so the schema can say what is missing. */
export const numberOrUndefined = (raw: string) => (raw.trim() === "" ? undefined : Number(raw));
