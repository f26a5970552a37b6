import type { FastifyInstance } from "fastify";
import { badRequest } from "../errors";

/**
 * U+0000, which PostgreSQL's text cannot hold, and half of a surrogate pair, which is no character
 * at all (UTF-8 has no spelling for it). With the u flag a whole pair is one code point, not \p{Cs}.
 */
const UNSTORABLE = /[\0\p{Cs}]/u;

export const UNSTORABLE_TEXT =
  "The text holds a character that cannot be stored (U+0000, or half of a surrogate pair). Remove it and try again.";

/**
 * Where the first string (a value or a key) holding an unstorable character is, as a field path
 * ("extra.1.deeper"; "" for the value itself), or undefined. A walk with its own stack: a deeply
 * nested body cannot overflow the call stack.
 */
export function unstorableAt(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, ""]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === "string") {
      if (UNSTORABLE.test(item)) return path;
      continue;
    }
    if (typeof item !== "object" || item === null) continue;
    for (const [key, child] of Object.entries(item)) {
      const at = path === "" ? key : `${path}.${key}`;
      if (UNSTORABLE.test(key)) return at;
      pending.push([child, at]);
    }
  }
  return undefined;
}

/**
 * Refuses, before any route's schema reads them, a body, query or path holding text the database
 * cannot store: every route answers 400 with the field at fault, never a 500 or a silently
 * changed value.
 */
export function installTextGuard(app: FastifyInstance): void {
  app.addHook("preValidation", (request, _reply, done) => {
    // In an address, such a character can only come percent-encoded: most requests have no `%`
    // and skip the walk of their params and query.
    const encoded = request.url.includes("%");
    const parts = encoded ? [request.params, request.query, request.body] : [request.body];
    for (const part of parts) {
      if (part === undefined || part === null) continue;
      const field = unstorableAt(part);
      if (field !== undefined) return done(badRequest(UNSTORABLE_TEXT, field || undefined));
    }
    done();
  });
}
