import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AccountExport } from "../../src/contracts/account-data";
import {
  MESSAGE_EMPTY,
  MESSAGE_TOO_LONG,
  messageList,
  type ContestMessage,
} from "../../src/contracts/messages";
import type { NotificationSettings } from "../../src/contracts/notifications";
import { activity, contestMessages, outbox } from "../../src/server/db/schema";
import { TOO_MANY_MESSAGES } from "../../src/server/routes/messages/messages.routes";
import { NOT_YOURS, THREAD_CLOSED } from "../../src/server/services/messages.service";
import { as as request } from "../as";
import { openEventStream } from "../event-stream";
import { acceptedContest, adminAliceAndBob, CREATION_PASSWORD, signUp, type SignedIn } from "../factories";
import { createTestApp } from "../setup/test-app";

/**
 * A contest's trash talk (docs/rules.md, "Trash talk"): its players and the admins read and write,
 * newest last; the other player hears of it live (an event of its own kind) and by push, by e-mail
 * only once turned on; a message is its author's or an admin's to delete; ten a minute at most.
 */
const { app, db } = await createTestApp({ now: "2025-09-04T12:00:00Z" });
const as = (who: SignedIn | null) => request(app, who);

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let contestId: string;
let base = "";

const thread = async (who: SignedIn, id = contestId) => {
  const response = await as(who).get(`/api/contests/${id}/messages`);
  expect(response.statusCode, response.body).toBe(200);
  return messageList.parse(response.json()).messages;
};
const post = (who: SignedIn | null, body: unknown, id = contestId) =>
  as(who).post(`/api/contests/${id}/messages`, { body });
const posted = async (who: SignedIn, body: string) => {
  const response = await post(who, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ContestMessage>();
};
const messageMails = (to: string) =>
  db
    .select({ subject: outbox.subject, body: outbox.body })
    .from(outbox)
    .where(and(eq(outbox.kind, "messages"), eq(outbox.channel, "email"), eq(outbox.toAddress, to)));

beforeAll(async () => {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  ({ admin, alice, bob } = await adminAliceAndBob(app));
  carol = await signUp(app, { email: "carol@example.com", firstName: "Carol" });
  contestId = await acceptedContest(app, alice, bob, { name: "Loud Mouths" });
});

describe("the trash talk", () => {
  it("is written and read by both players, newest last, as plain text", async () => {
    expect(await thread(alice)).toEqual([]);
    await posted(alice, "  Dallas covers. Book it.  ");
    await posted(bob, "<b>Never</b> https://example.com");
    const messages = await thread(bob);
    expect(messages.map((message) => [message.authorId, message.body, message.canDelete])).toEqual([
      [alice.id, "Dallas covers. Book it.", false],
      [bob.id, "<b>Never</b> https://example.com", true],
    ]);
  });

  it("refuses empty and long messages, and changes nothing", async () => {
    const before = (await thread(alice)).length;
    for (const [body, message] of [
      ["   ", MESSAGE_EMPTY],
      ["x".repeat(501), MESSAGE_TOO_LONG],
      [undefined, MESSAGE_EMPTY],
    ] as const) {
      const response = await post(alice, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await thread(alice)).toHaveLength(before);
  });

  it("is the contest's players' and the admins' alone", async () => {
    expect((await as(null).get(`/api/contests/${contestId}/messages`)).statusCode).toBe(401);
    const outsider = await as(carol).get(`/api/contests/${contestId}/messages`);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().message).toBe("Contest not found.");
    expect((await post(carol, "Let me in")).statusCode).toBe(404);
    expect((await thread(admin)).every((message) => message.canDelete)).toBe(true);
  });

  it("tells the other player live, by its own kind of event, and by push; by e-mail once turned on", async () => {
    const stream = await openEventStream(base, bob);
    try {
      await posted(alice, "Sunday can't come soon enough.");
      const event = await stream.waitFor((candidate) => candidate.action === "message.posted");
      expect(event).toMatchObject({ action: "message.posted", contestId });
    } finally {
      await stream.close();
    }
    expect(await messageMails(bob.email)).toEqual([]);
    const settings = (await as(bob).get("/api/me/notifications")).json() as NotificationSettings;
    expect(settings.email.messages).toBe(false);
    expect(settings.push.messages).toBe(true);
    await as(bob).put("/api/me/notifications", { ...settings, email: { ...settings.email, messages: true } });
    await posted(alice, "Still waiting on that Cowboys cover.");
    const mails = await messageMails(bob.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${alice.firstName} ${alice.lastName} in “Loud Mouths”`);
    expect(mails[0]!.body).toContain("Still waiting on that Cowboys cover.");
    // The log says a message was posted, never what it said.
    const lines = await db.select().from(activity).where(eq(activity.action, "message.posted"));
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain("Cowboys");
  });

  it("is deleted by its author or an admin, never by the other player", async () => {
    const mine = await posted(alice, "Delete me later.");
    const url = `/api/contests/${contestId}/messages/${mine.id}`;
    const refused = await as(bob).delete(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_YOURS);
    expect((await as(alice).delete(url)).statusCode).toBe(204);
    expect((await as(alice).delete(url)).statusCode).toBe(404);
    const bobs = await posted(bob, "An admin may take this down.");
    expect((await as(admin).delete(`/api/contests/${contestId}/messages/${bobs.id}`)).statusCode).toBe(204);
    expect((await thread(alice)).map((message) => message.id)).not.toContain(bobs.id);
  });

  it("is limited to ten messages a minute each", async () => {
    const other = await acceptedContest(app, carol, alice, { name: "Quick Fire" });
    const results: number[] = [];
    for (let n = 0; n < 11; n += 1) results.push((await post(carol, `Message ${n}`, other)).statusCode);
    expect(results.filter((status) => status === 201).length).toBeLessThanOrEqual(10);
    const last = await post(carol, "One more", other);
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe(TOO_MANY_MESSAGES);
    expect(last.headers["retry-after"]).toBeDefined();
  });

  it("is closed in a declined contest", async () => {
    const created = await as(alice).post("/api/contests", {
      name: "Nope",
      player2Email: bob.email,
      defaultBetAmount: 5,
      maxPicksPerPlayer: 2,
      contestCreationPassword: CREATION_PASSWORD,
    });
    const id = created.json<{ id: string }>().id;
    expect((await as(bob).patch(`/api/contests/${id}`, { status: "rejected" })).statusCode).toBe(200);
    const closed = await post(alice, "Chicken.", id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(THREAD_CLOSED);
  });

  it("is in the author's download of their data, and leaves with their account", async () => {
    const exported = (await as(alice).get("/api/account/export")).json() as AccountExport;
    const contest = exported.contests.find((one) => one.id === contestId)!;
    expect(contest.messages.map((message) => message.body)).toEqual([
      "Dallas covers. Book it.",
      "Sunday can't come soon enough.",
      "Still waiting on that Cowboys cover.",
    ]);
    const gone = await app.inject({
      method: "DELETE",
      url: "/api/account",
      payload: { password: "correct horse battery" },
      headers: { cookie: bob.cookie },
    });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await db.select().from(contestMessages).where(eq(contestMessages.authorId, bob.id))).toEqual([]);
  });
});
