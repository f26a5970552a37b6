import { Sparkles } from "lucide-react";
import type { Contest } from "@/contracts/contests";
import type { SeasonReview as Review } from "@/contracts/season-review";
import { LoadErrorAlert } from "@/client/components/load-error-alert";
import { RegionCard } from "@/client/components/region-card";
import { Skeleton } from "@/client/components/ui/skeleton";
import {
  bestWeekText,
  clincherText,
  spanText,
  streakText,
  verdictText,
  type ReviewNames,
} from "@/domain/season-review-text";
import { useSeasonReview } from "../api/get-season-review";
import { SeasonReviewRecord } from "./season-review-record";
import { SeasonReviewShare } from "./season-review-share";

function Moment({ label, children }: { label: string; children: string }) {
  return (
    <div className="rounded-lg border bg-muted/40 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium wrap-anywhere">{children}</dd>
    </div>
  );
}

function Champion({ review, names }: { review: Review; names: ReviewNames }) {
  return (
    <div>
      <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
        {review.champion ? "Champion" : "All square"}
      </p>
      <p className="text-2xl font-bold wrap-anywhere">{review.champion ? names[review.champion] : "A tie"}</p>
      <p className="text-sm text-muted-foreground">{verdictText(review, names)}</p>
    </div>
  );
}

/**
 * A completed contest's season in review (docs/rules.md, "Season in review"): the champion, both
 * records, the big moments, and for its players the share link.
 */
export function SeasonReview({ contest, userId }: { contest: Contest; userId: string | undefined }) {
  const review = useSeasonReview(contest.id, contest.status === "completed");
  if (review.isError)
    return (
      <LoadErrorAlert
        title="The season in review could not be loaded"
        error={review.error}
        onRetry={() => void review.refetch()}
      />
    );
  if (!review.data)
    return <Skeleton className="h-72 w-full" role="status" aria-label="Loading the season in review" />;
  const data = review.data;
  const names = { player1: data.players.player1.name, player2: data.players.player2.name };
  const plays = userId === contest.player1Id || userId === contest.player2Id;
  return (
    <RegionCard
      title="Season in Review"
      icon={Sparkles}
      idPrefix="contest"
      description={`${spanText(data.season, data.startWeek, data.totalWeeks)}: both records, the big moments and the pick that decided it.`}
    >
      <div className="space-y-6">
        <Champion review={data} names={names} />
        <div className="grid gap-6 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <SeasonReviewRecord review={data} />
          </div>
          <dl className="grid content-start gap-3 lg:col-span-2" aria-label="Big moments">
            <Moment label="Best week">{bestWeekText(data.bestWeek, names)}</Moment>
            <Moment label="Longest streak">{streakText(data.longestStreak, names)}</Moment>
            <Moment label="The pick that decided it">{clincherText(data.clincher, names)}</Moment>
          </dl>
        </div>
        {plays ? (
          <div className="border-t pt-4">
            <SeasonReviewShare contestId={contest.id} share={data.share} />
          </div>
        ) : null}
      </div>
    </RegionCard>
  );
}
