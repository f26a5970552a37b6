import { useSearchParams } from "wouter";
import { LAST_WEEK } from "@/domain/postseason";

/**
 * A week from the address bar ("?week=3"), or null when absent or out of range: the games browser
 * and score entry cover the regular season's 18 weeks and the postseason's rounds, 19 to 22.
 */
export function parseWeek(value: string | null): number | null {
  if (value === null || !/^\d{1,2}$/.test(value)) return null;
  const week = Number(value);
  return week >= 1 && week <= LAST_WEEK ? week : null;
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
