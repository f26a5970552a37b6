import type { ReactNode } from "react";
import { LineChart as LineChartIcon } from "lucide-react";
import { Bar, BarChart, CartesianGrid, Line, LineChart, ReferenceLine, XAxis, YAxis } from "recharts";
import type { WeeklyResult } from "@/contracts/picks";
import {
  ChartContainer,
  ChartLegend,
  ChartLegendContent,
  ChartTooltip,
  ChartTooltipContent,
  type ChartConfig,
} from "@/client/components/ui/chart";
import { formatDollars } from "@/client/lib/format";
import { weekNameOfShortLabel } from "@/client/lib/week-names";
import { weekName } from "@/domain/postseason";
import { formatSignedDollars, type Side } from "../standings";
import {
  balanceAxis,
  chartSummary,
  chartWeeks,
  hasChartData,
  winsAxis,
  type ChartWeek,
} from "../standings-chart";
import { SectionCard } from "./section-card";

export const BALANCE_LABEL = "Running balance by week";
export const WINS_LABEL = "Correct picks by week";

/** Both players in the theme's chart colours (light and dark); the opponent's line is dashed too. */
const configFor = (names: { mine: string; theirs: string }): ChartConfig => ({
  mine: { label: names.mine, color: "var(--chart-1)" },
  theirs: { label: names.theirs, color: "var(--chart-3)" },
});

/** The tooltip's heading: "Week 3" for the axis's "W3", "Wild Card" for its "WC". */
const weekLabel = (label: ReactNode) => weekNameOfShortLabel(String(label));

function ChartFigure({ title, children }: { title: string; children: ReactNode }) {
  return (
    <figure className="min-w-0 space-y-2">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      {children}
    </figure>
  );
}

function BalanceChart({ weeks, config }: { weeks: ChartWeek[]; config: ChartConfig }) {
  // Both balances start at $0 before the first week: one settled week is a line, not two lone dots.
  const data = [
    { label: "Start", mine: 0 as number | null, theirs: 0 as number | null },
    ...weeks.map((week) => ({ label: week.label, mine: week.mineBalance, theirs: week.theirsBalance })),
  ];
  const axis = balanceAxis(weeks);
  return (
    <ChartContainer config={config} className="aspect-auto h-60 w-full">
      <LineChart
        data={data}
        role="img"
        aria-label={BALANCE_LABEL}
        accessibilityLayer={false}
        margin={{ top: 8, right: 12, left: 4, bottom: 0 }}
      >
        <CartesianGrid vertical={false} />
        <XAxis dataKey="label" tickLine={false} axisLine={false} tickMargin={8} />
        <YAxis
          width={axis.width}
          domain={axis.domain}
          ticks={axis.ticks}
          interval={0}
          tickLine={false}
          axisLine={false}
          allowDecimals={false}
          tickFormatter={(value: number) => formatDollars(value)}
        />
        <ReferenceLine y={0} stroke="var(--border)" />
        <ChartTooltip
          content={
            <ChartTooltipContent
              labelFormatter={weekLabel}
              formatter={(value, name) => (
                <TooltipRow
                  color={`var(--color-${String(name)})`}
                  label={config[String(name)]?.label}
                  value={typeof value === "number" ? formatSignedDollars(value) : "—"}
                />
              )}
            />
          }
        />
        <ChartLegend content={<ChartLegendContent />} />
        <Line
          dataKey="mine"
          type="linear"
          stroke="var(--color-mine)"
          strokeWidth={2}
          dot={{ r: 3, fill: "var(--color-mine)" }}
          isAnimationActive={false}
        />
        <Line
          dataKey="theirs"
          type="linear"
          stroke="var(--color-theirs)"
          strokeWidth={2}
          strokeDasharray="5 4"
          dot={{ r: 3, fill: "var(--color-theirs)" }}
          isAnimationActive={false}
        />
      </LineChart>
    </ChartContainer>
  );
}

function WinsChart({
  weeks,
  axis,
  config,
}: {
  weeks: ChartWeek[];
  axis: ReturnType<typeof winsAxis>;
  config: ChartConfig;
}) {
  const data = weeks.map((week) => ({ label: week.label, mine: week.mineWins, theirs: week.theirsWins }));
  return (
    <ChartContainer config={config} className="aspect-auto h-60 w-full">
      <BarChart
        data={data}
        role="img"
        aria-label={WINS_LABEL}
        accessibilityLayer={false}
        margin={{ top: 8, right: 12, left: 4, bottom: 0 }}
      >
        <CartesianGrid vertical={false} />
        <XAxis dataKey="label" tickLine={false} axisLine={false} tickMargin={8} />
        <YAxis
          width={32}
          domain={axis.domain}
          ticks={axis.ticks}
          interval={0}
          tickLine={false}
          axisLine={false}
          allowDecimals={false}
        />
        <ChartTooltip cursor={false} content={<ChartTooltipContent labelFormatter={weekLabel} />} />
        <ChartLegend content={<ChartLegendContent />} />
        {/* A week without a correct pick is a sliver on the axis, not nothing. */}
        <Bar
          dataKey="mine"
          fill="var(--color-mine)"
          radius={4}
          maxBarSize={40}
          minPointSize={3}
          isAnimationActive={false}
        />
        <Bar
          dataKey="theirs"
          fill="var(--color-theirs)"
          radius={4}
          maxBarSize={40}
          minPointSize={3}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartContainer>
  );
}

function TooltipRow({ color, label, value }: { color: string; label: ReactNode; value: string }) {
  return (
    <div className="flex w-full items-center gap-2">
      <span className="size-2.5 shrink-0 rounded-[2px]" style={{ backgroundColor: color }} />
      <span className="flex-1 text-muted-foreground">{label}</span>
      <span className="font-mono font-medium text-foreground tabular-nums">{value}</span>
    </div>
  );
}

/** The same figures as a table, for screen readers. */
function HiddenTable({
  weeks,
  names,
  isFree,
}: {
  weeks: ChartWeek[];
  names: { mine: string; theirs: string };
  isFree: boolean;
}) {
  const money = (value: number | null) => (value === null ? "In progress" : formatSignedDollars(value));
  return (
    // A table keeps its content's width whatever its own: the wrapper is what hides it.
    <div className="sr-only">
      <table>
        <caption>Week by week</caption>
        <thead>
          <tr>
            <th scope="col">Week</th>
            <th scope="col">{names.mine}: correct picks</th>
            <th scope="col">{names.theirs}: correct picks</th>
            {isFree ? null : <th scope="col">{names.mine}: balance</th>}
            {isFree ? null : <th scope="col">{names.theirs}: balance</th>}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.week}>
              <th scope="row">{weekName(week.week)}</th>
              <td>{week.mineWins}</td>
              <td>{week.theirsWins}</td>
              {isFree ? null : <td>{money(week.mineBalance)}</td>}
              {isFree ? null : <td>{money(week.theirsBalance)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Week by week: the running balance of both players (a line each; not for free contests, where no
 * money moves) and their correct picks per week (bars). Loaded with the Standings screen only:
 * Recharts is big.
 */
export default function StandingsChartCard({
  results,
  side,
  names,
  isFree,
  allowance,
  className,
}: {
  results: WeeklyResult[];
  side: Side;
  /** The viewer's side ("You" for a player) and the other. */
  names: { mine: string; theirs: string };
  isFree: boolean;
  /** The most picks either player makes in a week (the contest's picks per player). */
  allowance: number;
  className?: string;
}) {
  const weeks = chartWeeks(results, side);
  const config = configFor(names);
  const summary = chartSummary(weeks, names, isFree);
  return (
    <SectionCard
      title="Week by Week"
      icon={LineChartIcon}
      description={
        isFree
          ? "Correct picks each week. A free contest moves no money, so there is no balance to chart."
          : "The running balance over settled weeks, and correct picks each week."
      }
      className={className}
    >
      {!hasChartData(weeks) ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          {weeks.length === 0
            ? "The charts appear once the contest is under way."
            : "The charts fill in as picks are graded."}
        </p>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-muted-foreground">{summary}</p>
          <div className={isFree ? "grid gap-6" : "grid gap-6 lg:grid-cols-2"}>
            {isFree ? null : (
              <ChartFigure title="Running Balance">
                {weeks.some((week) => week.settled) ? (
                  <BalanceChart weeks={weeks} config={config} />
                ) : (
                  <p className="flex h-60 items-center justify-center rounded-lg border border-dashed px-4 text-center text-sm text-muted-foreground">
                    The balance starts with the first settled week.
                  </p>
                )}
              </ChartFigure>
            )}
            <ChartFigure title="Correct Picks">
              <WinsChart weeks={weeks} axis={winsAxis(results, allowance)} config={config} />
            </ChartFigure>
          </div>
          <HiddenTable weeks={weeks} names={names} isFree={isFree} />
        </div>
      )}
    </SectionCard>
  );
}
