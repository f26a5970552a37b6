import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { freshDatabase } from "../../../tests/setup/test-database";
import { BEAT_MS, NumberedNoticeReceiver, NumberedNotices, SILENCE_MS } from "./numbered-notices";

const database = await freshDatabase();
afterAll(() => database.close());

async function until(test: () => boolean) {
  for (let i = 0; i < 100 && !test(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  return test();
}

describe("NumberedNotices: sent after the commit, gathered", () => {
  it("sends what one turn of the event loop queues as one payload per channel, lines in order", async () => {
    const payloads: Record<"seq" | "plain", string[]> = { seq: [], plain: [] };
    const subscriptions = await Promise.all(
      (["seq", "plain"] as const).map((channel) =>
        database.listen(channel, { onPayload: (payload) => payloads[channel].push(payload) }),
      ),
    );
    const notices = new NumberedNotices(database, "seq");
    try {
      for (let i = 0; i < 5; i += 1) {
        notices.send("seq", `contest:${i}`);
        notices.send("plain", `{"n":${i}}`);
      }
      await notices.settled();
      expect(await until(() => payloads.seq.length === 1 && payloads.plain.length === 1)).toBe(true);
      const [header, ...lines] = payloads.seq[0]!.split("\n");
      expect(header).toBe(`@${notices.sender} 1`);
      expect(lines).toEqual(["contest:0", "contest:1", "contest:2", "contest:3", "contest:4"]);
      expect(payloads.plain[0]!.split("\n")).toEqual(["0", "1", "2", "3", "4"].map((n) => `{"n":${n}}`));

      // The next batch is numbered on; what does not fit one payload (8,000 bytes) goes in several.
      const long = "x".repeat(3_000);
      for (let i = 0; i < 5; i += 1) notices.send("seq", long);
      await notices.settled();
      expect(await until(() => payloads.seq.length === 4)).toBe(true);
      expect(payloads.seq.slice(1).map((payload) => payload.split("\n")[0])).toEqual(
        [2, 3, 4].map((n) => `@${notices.sender} ${n}`),
      );
      expect(payloads.seq.slice(1).flatMap((payload) => payload.split("\n").slice(1))).toHaveLength(5);

      await notices.stop();
      expect(await until(() => payloads.seq.length === 5)).toBe(true);
      expect(payloads.seq[4]).toBe(`@${notices.sender} 4 bye`);
    } finally {
      await Promise.all(subscriptions.map((subscription) => subscription.close()));
    }
  });
});

describe("NumberedNoticeReceiver", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("passes a notice sent in a transaction through as it is", () => {
    const lost = vi.fn();
    expect(new NumberedNoticeReceiver(lost).notices("contest:c1")).toEqual(["contest:c1"]);
    expect(lost).not.toHaveBeenCalled();
  });

  it("calls a batch that went missing lost: a gap in the numbers, or a beat ahead of the last batch", () => {
    const lost = vi.fn();
    const receiver = new NumberedNoticeReceiver(lost);
    expect(receiver.notices("@a 7\ncontest:c1\ncontest:c2")).toEqual(["contest:c1", "contest:c2"]);
    expect(receiver.notices("@a 8\ncontest:c3")).toEqual(["contest:c3"]);
    expect(receiver.notices("@a 8")).toEqual([]); // a beat: nothing since batch 8
    expect(lost).not.toHaveBeenCalled();

    expect(receiver.notices("@a 10\ncontest:c4")).toEqual(["contest:c4"]); // 9 never came
    expect(lost).toHaveBeenCalledTimes(1);
    expect(receiver.notices("@a 11")).toEqual([]); // the beat says 11 went out: it did not come
    expect(lost).toHaveBeenCalledTimes(2);
    // Another sender numbers its own batches.
    expect(receiver.notices("@b 1\ncontest:c5")).toEqual(["contest:c5"]);
    expect(lost).toHaveBeenCalledTimes(2);
  });

  it("leaves its own process's batches aside (done when queued), without keeping count", () => {
    const lost = vi.fn();
    const receiver = new NumberedNoticeReceiver(lost);
    receiver.start("me");
    try {
      expect(receiver.notices("@me 1\ncontest:c1")).toEqual([]);
      expect(receiver.notices("@me 5\ncontest:c2")).toEqual([]);
      expect(lost).not.toHaveBeenCalled();
    } finally {
      receiver.stop();
    }
  });

  it("calls a sender that stopped beating lost, and one that said goodbye not", () => {
    vi.useFakeTimers();
    const lost = vi.fn();
    const receiver = new NumberedNoticeReceiver(lost);
    receiver.start();
    try {
      receiver.notices("@quiet 1\ncontest:c1");
      receiver.notices("@leaving 3\ncontest:c2");
      receiver.notices("@leaving 3 bye");
      for (let elapsed = 0; elapsed < SILENCE_MS - BEAT_MS; elapsed += BEAT_MS) {
        vi.advanceTimersByTime(BEAT_MS);
        receiver.notices("@beating 0");
      }
      expect(lost).not.toHaveBeenCalled();
      vi.advanceTimersByTime(2 * BEAT_MS);
      receiver.notices("@beating 0");
      expect(lost).toHaveBeenCalledTimes(1); // the quiet one, once; the beating one is still there
      vi.advanceTimersByTime(2 * BEAT_MS);
      expect(lost).toHaveBeenCalledTimes(1);
    } finally {
      receiver.stop();
    }
  });
});
