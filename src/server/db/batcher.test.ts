import { describe, expect, it } from "vitest";
import { Batcher, itself } from "./batcher";

/** A loader whose batches the test finishes by hand, recording what each asked for. */
function loader() {
  const batches: string[][] = [];
  const finish: ((fail?: Error) => void)[] = [];
  const batcher = new Batcher<string, string>(
    (keys) => {
      batches.push(keys);
      return new Promise((resolve, reject) =>
        finish.push((fail) =>
          fail
            ? reject(fail)
            : resolve(new Map(keys.filter((key) => key !== "gone").map((key) => [key, key.toUpperCase()]))),
        ),
      );
    },
    { concurrency: 1, maxBatch: 3, keyOf: itself },
  );
  return { batcher, batches, finish };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("Batcher", () => {
  it("sends keys asked for together in one batch, and those asked for while it runs in the next", async () => {
    const { batcher, batches, finish } = loader();
    const first = [batcher.load("a"), batcher.load("b")];
    await tick();
    expect(batches).toEqual([["a", "b"]]);
    const later = [batcher.load("c"), batcher.load("d"), batcher.load("c"), batcher.load("gone")];
    await tick();
    expect(batches).toHaveLength(1);
    finish[0]!();
    expect(await Promise.all(first)).toEqual(["A", "B"]);
    await tick();
    // At most three keys a batch; the same key waiting twice is asked for once.
    expect(batches.slice(1)).toEqual([["c", "d", "gone"]]);
    finish[1]!();
    expect(await Promise.all(later)).toEqual(["C", "D", "C", undefined]);
  });

  it("fails every reader of a failed batch, and goes on with the next", async () => {
    const { batcher, batches, finish } = loader();
    const failing = batcher.load("a");
    await tick();
    const next = batcher.load("b");
    finish[0]!(new Error("connection lost"));
    await expect(failing).rejects.toThrow("connection lost");
    await tick();
    expect(batches).toEqual([["a"], ["b"]]);
    finish[1]!();
    expect(await next).toBe("B");
  });

  it("hands the loader the items themselves, one per key", async () => {
    const asked: { contestId: string; week: number }[][] = [];
    const batcher = new Batcher<{ contestId: string; week: number }, string>(
      async (weeks) => {
        asked.push(weeks);
        return new Map(
          weeks.map(({ contestId, week }) => [`${contestId}|${week}`, `${contestId} week ${week}`]),
        );
      },
      { concurrency: 1, maxBatch: 10, keyOf: ({ contestId, week }) => `${contestId}|${week}` },
    );
    const read = await Promise.all([
      batcher.load({ contestId: "c1", week: 3 }),
      batcher.load({ contestId: "c1", week: 3 }),
      batcher.load({ contestId: "c2", week: 3 }),
    ]);
    expect(read).toEqual(["c1 week 3", "c1 week 3", "c2 week 3"]);
    expect(asked).toEqual([
      [
        { contestId: "c1", week: 3 },
        { contestId: "c2", week: 3 },
      ],
    ]);
  });
});
