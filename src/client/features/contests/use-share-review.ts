import { useCopyLink } from "@/client/hooks/use-copy-link";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useShareSeasonReview, useStopSharing } from "./api/share-season-review";

const failed = (title: string, fallback: string) => (error: unknown) =>
  toast({ title, description: errorMessage(error, fallback), variant: "destructive" });

/** The season in review's share link: made, copied to the clipboard, revoked. */
export function useShareReview(contestId: string, url: string | undefined) {
  const share = useShareSeasonReview(contestId);
  const stop = useStopSharing(contestId);
  const { input, copy } = useCopyLink(url, "Anyone you send it to sees this season in review.");

  return {
    input,
    copy,
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
