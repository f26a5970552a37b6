import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { ApiRequestError } from "@/client/lib/api";
import { Button } from "@/client/components/ui/button";
import { Skeleton } from "@/client/components/ui/skeleton";
import { plural } from "@/domain/plural";
import { rivalryTitle, verdictText } from "../rivalry-view";
import { useRivalryPage } from "../use-rivalry-page";
import { RecordCard } from "./record-card";
import { SeasonsCard } from "./seasons-card";
import { StreaksCard } from "./streaks-card";
import { TendenciesSection } from "./tendencies-section";

function RivalrySkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" role="status" aria-label="Loading rivalry">
      <Skeleton className="h-9 w-72" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
      </div>
    </div>
  );
}

/** Why there is no rivalry to show: the contest is not the viewer's (404), or has no opponent yet. */
function RivalryMissing({ contestId, error }: { contestId: string; error: unknown }) {
  const message =
    error instanceof ApiRequestError && error.status === 409 ? error.message : "Contest not found.";
  return (
    <div className="mx-auto max-w-md space-y-4 py-12 text-center">
      <h1 className="text-2xl font-bold">No rivalry to show</h1>
      <p className="text-muted-foreground">{message}</p>
      <Button asChild variant="outline">
        <Link href={`/contests/${contestId}`}>Back to the contest</Link>
      </Button>
    </div>
  );
}

/** The rivalry (/contests/:contestId/rivalry): the two players across every contest they played. */
export default function RivalryPage() {
  const { contestId, contest, rivalry, names } = useRivalryPage();
  if (rivalry.isLoading) return <RivalrySkeleton />;
  if (!rivalry.data || !names) return <RivalryMissing contestId={contestId} error={rivalry.error} />;
  const data = rivalry.data;
  const seasons = data.seasons.length;
  return (
    <div className="space-y-6">
      <div className="flex items-start gap-3">
        <Button asChild variant="ghost" size="icon" className="mt-0.5 shrink-0">
          <Link href={`/contests/${contestId}`} aria-label={`Back to ${contest?.name ?? "the contest"}`}>
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">
            {rivalryTitle(names)}
          </h1>
          <p className="mt-1 text-muted-foreground">
            {verdictText(data, names)} {plural(seasons, "contest")} played against each other.
          </p>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RecordCard rivalry={data} names={names} />
        <StreaksCard rivalry={data} names={names} />
      </div>
      <SeasonsCard seasons={data.seasons} names={names} />
      <TendenciesSection tendencies={data.tendencies} names={names} />
    </div>
  );
}
