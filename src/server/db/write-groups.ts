/**
 * One hot write made for many callers in one statement (decision 016): while `inFlight` statements
 * are on their way, what callers submit waits, and the next statement carries all of it (up to
 * `maxGroup`), so under load many writes share one round trip, one commit and one flush to disk,
 * and alone a write goes at once. Two inputs with the same key are never in one statement, nor in
 * two at the same time: the later one waits for the statement carrying the earlier.
 *
 * `run` makes one statement of a group and gives each input's outcome, in order. A statement that
 * fails stored nothing (it is one statement): each of its inputs is then run alone, so that one
 * input's error (a unique index, say) is that input's alone.
 */
export class WriteGroups<Input, Output> {
  private readonly queue: Waiting<Input, Output>[] = [];
  private readonly busy = new Set<string>();
  private running = 0;
  private scheduled = false;

  constructor(
    private readonly options: {
      run: (inputs: Input[]) => Promise<Output[]>;
      key: (input: Input) => string;
      inFlight: number;
      maxGroup: number;
    },
  ) {}

  submit(input: Input): Promise<Output> {
    return new Promise<Output>((resolve, reject) => {
      this.queue.push({ input, key: this.options.key(input), resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      // Gathers what the rest of this turn of the event loop submits.
      setImmediate(() => {
        this.scheduled = false;
        this.pump();
      });
    });
  }

  private pump(): void {
    while (this.running < this.options.inFlight) {
      const group = this.take();
      if (group.length === 0) return;
      this.running += 1;
      void this.send(group).finally(() => {
        for (const waiting of group) this.busy.delete(waiting.key);
        this.running -= 1;
        this.pump();
      });
    }
  }

  /** The oldest waiting inputs whose keys are free, one per key. */
  private take(): Waiting<Input, Output>[] {
    const group: Waiting<Input, Output>[] = [];
    for (let index = 0; index < this.queue.length && group.length < this.options.maxGroup;) {
      const waiting = this.queue[index]!;
      if (this.busy.has(waiting.key)) {
        index += 1;
        continue;
      }
      this.busy.add(waiting.key);
      group.push(waiting);
      this.queue.splice(index, 1);
    }
    return group;
  }

  private async send(group: Waiting<Input, Output>[]): Promise<void> {
    try {
      const outputs = await this.options.run(group.map((waiting) => waiting.input));
      group.forEach((waiting, index) => waiting.resolve(outputs[index]!));
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
      await Promise.all(
        group.map(async (waiting) => {
          try {
            const [output] = await this.options.run([waiting.input]);
            waiting.resolve(output!);
          } catch (alone) {
            waiting.reject(alone);
          }
        }),
      );
    }
  }
}

interface Waiting<Input, Output> {
  input: Input;
  key: string;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
}
