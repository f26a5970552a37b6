// Plain values of the contracts, in a module that does not load zod: a screen that needs only a
// constant or the live-event names (the dashboard, the signed-in shell) does not pull in the
// schema library with them (41 kB gzip). The schema modules re-export what they own.

/** A contest's weekly bet unless its creator says otherwise. */
export const DEFAULT_BET = 25;
export const DEFAULT_MAX_PICKS = 2;
export const SEASON_WEEKS = 18;

/** Sent after a gap in which events may have been lost (the server's database listener reconnected). */
export const RESYNC = "resync";

/**
 * A final's grades, to the players of the contests it graded, right after its score update (which
 * everyone gets at once): the contests it moved and the new data of what the grades changed
 * (decisions 028 and 030). Not a game action: it changes nothing but those contests.
 */
export const GRADES = "grades";

/** Games and scores concern every signed-in user: "game.created", "game.scored", "games.imported". */
export const isGameAction = (action: string) => /^games?\./.test(action);

/**
 * The element of a player's page that carries what every signed-in screen starts from (decision
 * 050): a JSON object of the answers of these GETs, by path, which are also the queries' keys.
 */
export const STARTING_DATA_ID = "starting-data";
export const STARTING_DATA_PATHS = ["/api/auth/user", "/api/contests", "/api/season", "/api/users"] as const;
