import { badRequest } from "../errors";

export const COMMON_PASSWORD_MESSAGE =
  "This password is too common and easy to guess. Please choose another.";

/**
 * The commonest passwords people use, about 49,000 of them (the list zxcvbn-ts keeps, lower case,
 * taken from real leaks), as a set. Loaded at the first registration, so that no start waits for it;
 * the list stays on the server, out of the pages' JavaScript.
 */
let commonPasswords: Promise<ReadonlySet<string>> | undefined;

function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  return (commonPasswords ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"]),
  ));
}

/** Whether a password is on the list, without regard to case ("Password1" is "password1"). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}

/** Refuses a new password that is on the list: 400, shown at the form's password field. */
export async function checkNewPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE, "password");
}
