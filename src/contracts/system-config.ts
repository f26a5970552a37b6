import { z } from "zod";

export const CONTEST_CREATION_PASSWORD = "contest_creation_password";
export const CURRENT_SEASON = "current_season";
/** Who may create contests: every player ("open"), or players who give the password ("password"). */
export const CONTEST_CREATION = "contest_creation";
export const configKeys = [CONTEST_CREATION_PASSWORD, CURRENT_SEASON, CONTEST_CREATION] as const;

export const CONTEST_CREATION_MESSAGE = 'Contest creation is either "open" or "password".';
export const contestCreationValue = z.enum(["open", "password"], { error: CONTEST_CREATION_MESSAGE });

/**
 * GET /api/contest-creation: how a player creates a contest now. "open": without a password;
 * "password": with the one an administrator set; "closed": not yet (no password set, not open).
 */
export const contestCreationAnswer = z.object({ mode: z.enum(["open", "password", "closed"]) });
export type ContestCreation = z.infer<typeof contestCreationAnswer>;

export const configEntry = z.object({ key: z.string(), value: z.string() });
export type ConfigEntry = z.infer<typeof configEntry>;

export const configKeyParams = z.object({ key: z.enum(configKeys, { error: "Unknown setting." }) });

export const updateConfigBody = z.object({
  value: z.string().trim().min(1, "Password cannot be empty").max(200),
});
export type UpdateConfigBody = z.infer<typeof updateConfigBody>;

/** The current season setting: a year the app plays (the game form's seasons). */
export const CURRENT_SEASON_MESSAGE = "The current season must be a year from 2020 to 2030.";
export const currentSeasonValue = z
  .string()
  .trim()
  .regex(/^20(2\d|30)$/, CURRENT_SEASON_MESSAGE);
export const currentSeasonForm = z.object({ value: currentSeasonValue });
