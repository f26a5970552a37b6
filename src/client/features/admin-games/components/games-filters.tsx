import { useId } from "react";
import { Label } from "@/client/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { weekName } from "@/domain/postseason";
import type { WeekFilter } from "../games-admin";

/** The season (when there are several) and the week of the games listed. */
export function GamesFilters({
  seasons,
  season,
  onSeasonChange,
  filter,
  weeks,
  onFilterChange,
  disabled,
}: {
  seasons: number[];
  season: number | undefined;
  onSeasonChange: (season: number) => void;
  filter: WeekFilter;
  weeks: number[];
  onFilterChange: (filter: WeekFilter) => void;
  disabled: boolean;
}) {
  const filterId = useId();
  const seasonId = useId();
  return (
    <div className="flex gap-3">
      {seasons.length > 1 ? (
        <div className="grid gap-2 sm:w-32">
          <Label htmlFor={seasonId}>Season</Label>
          <Select
            value={String(season)}
            onValueChange={(value) => onSeasonChange(Number(value))}
            disabled={disabled}
          >
            <SelectTrigger id={seasonId} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {seasons.map((year) => (
                <SelectItem key={year} value={String(year)}>
                  {year}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}
      <div className="grid gap-2 sm:w-44">
        <Label htmlFor={filterId}>Week</Label>
        <Select
          value={String(filter)}
          onValueChange={(value) => onFilterChange(value === "all" ? "all" : Number(value))}
          disabled={disabled}
        >
          <SelectTrigger id={filterId} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent className="max-h-72">
            <SelectItem value="all">All Weeks</SelectItem>
            {weeks.map((week) => (
              <SelectItem key={week} value={String(week)}>
                {weekName(week)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
