import { firstRoundsError } from "@/client/lib/rounds";

/** The first problem of a rounds field, announced as it appears; nothing without an error. */
export function RoundsError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="text-sm text-destructive" role="alert">
      {firstRoundsError(error)}
    </p>
  );
}
