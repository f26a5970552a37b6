import { useRef } from "react";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useShareSeasonReview, useStopSharing } from "./api/share-season-review";

const failed = (title: string, fallback: string) => (error: unknown) =>
  toast({ title, description: errorMessage(error, fallback), variant: "destructive" });

/** The season in review's share link: made, copied to the clipboard, revoked. */
export function useShareReview(contestId: string, url: string | undefined) {
  const share = useShareSeasonReview(contestId);
  const stop = useStopSharing(contestId);
  const input = useRef<HTMLInputElement>(null);

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // No clipboard API (a page served over plain http on a LAN): the browser's own copy.
      input.current?.select();
      if (!document.execCommand("copy")) {
        toast({
          title: "Copy failed",
          description: "Select the link and copy it yourself.",
          variant: "destructive",
        });
        return;
      }
    }
    toast({ title: "Link copied", description: "Anyone you send it to sees this season in review." });
  };

  return {
    input,
    copy: () => void copy(),
    busy: share.isPending || stop.isPending,
    share: () =>
      share.mutate(undefined, {
        onError: failed("Sharing failed", "The link could not be made. Please try again."),
      }),
    stop: () =>
      stop.mutate(undefined, {
        onSuccess: () => toast({ title: "Sharing stopped", description: "The link no longer opens." }),
        onError: failed("Could not stop sharing", "The link is still live. Please try again."),
      }),
  };
}
