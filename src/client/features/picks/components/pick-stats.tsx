import type { ReactNode } from "react";
import { CalendarCheck, Clock, ListChecks, MousePointerClick } from "lucide-react";
import { gameCountLabel } from "../picks-view";

function Stat({
  icon,
  label,
  value,
  note,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  note?: string;
}) {
  return (
    <div className="min-w-0 rounded-xl border bg-card px-4 py-3 shadow-xs">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground [&>svg]:size-3.5">
        {icon}
        {label}
      </dt>
      {/* Wraps rather than overflows: a closed week's deadline is a sentence. */}
      <dd className="mt-1 text-lg font-bold text-balance wrap-break-word tabular-nums sm:text-2xl">
        {value}
      </dd>
      {note ? <dd className="text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}

/**
 * Make Picks' counters: the deadline, the picks left and selected (as pickCountTexts words them),
 * the games still open.
 */
export function PickStats({
  deadline,
  remaining,
  remainingNote,
  selected,
  openCount,
  gameCount,
}: {
  deadline: string;
  remaining: string;
  /** Of how many picks `remaining` is counted; none once picks are closed. */
  remainingNote: string | undefined;
  selected: string;
  openCount: number;
  /** The week's games; undefined until they are loaded. */
  gameCount: number | undefined;
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat icon={<Clock aria-hidden="true" />} label="Deadline" value={deadline} />
      <Stat
        icon={<ListChecks aria-hidden="true" />}
        label="Picks Remaining"
        value={remaining}
        note={remainingNote}
      />
      <Stat icon={<MousePointerClick aria-hidden="true" />} label="Selected" value={selected} />
      <Stat
        icon={<CalendarCheck aria-hidden="true" />}
        label="Games Available"
        value={String(openCount)}
        note={gameCount === undefined ? undefined : `of ${gameCountLabel(gameCount)}`}
      />
    </dl>
  );
}
