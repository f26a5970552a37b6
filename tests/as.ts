import type { FastifyInstance } from "fastify";
import type { SignedIn } from "./factories";

/** Requests as a signed-in user (or signed out with null). */
export function as(app: FastifyInstance, who: SignedIn | null) {
  const headers = who ? { cookie: who.cookie } : {};
  return {
    get: (url: string) => app.inject({ url, headers }),
    post: (url: string, payload?: object) => app.inject({ method: "POST", url, payload, headers }),
    patch: (url: string, payload?: object) => app.inject({ method: "PATCH", url, payload, headers }),
    put: (url: string, payload?: object) => app.inject({ method: "PUT", url, payload, headers }),
    delete: (url: string) => app.inject({ method: "DELETE", url, headers }),
  };
}
