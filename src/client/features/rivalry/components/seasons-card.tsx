import { History } from "lucide-react";
import { Link } from "wouter";
import type { SeasonResult } from "@/contracts/rivalry";
import { RegionCard } from "@/client/components/region-card";
import { Badge } from "@/client/components/ui/badge";
import { recordText, seasonResultText, signedDollars, type Names } from "../rivalry-view";

const TONE: Record<SeasonResult["result"], "default" | "secondary" | "outline" | "destructive"> = {
  won: "default",
  lost: "destructive",
  tied: "secondary",
  "in-progress": "outline",
};

/** "Season by Season": each contest, oldest first, with a link to it. */
export function SeasonsCard({ seasons, names }: { seasons: SeasonResult[]; names: Names }) {
  return (
    <RegionCard title="Season by Season" icon={History} idPrefix="rivalry">
      <ul className="divide-y sm:hidden">
        {seasons.map((season) => (
          <li key={season.contestId} className="space-y-1 py-3 first:pt-0 last:pb-0">
            <div className="flex items-center justify-between gap-3">
              <Link
                href={`/contests/${season.contestId}`}
                className="min-w-0 font-medium wrap-anywhere underline-offset-4 hover:underline"
              >
                {season.season} · {season.name}
              </Link>
              <Badge variant={TONE[season.result]}>{seasonResultText(season.result, names)}</Badge>
            </div>
            <p className="text-sm text-muted-foreground tabular-nums">
              Weeks {recordText(season.weeks)} · Picks {recordText(season.picks)} ·{" "}
              {signedDollars(season.money)}
            </p>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-3 font-medium">
                Season
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Contest
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Result
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Weeks
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Picks
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Money
              </th>
            </tr>
          </thead>
          <tbody>
            {seasons.map((season) => (
              <tr key={season.contestId} className="border-b last:border-b-0">
                <td className="py-2 pr-3 tabular-nums">{season.season}</td>
                <td className="py-2 pr-3">
                  <Link
                    href={`/contests/${season.contestId}`}
                    className="font-medium underline-offset-4 hover:underline"
                  >
                    {season.name}
                  </Link>
                </td>
                <td className="py-2 pr-3">
                  <Badge variant={TONE[season.result]}>{seasonResultText(season.result, names)}</Badge>
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">{recordText(season.weeks)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{recordText(season.picks)}</td>
                <td className="py-2 text-right tabular-nums">{signedDollars(season.money)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </RegionCard>
  );
}
