import type { ContestStatus } from "@/contracts/contests";
import { Badge } from "@/client/components/ui/badge";
import { cn } from "@/client/lib/utils";

// A contest's status colours: active green, completed blue, pending yellow, anything else plain.
const tones: Partial<Record<ContestStatus, string>> = {
  active: "border-transparent bg-green-100 text-green-800 dark:bg-green-500/15 dark:text-green-300",
  completed: "border-transparent bg-blue-100 text-blue-800 dark:bg-blue-500/15 dark:text-blue-300",
  pending: "border-transparent bg-yellow-100 text-yellow-800 dark:bg-yellow-500/15 dark:text-yellow-300",
};

export function ContestStatusBadge({ status }: { status: ContestStatus }) {
  return (
    <Badge variant="outline" className={cn("capitalize", tones[status])}>
      {status}
    </Badge>
  );
}
