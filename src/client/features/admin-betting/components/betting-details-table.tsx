import { BarChart3, History, MoreHorizontal, Pencil } from "lucide-react";
import type { Contest } from "@/contracts/contests";
import { ContestStatusBadge } from "@/client/components/contest-card";
import { ListTable } from "@/client/components/list-table";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import { TableCell, TableRow } from "@/client/components/ui/table";
import { formatBet } from "@/client/lib/format";
import { betEditable, isFreeContest, type BettingPlayers } from "../betting";
import { ContestProgressText } from "@/client/components/contest-progress-text";

const COLUMNS = ["Contest", "Players", "Type", "Bet Amount", "Week", "Status", "Actions"] as const;

export interface BettingActions {
  onEdit(contest: Contest): void;
  onHistory(contest: Contest): void;
  onViewResults(contest: Contest): void;
}

/** "Betting Details": one row per contest with its type, bet, week and status. */
export function BettingDetailsTable({
  contests,
  playersOf,
  isLoading,
  error,
  searching,
  actions,
}: {
  contests: Contest[];
  playersOf(contest: Contest): BettingPlayers;
  isLoading: boolean;
  error: string | null;
  searching: boolean;
  actions: BettingActions;
}) {
  return (
    <ListTable
      label="Betting details"
      columns={COLUMNS}
      isLoading={isLoading}
      error={error}
      emptyText={searching ? "No contests match your search." : "No contests found."}
    >
      {contests.map((contest) => {
        const players = playersOf(contest);
        const free = isFreeContest(contest);
        return (
          <TableRow key={contest.id}>
            <TableCell>
              <div className="max-w-48 truncate font-medium" title={contest.name}>
                {contest.name}
              </div>
            </TableCell>
            <TableCell className="min-w-44 whitespace-normal">
              {players.player1} <span className="text-muted-foreground">vs</span> {players.player2}
            </TableCell>
            <TableCell>
              <Badge variant={free ? "secondary" : "outline"}>{free ? "Free" : "Paid"}</Badge>
            </TableCell>
            <TableCell className="tabular-nums">{formatBet(contest)}</TableCell>
            <TableCell className="whitespace-nowrap">
              <ContestProgressText contest={contest} />
            </TableCell>
            <TableCell>
              <ContestStatusBadge status={contest.status} />
            </TableCell>
            <TableCell className="sticky right-0 bg-card text-right">
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="ghost" size="icon" aria-label={`Betting actions for ${contest.name}`}>
                    <MoreHorizontal />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  {betEditable(contest) ? (
                    <DropdownMenuItem onSelect={() => actions.onEdit(contest)}>
                      <Pencil /> Edit Bet
                    </DropdownMenuItem>
                  ) : null}
                  <DropdownMenuItem onSelect={() => actions.onHistory(contest)}>
                    <History /> Betting History
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => actions.onViewResults(contest)}>
                    <BarChart3 /> View Results
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </TableCell>
          </TableRow>
        );
      })}
    </ListTable>
  );
}
