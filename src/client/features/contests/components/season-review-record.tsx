import type { SeasonReview } from "@/contracts/season-review";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/client/components/ui/table";
import { cn } from "@/client/lib/utils";
import { countsText, signedMoney, teamRecordText } from "@/domain/season-review-text";

type Team = SeasonReview["teams"]["player1"]["rode"];
const PLAYERS = ["player1", "player2"] as const;

function TeamCell({ count }: { count: Team }) {
  if (!count) return <span className="text-muted-foreground">No spread picks</span>;
  return (
    <>
      <span className="block">{count.name}</span>
      <span className="block text-xs font-normal text-muted-foreground">{teamRecordText(count)}</span>
    </>
  );
}

const toneOf = (amount: number) =>
  amount > 0 ? "text-green-700 dark:text-green-400" : amount < 0 ? "text-red-700 dark:text-red-400" : "";

/** Both players side by side: weeks, picks, money, and the team each rode and faded most. */
export function SeasonReviewRecord({ review }: { review: SeasonReview }) {
  const rows: {
    label: string;
    cell: (player: (typeof PLAYERS)[number]) => React.ReactNode;
    tone?: boolean;
  }[] = [
    { label: "Weeks won–lost–pushed", cell: (player) => countsText(review.record[player].weeks) },
    { label: "Picks won–lost", cell: (player) => countsText(review.record[player].picks) },
    ...(review.isFree
      ? []
      : [
          {
            label: "Money",
            cell: (player: (typeof PLAYERS)[number]) => signedMoney(review.money[player]),
            tone: true,
          },
        ]),
    { label: "Rode most", cell: (player) => <TeamCell count={review.teams[player].rode} /> },
    { label: "Faded most", cell: (player) => <TeamCell count={review.teams[player].faded} /> },
  ];
  return (
    <Table aria-label="The record">
      <TableHeader>
        <TableRow>
          <TableHead>
            <span className="sr-only">Figure</span>
          </TableHead>
          {PLAYERS.map((player) => (
            <TableHead key={player} className="whitespace-normal wrap-anywhere">
              {review.players[player].name}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.label}>
            <TableHead scope="row" className="whitespace-normal font-normal text-muted-foreground">
              {row.label}
            </TableHead>
            {PLAYERS.map((player) => (
              <TableCell
                key={player}
                className={cn(
                  "whitespace-normal font-medium tabular-nums",
                  row.tone && toneOf(review.money[player]),
                )}
              >
                {row.cell(player)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
