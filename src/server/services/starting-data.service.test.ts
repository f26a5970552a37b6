import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { notFound } from "../errors";
import { answerer } from "./starting-data.service";

/**
 * An answer a page carries (decision 054) as its GET's URL and JSON; one that fails is left out (the
 * screen asks for it): a refusal meant for the user is the GET's to give, anything else is logged.
 */
describe("an answer the page carries", () => {
  const logger = () => {
    const warn = vi.fn();
    return { warn, log: { warn } as unknown as FastifyBaseLogger };
  };

  it("is the answer's JSON at its URL, a string as it is", async () => {
    const { warn, log } = logger();
    const answer = answerer(log);
    expect(await answer("/api/a", { week: 3 })).toEqual([["/api/a", '{"week":3}']]);
    expect(await answer("/api/b", Promise.resolve('{"cached":true}'))).toEqual([
      ["/api/b", '{"cached":true}'],
    ]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("is left out and logged at warn, with the URL it answers, when the failure is the server's", async () => {
    const { warn, log } = logger();
    const error = new Error("connection terminated unexpectedly");
    expect(await answerer(log)("/api/contests/c1/turn/3", Promise.reject(error))).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      { err: error, answer: "/api/contests/c1/turn/3" },
      "an answer the page carries failed; the screen will ask",
    );
  });

  it("is left out without a log line when it is a refusal meant for the user (the GET gives it)", async () => {
    const { warn, log } = logger();
    expect(
      await answerer(log)("/api/contests/c1/turn/3", Promise.reject(notFound("Contest not found."))),
    ).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });
});
