import { Pin } from "lucide-react";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/client/components/ui/tooltip";
import { PIN_HINT } from "../games-admin";

/** Beside a value an admin set by hand; focusable, so the hint is there for keyboards too. */
export function PinMark({ what }: { what: string }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span
          role="img"
          tabIndex={0}
          aria-label={`${what} pinned. ${PIN_HINT}`}
          className="inline-flex shrink-0 items-center rounded-sm text-amber-600 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:text-amber-400"
        >
          <Pin className="size-3.5" aria-hidden="true" />
        </span>
      </TooltipTrigger>
      <TooltipContent>{PIN_HINT}</TooltipContent>
    </Tooltip>
  );
}
