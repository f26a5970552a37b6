import type { FastifyInstance } from "fastify";

let counter = 0;

export interface SignedIn {
  id: string;
  email: string;
  isAdmin: boolean;
  cookie: string;
  firstName: string;
  lastName: string;
}

/** Registers an account through the API and returns it with its session cookie. */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ email: string; firstName: string; lastName: string; password: string }> = {},
): Promise<SignedIn> {
  counter += 1;
  const body = {
    email: `player${counter}-${Date.now()}@example.com`,
    firstName: `First${counter}`,
    lastName: `Last${counter}`,
    password: "correct horse battery",
    ...overrides,
  };
  const response = await app.inject({ method: "POST", url: "/api/auth/register", payload: body });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === "fp_session");
  const user = response.json();
  return { ...user, cookie: `fp_session=${cookie!.value}` };
}

/** The contest creation password the helpers below open contest creation with. */
export const CREATION_PASSWORD = "pw";

/** An admin, Alice and Bob signed up, and contest creation opened (`CREATION_PASSWORD`). */
export async function adminAliceAndBob(app: FastifyInstance) {
  const admin = await signUp(app, { email: "admin@example.com" });
  const alice = await signUp(app, { email: "alice@example.com", firstName: "Alice" });
  const bob = await signUp(app, { email: "bob@example.com", firstName: "Bob" });
  const opened = await app.inject({
    method: "PUT",
    url: "/api/system-config/contest_creation_password",
    payload: { value: CREATION_PASSWORD },
    headers: { cookie: admin.cookie },
  });
  if (opened.statusCode !== 200) throw new Error(`opening contest creation failed: ${opened.body}`);
  return { admin, alice, bob };
}

/**
 * A contest the first player creates ($20 a week, 2 picks each, unless `extra` says otherwise) and
 * the second accepts: its id. The creator picks first in odd weeks.
 */
export async function acceptedContest(
  app: FastifyInstance,
  creator: SignedIn,
  opponent: SignedIn,
  extra: object = {},
): Promise<string> {
  const created = await app.inject({
    method: "POST",
    url: "/api/contests",
    headers: { cookie: creator.cookie },
    payload: {
      name: "Head to Head",
      player2Email: opponent.email,
      defaultBetAmount: 20,
      maxPicksPerPlayer: 2,
      contestCreationPassword: CREATION_PASSWORD,
      ...extra,
    },
  });
  if (created.statusCode !== 201) throw new Error(`creating the contest failed: ${created.body}`);
  const id = created.json<{ id: string }>().id;
  const accepted = await app.inject({
    method: "PATCH",
    url: `/api/contests/${id}`,
    headers: { cookie: opponent.cookie },
    payload: { status: "active" },
  });
  if (accepted.statusCode !== 200) throw new Error(`accepting the contest failed: ${accepted.body}`);
  return id;
}
