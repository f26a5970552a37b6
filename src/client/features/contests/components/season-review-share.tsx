import { Copy, Link2Off, Share2 } from "lucide-react";
import type { ShareLink } from "@/contracts/season-review";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { useShareReview } from "../use-share-review";

/**
 * Either player shares the season in review: a link anyone may open without an account, copied
 * from here, until one of them stops sharing it.
 */
export function SeasonReviewShare({ contestId, share }: { contestId: string; share: ShareLink | null }) {
  const { input, copy, busy, share: makeLink, stop } = useShareReview(contestId, share?.url);
  if (!share)
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Share this card: a link anyone can open, no account needed.
        </p>
        <Button onClick={makeLink} disabled={busy}>
          <Share2 aria-hidden="true" /> Share
        </Button>
      </div>
    );
  return (
    <div className="space-y-2">
      <Label htmlFor="season-review-link">Share link</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          ref={input}
          id="season-review-link"
          readOnly
          value={share.url}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs md:text-xs"
        />
        <div className="flex gap-2">
          <Button type="button" variant="outline" className="flex-1 sm:flex-none" onClick={copy}>
            <Copy aria-hidden="true" /> Copy link
          </Button>
          <Button
            type="button"
            variant="ghost"
            className="flex-1 text-destructive hover:text-destructive sm:flex-none"
            disabled={busy}
            onClick={stop}
          >
            <Link2Off aria-hidden="true" /> Stop sharing
          </Button>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        Anyone with the link sees this card: both names, the record and the money. Stop sharing and the link
        no longer opens.
      </p>
    </div>
  );
}
