// What a section's measured server is, as its rows read it: started by server-rows.ts, loaded by
// read-rows.ts and write-rows.ts.
import type { Anchor } from "./anchors";
import type { Row } from "./budgets";
import type { Load } from "./load";
import type { Players } from "./players";
import type { BenchData } from "./seed";

/** What a row measures against: the server, its section, the players and the anchors. */
export interface ServerRun {
  kind: "pglite" | "postgres";
  /** The section's name, for the progress log. */
  name: string;
  base: string;
  pid: number;
  data: BenchData;
  rows: Row[];
  notes: string[];
  players: Players;
  anchors: { bare: Load; query: Load; bareAnchor: Anchor };
}
