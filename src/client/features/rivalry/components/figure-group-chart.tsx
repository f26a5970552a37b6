import { Bar, BarChart, CartesianGrid, LabelList, ReferenceLine, XAxis, YAxis } from "recharts";
import type { FigureGroup } from "@/contracts/rivalry";
import { MIN_PICKS } from "@/domain/tendencies";
import { ChartContainer, type ChartConfig } from "@/client/components/ui/chart";
import { cn } from "@/client/lib/utils";
import { figureText, shareText } from "../rivalry-view";

const config: ChartConfig = { rate: { label: "Win rate", color: "var(--chart-1)" } };

/**
 * A group of figures (favorite vs underdog...) as a bar chart of win rates, the even line marked,
 * with each figure's record, count and share of the group's picks written under it. A figure below
 * five picks has no bar; a group below five picks, no chart.
 */
export function FigureGroupChart({
  title,
  group,
  className,
}: {
  title: string;
  group: FigureGroup;
  className?: string;
}) {
  const data = group.figures.map((figure) => ({
    label: figure.label,
    rate: figure.winRate === null ? null : Math.round(figure.winRate * 100),
  }));
  const drawn = group.picks >= MIN_PICKS && data.some((entry) => entry.rate !== null);
  return (
    <figure className={cn("min-w-0 space-y-2 rounded-lg border p-4", className)}>
      <figcaption className="text-sm font-medium">{title}</figcaption>
      {drawn ? (
        <ChartContainer
          config={config}
          className="aspect-auto w-full"
          style={{ height: 40 + 36 * data.length }}
        >
          <BarChart
            data={data}
            layout="vertical"
            role="img"
            aria-label={`${title}: win rate`}
            accessibilityLayer={false}
            margin={{ top: 4, right: 40, left: 4, bottom: 0 }}
          >
            <CartesianGrid horizontal={false} />
            <XAxis
              type="number"
              domain={[0, 100]}
              ticks={[0, 25, 50, 75, 100]}
              tickFormatter={(value: number) => `${value}%`}
              tickLine={false}
              axisLine={false}
            />
            <YAxis type="category" dataKey="label" width={92} tickLine={false} axisLine={false} />
            <ReferenceLine x={50} stroke="var(--muted-foreground)" strokeDasharray="4 4" />
            <Bar dataKey="rate" fill="var(--color-rate)" radius={4} isAnimationActive={false}>
              <LabelList
                dataKey="rate"
                position="right"
                formatter={(value: unknown) => (typeof value === "number" ? `${value}%` : "")}
                className="fill-foreground text-xs"
              />
            </Bar>
          </BarChart>
        </ChartContainer>
      ) : (
        <p className="text-sm text-muted-foreground">
          Too few picks to draw yet: a rate needs five picks or more.
        </p>
      )}
      <ul className="space-y-0.5 text-xs text-muted-foreground">
        {group.figures.map((figure) => {
          const share = shareText(figure, group.picks);
          return (
            <li key={figure.key}>
              <span className="font-medium text-foreground">{figure.label}</span>: {figureText(figure)}
              {share ? `, ${share}` : ""}
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
