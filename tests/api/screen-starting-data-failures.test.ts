import { Writable } from "node:stream";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { readStartingData } from "../../src/client/app/starting-data";
import { notFound } from "../../src/server/errors";
import type * as TurnService from "../../src/server/services/turn.service";
import { acceptedContest, adminAliceAndBob } from "../factories";
import { fakeClientRoot, startingDataText } from "../setup/client-root";
import { createTestApp } from "../setup/test-app";

/**
 * An answer the page carries that fails (decision 054) is left out, and the screen asks for it: a
 * refusal meant for the user is the GET's to give, anything else is logged, as its route would log it.
 */
const failure = vi.hoisted(() => ({ next: undefined as Error | undefined }));
vi.mock("../../src/server/services/turn.service", async (original) => {
  const real = await original<typeof TurnService>();
  return {
    ...real,
    getTurn: (...args: Parameters<typeof real.getTurn>) =>
      failure.next ? Promise.reject(failure.next) : real.getTurn(...args),
  };
});

const lines: Record<string, unknown>[] = [];
const logged = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const { app } = await createTestApp({
  now: "2025-09-04T12:00:00Z",
  clientRoot: fakeClientRoot(),
  logger: { level: "warn", stream: logged },
});

let people: Awaited<ReturnType<typeof adminAliceAndBob>>;
let turnUrl: string;
beforeAll(async () => {
  people = await adminAliceAndBob(app);
  const contestId = await acceptedContest(app, people.alice, people.bob);
  turnUrl = `/api/contests/${contestId}/turn/1`;
});
beforeEach(() => {
  lines.length = 0;
  failure.next = undefined;
});

/** The dashboard as Alice gets it: the URLs of the answers its page carries. */
async function dashboard() {
  const response = await app.inject({
    url: "/",
    headers: { cookie: people.alice.cookie, "accept-encoding": "identity" },
  });
  expect(response.statusCode).toBe(200);
  const text = startingDataText(response.body);
  return readStartingData(text).answers.map(([url]) => url);
}

describe("an answer the page carries that fails", () => {
  it("is carried when it does not fail", async () => {
    expect(await dashboard()).toContain(turnUrl);
    expect(lines).toEqual([]);
  });

  it("is left out and logged, with the address it answers, when the failure is the server's", async () => {
    failure.next = new Error("connection terminated unexpectedly");
    const carried = await dashboard();
    expect(carried).not.toContain(turnUrl);
    expect(carried).toContain("/api/contests");
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        answer: turnUrl,
        msg: "an answer the page carries failed; the screen will ask",
        err: expect.objectContaining({ message: "connection terminated unexpectedly" }),
      }),
    ]);
  });

  it("is left out without a log line when it is a refusal meant for the user (the GET gives it)", async () => {
    failure.next = notFound("Contest not found.");
    expect(await dashboard()).not.toContain(turnUrl);
    expect(lines).toEqual([]);
  });
});
