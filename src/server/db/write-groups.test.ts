import { describe, expect, it } from "vitest";
import { WriteGroups } from "./write-groups";

interface Input {
  key: string;
  value: number;
}

/** A writer whose statements wait until released, recording the groups they carried. */
function recordingWriter(options: {
  inFlight?: number;
  maxGroup?: number;
  fails?: (input: Input) => boolean;
}) {
  const groups: number[][] = [];
  const pending: (() => void)[] = [];
  const writer = new WriteGroups<Input, string>({
    run: async (inputs) => {
      groups.push(inputs.map((input) => input.value));
      await new Promise<void>((resolve) => pending.push(resolve));
      if (inputs.some((input) => options.fails?.(input))) throw new Error(`failed: ${inputs.length}`);
      return inputs.map((input) => `stored ${input.value}`);
    },
    key: (input) => input.key,
    inFlight: options.inFlight ?? 1,
    maxGroup: options.maxGroup ?? 10,
  });
  /** Lets every statement on its way finish, then waits for the next ones to start. */
  const release = async () => {
    for (const resolve of pending.splice(0)) resolve();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { writer, groups, release };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("WriteGroups", () => {
  it("sends a write alone at once, and gathers what arrives while statements are on their way", async () => {
    const { writer, groups, release } = recordingWriter({ inFlight: 1 });
    const first = writer.submit({ key: "a", value: 1 });
    await tick();
    expect(groups).toEqual([[1]]);

    const later = [2, 3, 4].map((value) => writer.submit({ key: `k${value}`, value }));
    await tick();
    expect(groups).toEqual([[1]]);
    await release();
    expect(groups).toEqual([[1], [2, 3, 4]]);
    await release();
    expect(await first).toBe("stored 1");
    expect(await Promise.all(later)).toEqual(["stored 2", "stored 3", "stored 4"]);
  });

  it("never puts two writes with one key in a statement, nor in two statements at once", async () => {
    const { writer, groups, release } = recordingWriter({ inFlight: 2 });
    const results = [
      writer.submit({ key: "a", value: 1 }),
      writer.submit({ key: "a", value: 2 }),
      writer.submit({ key: "b", value: 3 }),
    ];
    await tick();
    // The second "a" waits, though a second statement could go.
    expect(groups).toEqual([[1, 3]]);
    await release();
    expect(groups).toEqual([[1, 3], [2]]);
    await release();
    expect(await Promise.all(results)).toEqual(["stored 1", "stored 2", "stored 3"]);
  });

  it("keeps to the statements in flight and to the group's size", async () => {
    const { writer, groups, release } = recordingWriter({ inFlight: 2, maxGroup: 2 });
    const results = [1, 2, 3, 4, 5, 6].map((value) => writer.submit({ key: `k${value}`, value }));
    await tick();
    expect(groups).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await release();
    expect(groups.slice(2)).toEqual([[5, 6]]);
    await release();
    expect(await Promise.all(results)).toHaveLength(6);
  });

  it("runs each write of a failed statement alone: one write's error is its own", async () => {
    const { writer, groups, release } = recordingWriter({ fails: (input) => input.value === 2 });
    const results = [1, 2, 3].map((value) =>
      writer.submit({ key: `k${value}`, value }).then(
        (stored) => stored,
        (error: Error) => error.message,
      ),
    );
    await tick();
    await release();
    expect(groups).toEqual([[1, 2, 3], [1], [2], [3]]);
    await release();
    expect(await Promise.all(results)).toEqual(["stored 1", "failed: 1", "stored 3"]);
    // The keys are free again.
    const again = writer.submit({ key: "k2", value: 7 });
    await tick();
    await release();
    expect(await again).toBe("stored 7");
  });
});
