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
