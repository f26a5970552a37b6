import { readFileSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { weekOfEspnPostseason } from "@/domain/postseason";

/**
 * A stand-in for ESPN's scoreboard API on loopback, speaking its protocol: `GET {base}/scoreboard
 * ?seasontype=2&week=W&dates=YYYY` answers the week's recorded (or varied) response, and it fails
 * the ways the real one does: an HTTP error, a body cut in half, JSON that is not JSON, no answer.
 */
export const ESPN_PATH = "/apis/site/v2/sports/football/nfl";
const FIXTURES = path.resolve(import.meta.dirname, "fixtures/espn");

export type StandInMode = "ok" | "http500" | "cut" | "badjson" | "hang";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ESPN's shape, varied freely by tests
export type EspnEvent = any;
export interface Scoreboard {
  events: EspnEvent[];
  [key: string]: unknown;
}

/** A recorded response (tests/fixtures/espn), a fresh copy each time: tests vary it freely. */
export function recorded(file: string): Scoreboard {
  return JSON.parse(readFileSync(path.join(FIXTURES, file), "utf8")) as Scoreboard;
}

/** Our week of a query's season type and week (domain/postseason.ts): 0 for none of ours. */
function weekOfQuery(query: URLSearchParams): number {
  const week = Number(query.get("week"));
  if (query.get("seasontype") !== "3") return week;
  return weekOfEspnPostseason(week) ?? 0;
}

export class EspnStandIn {
  private server: Server | undefined;
  private readonly weeks = new Map<string, Scoreboard>();
  private readonly hanging = new Set<ServerResponse>();
  /** Every request's URL, in order. */
  readonly requests: URL[] = [];
  mode: StandInMode = "ok";
  /** The base URL to give as FEED_URL. */
  url = "";

  /**
   * What `?seasontype=2&week=W&dates=S` answers (a week not set answers no events); a week of ours
   * past 18 is a postseason one: `?seasontype=3&week=1` is week 19 (the Wild Card round), the Super
   * Bowl's week 5 is week 22, and the Pro Bowl's week 4 answers no events.
   */
  setWeek(season: number, week: number, body: Scoreboard): void {
    this.weeks.set(`${season}:${week}`, body);
  }

  week(season: number, week: number): Scoreboard | undefined {
    return this.weeks.get(`${season}:${week}`);
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://stand-in");
      this.requests.push(url);
      if (this.mode === "hang") {
        this.hanging.add(response);
        return;
      }
      if (url.pathname !== `${ESPN_PATH}/scoreboard`) {
        response.writeHead(404).end();
        return;
      }
      if (this.mode === "http500") {
        response.writeHead(500, { "content-type": "application/json" }).end('{"code":500}');
        return;
      }
      const key = `${url.searchParams.get("dates")}:${weekOfQuery(url.searchParams)}`;
      const body = JSON.stringify(this.weeks.get(key) ?? { events: [] });
      if (this.mode === "badjson") {
        response
          .writeHead(200, { "content-type": "application/json" })
          .end("<html>Service Unavailable</html>");
        return;
      }
      if (this.mode === "cut") {
        // Says the whole length, sends half, then drops the connection.
        response.writeHead(200, {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        });
        response.write(body.slice(0, Math.floor(body.length / 2)));
        response.socket?.destroy();
        return;
      }
      response.writeHead(200, { "content-type": "application/json" }).end(body);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}${ESPN_PATH}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.socket?.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Variations of a recorded event, in the shapes ESPN sends (tests/fixtures/espn/README.md). */
export const vary = {
  competitor(event: EspnEvent, homeAway: "home" | "away") {
    return event.competitions[0].competitors.find((team: EspnEvent) => team.homeAway === homeAway);
  },
  /** A game under way: scores, quarter and clock; odds gone, as ESPN does at kickoff. */
  live(
    event: EspnEvent,
    away: number,
    home: number,
    period = 2,
    clock = "6:52",
    name = "STATUS_IN_PROGRESS",
  ) {
    const competition = event.competitions[0];
    vary.competitor(event, "away").score = String(away);
    vary.competitor(event, "home").score = String(home);
    delete competition.odds;
    competition.status = {
      clock: 412,
      displayClock: clock,
      period,
      type: {
        name,
        state: "in",
        completed: false,
        description: "In Progress",
        shortDetail: `${clock} - ${period}`,
      },
    };
    event.status = competition.status;
    return event;
  },
  final(event: EspnEvent, away: number, home: number, overtime = false) {
    const competition = event.competitions[0];
    vary.competitor(event, "away").score = String(away);
    vary.competitor(event, "home").score = String(home);
    delete competition.odds;
    const detail = overtime ? "Final/OT" : "Final";
    competition.status = {
      clock: 0,
      displayClock: "0:00",
      period: overtime ? 5 : 4,
      type: {
        name: "STATUS_FINAL",
        state: "post",
        completed: true,
        description: "Final",
        detail,
        shortDetail: detail,
      },
    };
    event.status = competition.status;
    return event;
  },
  status(
    event: EspnEvent,
    name: "STATUS_POSTPONED" | "STATUS_CANCELED" | "STATUS_DELAYED" | "STATUS_SCHEDULED",
  ) {
    const competition = event.competitions[0];
    const state = name === "STATUS_DELAYED" || name === "STATUS_SCHEDULED" ? "pre" : "post";
    competition.status = {
      clock: 0,
      displayClock: "0:00",
      period: 0,
      type: { name, state, completed: false },
    };
    event.status = competition.status;
    return event;
  },
  /** A line in the recent shape (`spread` from the home team's view, favorite flags) and `details`. */
  line(event: EspnEvent, details: string, spread: number | undefined, overUnder: number | undefined) {
    const competition = event.competitions[0];
    const home = vary.competitor(event, "home").team.abbreviation;
    const odds: EspnEvent = { provider: { id: "58", name: "ESPN BET" }, details };
    if (overUnder !== undefined) odds.overUnder = overUnder;
    if (spread !== undefined) {
      odds.spread = spread;
      odds.homeTeamOdds = { favorite: spread < 0, underdog: spread > 0, team: { abbreviation: home } };
      odds.awayTeamOdds = { favorite: spread > 0, underdog: spread < 0 };
    }
    competition.odds = [odds];
    return event;
  },
  moved(event: EspnEvent, date: string, week?: number) {
    event.date = date;
    event.competitions[0].date = date;
    if (week !== undefined) event.week = { number: week };
    return event;
  },
};
