import { useState } from "react";
import { Compass } from "lucide-react";
import type { Rivalry, Tendencies } from "@/contracts/rivalry";
import { RegionCard } from "@/client/components/region-card";
import { plural } from "@/domain/plural";
import type { Names } from "../rivalry-view";
import { ChoiceGroup } from "./choice-group";
import { FigureGroupChart } from "./figure-group-chart";
import { TeamsList } from "./teams-list";

type Scope = "allTime" | "contest";
type Whose = "you" | "opponent";

/** "Teams you ride", "Teams Cal rides". */
const teamsTitle = (who: string | null, verb: "ride" | "fade") =>
  who ? `Teams ${who} ${verb}s` : `Teams you ${verb}`;

function TendencyFigures({ tendencies, who }: { tendencies: Tendencies; who: string | null }) {
  if (tendencies.picks === 0) return <p className="text-sm text-muted-foreground">No graded picks yet.</p>;
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <TeamsList
          title={teamsTitle(who, "ride")}
          empty="No team backed five times yet."
          figures={tendencies.rides}
        />
        <TeamsList
          title={teamsTitle(who, "fade")}
          empty="No team picked against five times yet."
          figures={tendencies.fades}
        />
      </div>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <FigureGroupChart title="Favorite vs underdog" group={tendencies.favoriteUnderdog} />
        <FigureGroupChart title="Over vs under" group={tendencies.overUnder} />
        <FigureGroupChart title="Home vs away" group={tendencies.homeAway} />
        <FigureGroupChart title="Prime time vs the day slate" group={tendencies.primeTime} />
        <FigureGroupChart
          title="By size of the spread"
          group={tendencies.spreadSize}
          className="md:col-span-2"
        />
      </div>
    </div>
  );
}

/** "Tendencies": each player's, all time or in this contest, as charts with their counts. */
export function TendenciesSection({
  tendencies,
  names,
}: {
  tendencies: Rivalry["tendencies"];
  names: Names;
}) {
  const [scope, setScope] = useState<Scope>("allTime");
  const [whose, setWhose] = useState<Whose>("you");
  const shown = tendencies[scope][whose];
  const youLabel = names.viewerPlays ? "You" : names.you;
  // Null: the viewer's own ("Teams you ride").
  const who = whose === "opponent" ? names.opponent : names.viewerPlays ? null : names.you;
  return (
    <RegionCard
      title="Tendencies"
      icon={Compass}
      idPrefix="rivalry"
      description={`From ${plural(shown.picks, "graded pick")}; a rate is drawn from five picks or more.`}
    >
      <div className="mb-6 flex flex-wrap gap-3">
        <ChoiceGroup
          label="Whose tendencies"
          value={whose}
          onChange={setWhose}
          options={[
            { value: "you", label: youLabel },
            { value: "opponent", label: names.opponent },
          ]}
        />
        <ChoiceGroup
          label="Over which contests"
          value={scope}
          onChange={setScope}
          options={[
            { value: "allTime", label: "All time" },
            { value: "contest", label: "This contest" },
          ]}
        />
      </div>
      <TendencyFigures tendencies={shown} who={who} />
    </RegionCard>
  );
}
