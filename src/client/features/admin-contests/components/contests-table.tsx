import { BarChart3, MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import type { Contest } from "@/contracts/contests";
import { Button } from "@/client/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import { ListTable } from "@/client/components/list-table";
import { TableCell, TableRow } from "@/client/components/ui/table";
import { formatBet, formatDate, shortId } from "@/client/lib/format";
import type { ContestPlayers } from "../contests";
import { ContestStatusBadge } from "./contest-status-badge";
import { ContestProgressText } from "@/client/components/contest-progress-text";

const COLUMNS = ["Contest Name", "Players", "Status", "Week", "Bet Amount", "Created", "Actions"] as const;

export interface ContestActions {
  onEdit(contest: Contest): void;
  onViewResults(contest: Contest): void;
  onDelete(contest: Contest): void;
}

function ContestRow({
  contest,
  players,
  actions,
}: {
  contest: Contest;
  players: ContestPlayers;
  actions: ContestActions;
}) {
  return (
    <TableRow>
      <TableCell>
        <div className="max-w-48 truncate font-medium" title={contest.name}>
          {contest.name}
        </div>
        <div className="font-mono text-xs text-muted-foreground">{shortId(contest.id)}</div>
      </TableCell>
      <TableCell className="min-w-44 whitespace-normal">
        {players.player1} <span className="text-muted-foreground">vs</span> {players.player2}
      </TableCell>
      <TableCell>
        <ContestStatusBadge status={contest.status} />
      </TableCell>
      <TableCell>
        <ContestProgressText contest={contest} />
      </TableCell>
      <TableCell className="tabular-nums">{formatBet(contest)}</TableCell>
      <TableCell className="text-muted-foreground">{formatDate(contest.createdAt)}</TableCell>
      <TableCell className="sticky right-0 bg-card text-right">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Actions for ${contest.name}`}>
              <MoreHorizontal />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => actions.onEdit(contest)}>
              <Pencil /> Edit Contest
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => actions.onViewResults(contest)}>
              <BarChart3 /> View Results
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => actions.onDelete(contest)}>
              <Trash2 /> Delete Contest
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </TableCell>
    </TableRow>
  );
}

export function ContestsTable({
  contests,
  playersOf,
  isLoading,
  error,
  searching,
  actions,
}: {
  contests: Contest[];
  playersOf(contest: Contest): ContestPlayers;
  isLoading: boolean;
  error: string | null;
  searching: boolean;
  actions: ContestActions;
}) {
  return (
    <ListTable
      label="Contests"
      columns={COLUMNS}
      isLoading={isLoading}
      error={error}
      emptyText={searching ? "No contests match your search." : "No contests found."}
    >
      {contests.map((contest) => (
        <ContestRow key={contest.id} contest={contest} players={playersOf(contest)} actions={actions} />
      ))}
    </ListTable>
  );
}
