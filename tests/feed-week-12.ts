import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Game } from "../src/contracts/games";
import { as as request } from "./as";
import { openEventStream, type EventStream } from "./event-stream";
import { acceptedContest, CREATION_PASSWORD, signUp, type SignedIn } from "./factories";

export interface People {
  admin: SignedIn;
  alice: SignedIn;
  bob: SignedIn;
  carol: SignedIn;
  dave: SignedIn;
}

/**
 * Week 12 of 2025 brought in through the feed (its stand-in set up by the test), on a listening
 * server: an admin and four players, contests of one pick a week, both players' picks on a game,
 * and event streams closed by `closeStreams`. The live-score tests' common ground.
 */
export function feedWeek12(app: FastifyInstance) {
  const as = (who: SignedIn | null) => request(app, who);
  let base = "";
  let people: People | undefined;
  const streams: EventStream[] = [];
  const who = () => {
    if (!people) throw new Error("feedWeek12: call setUp first");
    return people;
  };

  const sync = async () => {
    const response = await as(who().admin).post("/api/admin/feed/sync", { season: 2025, week: 12 });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const gameOf = async (away: string, home: string) => {
    const games = (await as(who().alice).get("/api/games/week/12/season/2025")).json() as Game[];
    return games.find((game) => game.awayTeam === away && game.homeTeam === home)!;
  };
  const newContest = (one: SignedIn, two: SignedIn) =>
    acceptedContest(app, one, two, { name: `${one.email} v ${two.email}`, maxPicksPerPlayer: 1 });
  const submit = (by: SignedIn, contestId: string, gameId: string, side: "favorite" | "underdog") =>
    as(by).post("/api/picks/batch", {
      contestId,
      week: 12,
      round: 1,
      picks: [{ gameId, market: "spread", side }],
    });
  /** The week's first picker takes the favorite, the other the underdog; says who took the favorite. */
  async function pickBoth(contestId: string, one: SignedIn, two: SignedIn, gameId: string) {
    const first = await submit(one, contestId, gameId, "favorite");
    const [second, favorite] = first.statusCode === 201 ? [two, one] : [one, two];
    if (first.statusCode !== 201)
      expect((await submit(two, contestId, gameId, "favorite")).statusCode).toBe(201);
    const response = await submit(second, contestId, gameId, "underdog");
    expect(response.statusCode, response.body).toBe(201);
    return { favorite };
  }

  return {
    sync,
    gameOf,
    newContest,
    pickBoth,
    /** Listens, signs the five up, opens contest creation and brings the week in. */
    async setUp(): Promise<People> {
      await app.listen({ port: 0, host: "127.0.0.1" });
      base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      people = {
        admin: await signUp(app, { email: "admin@example.com" }),
        alice: await signUp(app, { email: "alice@example.com", firstName: "Alice" }),
        bob: await signUp(app, { email: "bob@example.com", firstName: "Bob" }),
        carol: await signUp(app, { email: "carol@example.com", firstName: "Carol" }),
        dave: await signUp(app, { email: "dave@example.com", firstName: "Dave" }),
      };
      await as(people.admin).put("/api/system-config/contest_creation_password", {
        value: CREATION_PASSWORD,
      });
      await sync();
      return people;
    },
    /** An event stream of `by`'s, closed by `closeStreams`. */
    async open(by: SignedIn) {
      const stream = await openEventStream(base, by);
      streams.push(stream);
      return stream;
    },
    closeStreams: () => Promise.all(streams.map((stream) => stream.close())),
  };
}
