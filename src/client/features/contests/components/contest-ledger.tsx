import { HandCoins } from "lucide-react";
import type { WeeklyResult } from "@/contracts/picks";
import { SeparatedText } from "@/client/components/separated-text";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/client/components/ui/table";
import { formatDollars } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";
import { weekName } from "@/domain/postseason";
import {
  balanceText,
  buildLedger,
  ledgerSummary,
  rolledInText,
  weeksWonText,
  wonByText,
  type Ledger,
  type PlayerNames,
} from "../ledger";

function LedgerTable({ ledger, names, lastWeek }: { ledger: Ledger; names: PlayerNames; lastWeek: number }) {
  return (
    <Table aria-label="Settled weeks">
      <TableHeader>
        <TableRow>
          <TableHead className={cn("pl-0", ledger.free && "w-32")}>Week</TableHead>
          {ledger.free ? null : <TableHead className="text-right">Pot</TableHead>}
          <TableHead>Won by</TableHead>
          {ledger.free ? null : <TableHead className="pr-0 text-right">Balance</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {ledger.weeks.map((row) => (
          <TableRow key={row.week}>
            <TableCell className="pl-0 font-medium">{weekName(row.week)}</TableCell>
            {ledger.free ? null : (
              <TableCell className="text-right whitespace-normal tabular-nums">
                {formatDollars(row.pot)}
                {row.rolledIn ? (
                  <span className="block text-xs text-muted-foreground">({rolledInText(row.rolledIn)})</span>
                ) : null}
              </TableCell>
            )}
            <TableCell
              className={cn(
                "whitespace-normal",
                (row.winner === "tie" || row.winner === "no-picks") && "text-muted-foreground",
              )}
            >
              <SeparatedText text={wonByText(row, names, lastWeek)} />
            </TableCell>
            {ledger.free ? null : (
              <TableCell className="pr-0 text-right whitespace-normal tabular-nums">
                {balanceText(row.balance, names)}
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * "Ledger": the settled weeks' pots, who took each (or Push, and where its pot rolled), the running
 * balance, and who owes whom. A free contest shows the weeks won only.
 */
export function ContestLedger({
  results,
  isLoading,
  contestIsFree,
  lastWeek,
  names,
  className,
}: {
  results: WeeklyResult[];
  isLoading: boolean;
  contestIsFree: boolean;
  /** The contest's last NFL week: a pot no one won there is left unclaimed. */
  lastWeek: number;
  names: PlayerNames;
  className?: string;
}) {
  const ledger = buildLedger(results, contestIsFree);
  const summary = ledgerSummary(ledger, names);
  const settled = ledger.weeks.length > 0;
  return (
    <Card className={cn("gap-4", className)} role="region" aria-labelledby="section-ledger">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <HandCoins className="size-5 text-primary" aria-hidden="true" />
          <h2 id="section-ledger">Ledger</h2>
        </CardTitle>
        <CardDescription>Head to head, week by week: who took each pot.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {isLoading ? (
          <div className="space-y-2" aria-busy="true" role="status" aria-label="Loading ledger">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : (
          <>
            <div className="rounded-lg border bg-muted/40 px-4 py-3" data-testid="ledger-summary">
              <p className="text-lg font-semibold">{summary}</p>
              <p className="mt-0.5 text-sm text-muted-foreground">
                {settled ? (
                  <SeparatedText
                    text={`${weeksWonText(ledger.weeksWon, names)} (${ledger.weeks.length} settled ${ledger.weeks.length === 1 ? "week" : "weeks"})`}
                  />
                ) : (
                  "No week is settled yet: the ledger fills in as weeks are settled."
                )}
              </p>
            </div>
            {settled ? <LedgerTable ledger={ledger} names={names} lastWeek={lastWeek} /> : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
