import { Lock } from "lucide-react";
import { Badge } from "@/client/components/ui/badge";
import { LOCK_MEANING } from "@/client/lib/lock-of-the-week";
import { cn } from "@/client/lib/utils";

/** "Lock": a pick its player made their lock of the week; a screen reader hears what it means. */
export function LockBadge({ className }: { className?: string }) {
  return (
    <Badge
      variant="outline"
      title={LOCK_MEANING}
      data-testid="lock-badge"
      className={cn(
        "border-amber-600/40 bg-amber-500/10 text-amber-900 dark:border-amber-400/40 dark:text-amber-200",
        className,
      )}
    >
      <Lock aria-hidden="true" />
      Lock
      {/* Read with the word shown: "Lock of the week: counts double". */}
      <span className="sr-only"> of the week: counts double</span>
    </Badge>
  );
}
