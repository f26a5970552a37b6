/** At most this many ids in one statement's `in (…)`: PostgreSQL takes 65,535 parameters. */
export const IDS_PER_STATEMENT = 10_000;

/** The items in chunks of at most `size`, in their order: one statement each. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}
