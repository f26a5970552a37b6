import { useState } from "react";
import { ChevronDown, History } from "lucide-react";
import type { Game } from "@/contracts/games";
import { GameHeading } from "@/client/components/game-heading";
import { Card } from "@/client/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/client/components/ui/collapsible";
import { Skeleton } from "@/client/components/ui/skeleton";
import { formatSpread, formatTotal } from "@/client/lib/games";
import { cn } from "@/client/lib/utils";
import { LineHistoryPanel } from "./line-history-panel";

function Line({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="min-w-0 rounded-lg bg-muted/60 px-3 py-2">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd
        className={cn("mt-0.5 text-sm font-semibold", value === null && "font-normal text-muted-foreground")}
      >
        {value === null
          ? "No line"
          : // Break only between the two sides: "PHI -8.5 / DAL +8.5".
            value.split(" / ").map((side, index) => (
              <span key={side}>
                {index > 0 ? " / " : null}
                <span className="whitespace-nowrap">{side}</span>
              </span>
            ))}
      </dd>
    </div>
  );
}

/**
 * One game, read-only: "away @ home", kickoff in the viewer's zone, status, scores once under way,
 * the lines, and where the line went (fetched when opened).
 */
export function GameLineCard({ game }: { game: Game }) {
  const matchup = `${game.awayTeam} @ ${game.homeTeam}`;
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <Card role="article" aria-label={matchup} className="gap-3 px-4 py-4">
      <GameHeading game={game} />

      <dl className="grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)] gap-2">
        <Line label="Spread" value={formatSpread(game)} />
        <Line label="Over/Under" value={formatTotal(game)} />
      </dl>

      <Collapsible open={historyOpen} onOpenChange={setHistoryOpen}>
        <CollapsibleTrigger className="-mx-1 flex items-center gap-1.5 rounded-sm px-1 text-xs font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <History className="size-3.5" aria-hidden="true" />
          Line history
          <ChevronDown
            className={cn("size-3.5 transition-transform", historyOpen && "rotate-180")}
            aria-hidden="true"
          />
        </CollapsibleTrigger>
        <CollapsibleContent className="mt-3 border-t pt-3">
          <LineHistoryPanel game={game} />
        </CollapsibleContent>
      </Collapsible>
    </Card>
  );
}

export function GameLineCardSkeleton() {
  return (
    <Card className="gap-3 px-4 py-4" aria-hidden="true">
      <div className="flex justify-between">
        <div className="space-y-2">
          <Skeleton className="h-5 w-28" />
          <Skeleton className="h-4 w-40" />
        </div>
        <Skeleton className="h-5 w-16" />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    </Card>
  );
}
