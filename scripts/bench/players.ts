// Whose sessions a section's requests carry: players taking turns (so sessions and contests vary from
// request to request), other players to warm a route's code, and each contest's first picker.
import type autocannon from "autocannon";
import type { LoadRequest } from "./load";
import type { BenchData } from "./seed";

/** The players the reads rotate through (1..2000). */
export const READ_PLAYERS = 2000;
/**
 * Players 4001..4400: other players and contests than those measured, for a route's code to be warm
 * (compiled by V8) before its cold row, as on a server that has been running a while; few, so that
 * the server holds little more than the rows' own players (its peak memory is a row).
 */
export const WARM_PLAYERS = 400;

export type Players = ReturnType<typeof players>;

/** The rotations keep their place from row to row, as they did in one section. */
export function players(data: BenchData) {
  const cookie = (i: number) => `fp_session=${data.tokens[i]}`;
  let n = 0;
  const nextPlayer = () => 1 + (n++ % READ_PLAYERS);
  let w = 0;
  const nextOtherPlayer = () => 4001 + (w++ % WARM_PLAYERS);
  /** A GET of `pathOf(i)` as player i, the next player at each request. */
  const rotating = (pathOf: (i: number) => string, next = nextPlayer): LoadRequest => ({
    method: "GET" as const,
    path: pathOf(1),
    setupRequest: (request: autocannon.Request) => {
      const i = next();
      return { ...request, path: pathOf(i), headers: { ...request.headers, cookie: cookie(i) } };
    },
  });
  return {
    cookie,
    rotating,
    nextOtherPlayer,
    /** Player i's contest. */
    contestOf: (i: number) => data.contestIds[Math.floor(i / 2)]!,
    /** The session of contest c's first picker (seed.ts: player 2c picks first). */
    pickerCookie: (c: number) => cookie(2 * c),
  };
}
