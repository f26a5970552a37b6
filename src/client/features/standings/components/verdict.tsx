import { CheckCircle2, CircleDashed, Clock, MinusCircle, XCircle, type LucideIcon } from "lucide-react";
import { cn } from "@/client/lib/utils";
import type { WeeklyResult } from "@/contracts/picks";
import { verdictNote, type WeekVerdict } from "../standings";

const verdicts: Record<WeekVerdict, { label: string; icon: LucideIcon; className: string }> = {
  won: { label: "Won", icon: CheckCircle2, className: "text-green-700 dark:text-green-400" },
  lost: { label: "Lost", icon: XCircle, className: "text-red-700 dark:text-red-400" },
  push: { label: "Push", icon: MinusCircle, className: "text-amber-700 dark:text-amber-400" },
  "no-picks": { label: "No picks made", icon: CircleDashed, className: "text-muted-foreground" },
  "in-progress": { label: "In Progress", icon: Clock, className: "text-muted-foreground" },
};

export const verdictLabel = (verdict: WeekVerdict) => verdicts[verdict].label;

/** A week's outcome for one player, as an icon and a word (the word is never left to the colour). */
export function Verdict({ verdict, className }: { verdict: WeekVerdict; className?: string }) {
  const { label, icon: Icon, className: tone } = verdicts[verdict];
  return (
    <span className={cn("inline-flex items-center gap-1.5 font-medium whitespace-nowrap", tone, className)}>
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {label}
    </span>
  );
}

/** "on the tiebreaker", under the verdict of a week the tiebreaker decided; nothing otherwise. */
export function VerdictNote({ result }: { result: Pick<WeeklyResult, "tiebreakWinner"> }) {
  const note = verdictNote(result);
  return note ? <span className="block text-xs font-normal text-muted-foreground">{note}</span> : null;
}

/** Money won or lost: green when up, red when down. */
export function moneyTone(amount: number) {
  return amount > 0
    ? "text-green-700 dark:text-green-400"
    : amount < 0
      ? "text-red-700 dark:text-red-400"
      : "text-muted-foreground";
}
