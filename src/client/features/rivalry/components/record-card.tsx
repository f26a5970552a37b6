import { Swords } from "lucide-react";
import type { Rivalry } from "@/contracts/rivalry";
import { RegionCard } from "@/client/components/region-card";
import { formatDollars } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";
import { recordText, signedDollars, type Names } from "../rivalry-view";

function Stat({
  label,
  value,
  note,
  tone,
}: {
  label: string;
  value: string;
  note: string;
  tone?: "up" | "down";
}) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd
        className={cn(
          "text-2xl font-semibold tabular-nums",
          tone === "up" && "text-green-700 dark:text-green-400",
          tone === "down" && "text-red-700 dark:text-red-400",
        )}
      >
        {value}
      </dd>
      <dd className="text-xs text-muted-foreground">{note}</dd>
    </div>
  );
}

/** "All-Time Record": weeks, picks, money and contests, from "you"'s side. */
export function RecordCard({ rivalry, names }: { rivalry: Rivalry; names: Names }) {
  const whose = names.viewerPlays ? "Yours" : `${names.you}'s`;
  const { net, won, lost } = rivalry.money;
  return (
    <RegionCard
      title="All-Time Record"
      icon={Swords}
      idPrefix="rivalry"
      description={`${whose}, against ${names.opponent}.`}
    >
      <dl className="grid grid-cols-2 gap-3">
        <Stat label="Weeks" value={recordText(rivalry.weeks)} note="won–lost–pushed" />
        <Stat label="Picks" value={recordText(rivalry.picks)} note="won–lost, a lock counting twice" />
        <Stat
          label="Money"
          value={signedDollars(net)}
          note={`${formatDollars(won)} won, ${formatDollars(lost)} lost`}
          tone={net > 0 ? "up" : net < 0 ? "down" : undefined}
        />
        <Stat label="Contests" value={recordText(rivalry.contests)} note="won–lost–tied, finished ones" />
      </dl>
    </RegionCard>
  );
}
