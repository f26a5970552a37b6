import { Crown, HandCoins, Trophy } from "lucide-react";
import type { ContestStanding } from "@/contracts/picks";
import { Avatar, AvatarFallback } from "@/client/components/ui/avatar";
import { formatDollars } from "@/client/lib/format";
import { initials } from "@/client/lib/queries/users";
import { cn } from "@/client/lib/utils";
import { formatSignedDollars, leaders, settlement, type Side } from "../standings";
import { SectionCard } from "./section-card";
import { moneyTone } from "./verdict";

/** Both players ranked by correct picks, with their money and who owes whom. */
export function ContestLeadersCard({
  standing,
  names,
  you,
  isFree,
  className,
}: {
  standing: ContestStanding;
  names: Record<Side, string>;
  /** The viewer's seat, when they play in the contest. */
  you: Side | null;
  isFree: boolean;
  className?: string;
}) {
  const rows = leaders(standing, names);
  const debt = settlement(standing, names);
  return (
    <SectionCard title="Contest Leaders" icon={Trophy} className={className}>
      <ol className="space-y-2" aria-label="Contest leaders">
        {rows.map((row) => (
          <li
            key={row.side}
            aria-label={row.name}
            className={cn(
              "flex items-center gap-3 rounded-lg border p-3",
              row.rank === 1 && row.wins > 0 && "border-primary/40 bg-primary/5",
            )}
          >
            <span className="w-5 shrink-0 text-center text-sm font-semibold text-muted-foreground">
              {row.rank}
            </span>
            <Avatar className="size-9">
              <AvatarFallback className="bg-primary/10 text-sm font-semibold text-primary">
                {initials(row.name)}
              </AvatarFallback>
            </Avatar>
            <div className="min-w-0 flex-1">
              {/* A long name wraps: the card is a narrow column beside the charts. */}
              <p className="flex flex-wrap items-center gap-x-1.5 font-medium">
                <span className="min-w-0 wrap-break-word">{row.name}</span>
                {row.side === you ? (
                  <span className="shrink-0 text-sm font-normal text-muted-foreground">(You)</span>
                ) : null}
                {row.rank === 1 && row.wins > 0 ? (
                  <Crown className="size-4 shrink-0 text-amber-500" aria-label="Leader" />
                ) : null}
              </p>
              <p className="text-xs text-muted-foreground">
                {row.wins} correct · {row.losses} incorrect
              </p>
            </div>
            {isFree ? null : (
              <span className={cn("shrink-0 font-semibold tabular-nums", moneyTone(row.runningTotal))}>
                {formatSignedDollars(row.runningTotal)}
              </span>
            )}
          </li>
        ))}
      </ol>
      <p className="mt-4 flex items-start gap-2 text-sm text-muted-foreground">
        <HandCoins className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {isFree
            ? "A free contest: no money changes hands."
            : debt
              ? `${debt.debtor} owes ${debt.creditor} ${formatDollars(debt.amount)}.`
              : "All square: nobody owes anything yet."}
        </span>
      </p>
    </SectionCard>
  );
}
