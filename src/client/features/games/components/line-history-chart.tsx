import { CartesianGrid, Line, LineChart, XAxis, YAxis } from "recharts";
import type { Game } from "@/contracts/games";
import {
  ChartContainer,
  ChartTooltip,
  ChartTooltipContent,
  type ChartConfig,
} from "@/client/components/ui/chart";
import { homeLine, type SpreadPoint } from "../line-history-view";

/** A game's spread over its moves, from the home team's view, each held until the next (a step). */
export default function LineHistoryChart({
  game,
  points,
}: {
  game: Pick<Game, "homeTeam">;
  points: SpreadPoint[];
}) {
  const title = `${game.homeTeam} spread over time`;
  const config: ChartConfig = { spread: { label: `${game.homeTeam} spread`, color: "var(--chart-1)" } };
  return (
    <figure className="min-w-0 space-y-1">
      <figcaption className="text-xs font-medium text-muted-foreground">{title}</figcaption>
      <ChartContainer config={config} className="aspect-auto h-32 w-full">
        <LineChart
          data={points}
          role="img"
          aria-label={title}
          accessibilityLayer={false}
          margin={{ top: 8, right: 12, left: 0, bottom: 0 }}
        >
          <CartesianGrid vertical={false} />
          <XAxis
            dataKey="label"
            tickLine={false}
            axisLine={false}
            tickMargin={6}
            interval="preserveStartEnd"
            minTickGap={24}
          />
          <YAxis
            width={40}
            tickLine={false}
            axisLine={false}
            domain={[(low: number) => Math.floor(low - 1), (high: number) => Math.ceil(high + 1)]}
            tickFormatter={(value: number) => homeLine(value)}
          />
          <ChartTooltip
            content={
              <ChartTooltipContent
                formatter={(value) =>
                  typeof value === "number" ? `${game.homeTeam} ${homeLine(value)}` : "No spread"
                }
              />
            }
          />
          <Line
            dataKey="spread"
            type="stepAfter"
            stroke="var(--color-spread)"
            strokeWidth={2}
            dot={{ r: 3, fill: "var(--color-spread)" }}
            isAnimationActive={false}
          />
        </LineChart>
      </ChartContainer>
    </figure>
  );
}
