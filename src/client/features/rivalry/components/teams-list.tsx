import type { Figure } from "@/contracts/rivalry";
import { figureText } from "../rivalry-view";

/** A list of teams with a bar each: its picks against the most picked, its record and rate beside. */
export function TeamsList({ title, empty, figures }: { title: string; empty: string; figures: Figure[] }) {
  const most = Math.max(1, ...figures.map((figure) => figure.picks));
  return (
    <figure className="min-w-0 space-y-3">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      {figures.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="space-y-2">
          {figures.map((figure) => (
            <li key={figure.key} className="grid grid-cols-[3.5rem_1fr] items-center gap-3">
              <span className="font-semibold tabular-nums">{figure.label}</span>
              <div className="min-w-0 space-y-1">
                <div className="h-2.5 rounded-full bg-muted" aria-hidden="true">
                  <div
                    className="h-2.5 rounded-full bg-(--chart-1)"
                    style={{ width: `${(figure.picks / most) * 100}%` }}
                  />
                </div>
                <p className="text-xs text-muted-foreground">{figureText(figure)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
