import { z } from "zod";

/**
 * A character a person can see: not a space of any kind, nor one that renders as nothing (a
 * zero-width space, a soft hyphen, a Hangul filler, a blank braille cell, a lone combining mark).
 */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Z}\p{M}\u2800]/u;

/** Whether a name has something to read; an empty one is left to the schema's own "required". */
const readable = (text: string) => text === "" || VISIBLE.test(text);

/** A name people read (a player's, a contest's): after trimming, at least one visible character. */
export const visibleName = (label: string, min: number, tooShort: string) =>
  z
    .string()
    .trim()
    .min(min, tooShort)
    .max(100)
    .refine(readable, `${label} must have a character you can see`);

/** A player's first or last name, as sign-up and a profile's edit take it. */
export const personName = (label: "First name" | "Last name") =>
  visibleName(label, 1, `${label} is required`);
