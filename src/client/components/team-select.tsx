import { useMemo, type ComponentProps } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useTeams } from "@/client/lib/queries/games";

type TriggerProps = Omit<ComponentProps<typeof SelectTrigger>, "onChange" | "value">;

/** The team picker of the game forms: active teams sorted by code, shown "code - name". */
export function TeamSelect({
  value,
  onChange,
  placeholder = "Select team",
  ...trigger
}: TriggerProps & { value: string; onChange(code: string): void; placeholder?: string }) {
  const teams = useTeams();
  const active = useMemo(
    () => (teams.data ?? []).filter((team) => team.isActive).sort((a, b) => a.code.localeCompare(b.code)),
    [teams.data],
  );

  if (teams.isPending) return <Skeleton className="h-9 w-full" role="status" aria-label="Loading teams" />;
  if (teams.isError) {
    return (
      <p className="flex h-9 items-center text-sm text-destructive" role="alert">
        Error loading teams
      </p>
    );
  }
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger className="w-full" {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent className="max-h-72">
        {value && !active.some((team) => team.code === value) ? (
          <SelectItem value={value}>{value}</SelectItem>
        ) : null}
        {active.map((team) => (
          <SelectItem key={team.id} value={team.code}>
            {team.code} - {team.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
