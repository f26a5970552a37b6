import { useState, type MouseEvent } from "react";
import { useCopyLink } from "@/client/hooks/use-copy-link";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useCalendarLink } from "./api/get-calendar-link";
import { useResetCalendarLink } from "./api/reset-calendar-link";

/** The calendar card's link, its copy to the clipboard, and its reset once confirmed. */
export function useCalendarCard() {
  const link = useCalendarLink();
  const reset = useResetCalendarLink();
  const [confirming, setConfirming] = useState(false);
  const url = link.data?.url;
  const { input, copy } = useCopyLink(url, "Paste it into your calendar to subscribe.");

  const confirmReset = (event: MouseEvent) => {
    event.preventDefault();
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({
          title: "Calendar link reset",
          description: "The old link no longer works: add the new one to your calendar.",
        });
      },
      onError: (error) =>
        toast({
          title: "Reset failed",
          description: errorMessage(error, "The link could not be reset. Please try again."),
          variant: "destructive",
        }),
    });
  };

  return {
    url,
    failure: link.isError ? errorMessage(link.error, "Your calendar link could not be loaded.") : null,
    input,
    copy,
    confirming,
    setConfirming,
    resetting: reset.isPending,
    confirmReset,
  };
}
