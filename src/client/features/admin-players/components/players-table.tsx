import { useState } from "react";
import { Activity, KeyRound, Mail, MoreHorizontal, UserCog } from "lucide-react";
import type { ListedUser } from "@/contracts/users";
import { Avatar, AvatarFallback } from "@/client/components/ui/avatar";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import { ListTable } from "@/client/components/list-table";
import { TableCell, TableRow } from "@/client/components/ui/table";
import { formatDate, shortId } from "@/client/lib/format";
import { displayName, initials } from "@/client/lib/queries/users";
import { contestsLabel } from "../players";
import { PlayerActivityDialog } from "./player-activity-dialog";
import { ResetLinkDialog } from "./reset-link-dialog";
import { SendEmailDialog } from "./send-email-dialog";

const COLUMNS = ["Player", "Email", "Role", "Contests", "Last Active", "Actions"] as const;

export function RoleBadge({ isAdmin }: { isAdmin: boolean }) {
  return isAdmin ? <Badge>Admin</Badge> : <Badge variant="secondary">Player</Badge>;
}

function PlayerRow({
  player,
  onManage,
  onSendEmail,
  onViewActivity,
  onMakeResetLink,
}: {
  player: ListedUser;
  onManage(player: ListedUser): void;
  onSendEmail(player: ListedUser): void;
  onViewActivity(player: ListedUser): void;
  onMakeResetLink(player: ListedUser): void;
}) {
  const name = displayName(player);
  return (
    <TableRow>
      <TableCell>
        <div className="flex items-center gap-3">
          <Avatar className="size-9">
            <AvatarFallback className="bg-primary/10 text-xs font-semibold text-primary">
              {initials(name)}
            </AvatarFallback>
          </Avatar>
          <div className="min-w-0">
            <div className="font-medium">{name}</div>
            <div className="font-mono text-xs text-muted-foreground">{shortId(player.id)}</div>
          </div>
        </div>
      </TableCell>
      <TableCell className="text-muted-foreground">{player.email}</TableCell>
      <TableCell>
        <RoleBadge isAdmin={player.isAdmin} />
      </TableCell>
      <TableCell>{contestsLabel(player.contestsCount)}</TableCell>
      <TableCell className="text-muted-foreground">{formatDate(player.createdAt)}</TableCell>
      <TableCell className="sticky right-0 bg-card text-right">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
              <MoreHorizontal />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => onManage(player)}>
              <UserCog /> Manage Player
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onSendEmail(player)}>
              <Mail /> Send Email
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onViewActivity(player)}>
              <Activity /> View Activity
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onMakeResetLink(player)}>
              <KeyRound /> Make a Reset Link
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </TableCell>
    </TableRow>
  );
}

export function PlayersTable({
  players,
  isLoading,
  error,
  searching,
  onManage,
}: {
  players: ListedUser[];
  isLoading: boolean;
  error: string | null;
  searching: boolean;
  onManage(player: ListedUser): void;
}) {
  const [activityOf, setActivityOf] = useState<ListedUser>();
  const [activityOpen, setActivityOpen] = useState(false);
  const viewActivity = (player: ListedUser) => {
    setActivityOf(player);
    setActivityOpen(true);
  };
  const [emailTo, setEmailTo] = useState<ListedUser>();
  const [emailOpen, setEmailOpen] = useState(false);
  const sendEmail = (player: ListedUser) => {
    setEmailTo(player);
    setEmailOpen(true);
  };
  const [resetLinkOf, setResetLinkOf] = useState<ListedUser>();
  const [resetLinkOpen, setResetLinkOpen] = useState(false);
  const makeResetLink = (player: ListedUser) => {
    setResetLinkOf(player);
    setResetLinkOpen(true);
  };
  return (
    <>
      <ListTable
        label="Players"
        columns={COLUMNS}
        isLoading={isLoading}
        error={error}
        emptyText={searching ? "No players match your search." : "No players found."}
      >
        {players.map((player) => (
          <PlayerRow
            key={player.id}
            player={player}
            onManage={onManage}
            onSendEmail={sendEmail}
            onViewActivity={viewActivity}
            onMakeResetLink={makeResetLink}
          />
        ))}
      </ListTable>
      <PlayerActivityDialog player={activityOf} open={activityOpen} onOpenChange={setActivityOpen} />
      <SendEmailDialog player={emailTo} open={emailOpen} onOpenChange={setEmailOpen} />
      <ResetLinkDialog player={resetLinkOf} open={resetLinkOpen} onOpenChange={setResetLinkOpen} />
    </>
  );
}
