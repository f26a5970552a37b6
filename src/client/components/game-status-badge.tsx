import type { GameStatus } from "@/contracts/games";
import { Badge } from "@/client/components/ui/badge";
import { cn } from "@/client/lib/utils";

const looks: Record<GameStatus, { label: string; variant: "secondary" | "destructive" | "default" }> = {
  upcoming: { label: "Upcoming", variant: "secondary" },
  live: { label: "Live", variant: "destructive" },
  final: { label: "Final", variant: "default" },
};

/** SPEC.md section 4's badge colours: upcoming neutral, live alert, final default. */
export function GameStatusBadge({ status, className }: { status: GameStatus; className?: string }) {
  const { label, variant } = looks[status];
  return (
    <Badge variant={variant} className={cn(status === "upcoming" && "border-border", className)}>
      {status === "live" ? (
        <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden="true" />
      ) : null}
      {label}
    </Badge>
  );
}
