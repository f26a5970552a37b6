import { Flame } from "lucide-react";
import { Link } from "wouter";
import type { Rivalry, RivalryWeek } from "@/contracts/rivalry";
import { RegionCard } from "@/client/components/region-card";
import {
  currentStreakText,
  longestStreakText,
  weekRefText,
  weekScoreText,
  type Names,
} from "../rivalry-view";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b py-2 last:border-b-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

function WeekLink({ week }: { week: RivalryWeek | null }) {
  if (!week) return <>None yet</>;
  return (
    <>
      <Link
        href={`/contests/${week.contestId}#weekly-results`}
        className="underline-offset-4 hover:underline"
      >
        {weekRefText(week)}
      </Link>
      : {weekScoreText(week)}
    </>
  );
}

/** "Streaks and Big Weeks": the streak running now, the longest of each, the best and worst week. */
export function StreaksCard({ rivalry, names }: { rivalry: Rivalry; names: Names }) {
  const yours = names.viewerPlays ? "Your" : `${names.you}'s`;
  return (
    <RegionCard
      title="Streaks and Big Weeks"
      icon={Flame}
      idPrefix="rivalry"
      description={currentStreakText(rivalry.currentStreak, names)}
    >
      <dl>
        <Row label={`${yours} longest streak`}>{longestStreakText(rivalry.longestStreak.you)}</Row>
        <Row label={`${names.opponent}'s longest streak`}>
          {longestStreakText(rivalry.longestStreak.opponent)}
        </Row>
        <Row label={`${yours} best week`}>
          <WeekLink week={rivalry.bestWeek} />
        </Row>
        <Row label={`${yours} worst week`}>
          <WeekLink week={rivalry.worstWeek} />
        </Row>
      </dl>
    </RegionCard>
  );
}
