import type { ReactNode } from "react";
import { Trophy } from "lucide-react";
import type { Contest } from "@/contracts/contests";
import { ContestStatusBadge } from "@/client/components/contest-card";
import { ContestProgressText } from "@/client/components/contest-progress-text";
import { Avatar, AvatarFallback } from "@/client/components/ui/avatar";
import { formatBet } from "@/client/lib/format";
import { initials } from "@/client/lib/queries/users";
import { DetailsSection } from "./details-section";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg border bg-muted/40 px-3 py-2 sm:block sm:py-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold sm:mt-1">{children}</dd>
    </div>
  );
}

function PlayerRow({
  label,
  name,
  email,
  you,
}: {
  label: string;
  name: string;
  email?: string;
  you: boolean;
}) {
  return (
    <li className="flex items-center gap-3 rounded-lg border p-3">
      <Avatar className="size-10">
        <AvatarFallback className="bg-primary/10 font-semibold text-primary">{initials(name)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{label}</p>
        <p className="truncate font-medium">
          {name}
          {you ? <span className="ml-1 text-sm font-normal text-muted-foreground">(You)</span> : null}
        </p>
        {email && email !== name ? <p className="truncate text-xs text-muted-foreground">{email}</p> : null}
      </div>
    </li>
  );
}

interface OverviewPlayer {
  name: string;
  email: string | undefined;
  /** The viewer is this player (player 2 also by the invited e-mail). */
  you: boolean;
}

/** "Overview": the contest's status, progress and bet, and its two players. */
export function ContestOverview({
  contest,
  player1,
  player2,
}: {
  contest: Contest;
  player1: OverviewPlayer;
  player2: OverviewPlayer;
}) {
  return (
    <DetailsSection title="Overview" icon={Trophy} className="lg:col-span-2">
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-3">
        <Fact label="Status">
          <ContestStatusBadge status={contest.status} uppercase />
        </Fact>
        <Fact label="Progress">
          <ContestProgressText contest={contest} />
        </Fact>
        <Fact label="Bet">{formatBet(contest)}</Fact>
      </dl>
      <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Players">
        <PlayerRow label="Player 1" {...player1} />
        <PlayerRow label="Player 2" {...player2} />
      </ul>
    </DetailsSection>
  );
}
