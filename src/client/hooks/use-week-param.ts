import { useSearchParams } from "wouter";

/** The games browser and score entry cover weeks 1 to 18 (docs/rules.md, "Season calendar"). */
export const SEASON_WEEKS = 18;
export const WEEKS = Array.from({ length: SEASON_WEEKS }, (_, index) => index + 1);

/** A week from the address bar ("?week=3"), or null when absent or out of range. */
export function parseWeek(value: string | null): number | null {
  if (value === null || !/^\d{1,2}$/.test(value)) return null;
  const week = Number(value);
  return week >= 1 && week <= SEASON_WEEKS ? week : null;
}

/** The week shown, kept in "?week=" so a reload or a shared link keeps it; else the fallback. */
export function useWeekParam(fallback: number | undefined) {
  const [params, setParams] = useSearchParams();
  const chosen = parseWeek(params.get("week"));
  const setWeek = (week: number) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set("week", String(week));
        return next;
      },
      { replace: true },
    );
  return [chosen ?? fallback, setWeek] as const;
}
