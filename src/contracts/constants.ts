// Plain values of the contracts, in a module that does not load zod: a screen that needs only a
// constant or the live-event names (the dashboard, the signed-in shell) does not pull in the
// schema library with them. The schema modules re-export what they own.

/** A first contest's weekly bet unless its creator says otherwise (a later one starts from the last one's). */
export const DEFAULT_BET = 10;
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

/**
 * Every change the activity log records, by its action; each is announced to open pages as a live
 * event of that kind. The client refreshes by kind (src/client/lib/live-updates.ts, `REFRESH`: one
 * row per kind), so a new kind of change is a name here and a row there.
 */
export const ACTIVITY_ACTIONS = [
  // A contest and what is played in it: its players and the admins hear of it.
  "contest.created",
  "contest.accepted",
  "contest.rejected",
  "contest.edited",
  "contest.archived",
  "contest.completed",
  "contest.rematch",
  "contest.shared",
  "contest.share_revoked",
  "picks.submitted",
  "first-picker.saved",
  "proposal.created",
  "proposal.accepted",
  "proposal.rejected",
  "bet.proposed",
  "bet.approved",
  "bet.rejected",
  "bet.set",
  "week.settled",
  "message.posted",
  "message.deleted",
  // Games and scores: everyone signed in hears of them.
  "game.created",
  "game.updated",
  "game.deleted",
  "game.followed",
  "game.scored",
  "games.imported",
  "games.synced",
  // Accounts and settings: the admins and the person concerned.
  "user.updated",
  "user.emailed",
  "user.deleted",
  "user.reset_link",
  "email.retried",
  "config.updated",
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** What a live event is about: a change (its activity action), a final's grades, or a resync. */
export type LiveEventKind = ActivityAction | typeof GRADES | typeof RESYNC;

/** Games and scores concern every signed-in user: "game.created", "game.scored", "games.imported". */
export const isGameAction = (action: string) => /^games?\./.test(action);

/**
 * The element of a player's page that carries what every signed-in screen starts from (decision
 * 050): a JSON object of the answers of these GETs, by path, which are also the queries' keys.
 */
export const STARTING_DATA_ID = "starting-data";
export const STARTING_DATA_PATHS = ["/api/auth/user", "/api/contests", "/api/season", "/api/users"] as const;
