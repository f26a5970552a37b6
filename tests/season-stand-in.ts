// A whole season for the ESPN stand-in (tests/feed-stand-in-cli.ts), on the real clock: the shipped
// 2025 schedule (lines and scores) moved to another season, its Thursday openers on the same
// Thursdays of the calendar, in ESPN's scoreboard format. Games kicked off over 3 h 15 min ago are
// final with 2025's scores; those kicked off since are live, part-way to them; the rest are
// scheduled with 2025's lines. Where ESPN's own answer for a week of that season was recorded
// (tests/fixtures/espn), that answer is served instead. For a walkthrough on today's date without the
// internet:
//
//   node --import tsx tests/season-stand-in.ts .tmp/feed 2026
//   node --import tsx tests/feed-stand-in-cli.ts 5071 .tmp/feed &
//   FEED_URL=http://127.0.0.1:5071/apis/site/v2/sports/football/nfl npm start
import { writeFileSync, mkdirSync, existsSync } from "node:fs";
import path from "node:path";
import { readCsv, type ScheduleCsvRow } from "../src/server/db/seed";
import { TEAM_CODES } from "../src/server/feed/espn";
import { recorded, vary, type EspnEvent, type Scoreboard } from "./feed-stand-in";

const SCHEDULE = path.resolve(import.meta.dirname, "../data-seed/nfl-2025-schedule.csv");
const GAME_MS = 3.25 * 3_600_000;
const DAY_MS = 86_400_000;
/** Our team codes that ESPN writes otherwise (the feed's own table, turned around). */
const ESPN_CODES = Object.fromEntries(Object.entries(TEAM_CODES).map(([espn, ours]) => [ours, espn]));

type Row = ScheduleCsvRow;

/** The first Thursday after the first Monday of September (Labor Day): the season's opener. */
export function openerOf(season: number): Date {
  const laborDay = new Date(Date.UTC(season, 8, 1));
  while (laborDay.getUTCDay() !== 1) laborDay.setUTCDate(laborDay.getUTCDate() + 1);
  return new Date(laborDay.getTime() + 3 * DAY_MS);
}

const minute = (at: number) => new Date(at).toISOString().replace(/:\d\d\.\d{3}Z$/, "Z");

function event(row: Row, index: number, season: number, kickoff: number): EspnEvent {
  const team = (code: string, homeAway: "home" | "away") => ({
    id: code,
    homeAway,
    score: "0",
    team: { abbreviation: ESPN_CODES[code] ?? code, displayName: code },
  });
  const date = minute(kickoff);
  const away = ESPN_CODES[row.awayTeam] ?? row.awayTeam;
  const home = ESPN_CODES[row.homeTeam] ?? row.homeTeam;
  const scheduled = {
    clock: 0,
    displayClock: "0:00",
    period: 0,
    type: { name: "STATUS_SCHEDULED", state: "pre", completed: false, shortDetail: date },
  };
  return {
    id: `49${season}${String(index).padStart(4, "0")}`,
    date,
    name: `${row.awayTeam} at ${row.homeTeam}`,
    shortName: `${away} @ ${home}`,
    season: { year: season, type: 2 },
    week: { number: Number(row.week) },
    status: scheduled,
    competitions: [
      {
        date,
        neutralSite: false,
        competitors: [team(row.homeTeam, "home"), team(row.awayTeam, "away")],
        status: scheduled,
      },
    ],
  };
}

/** One game's state at `now`: its line before kickoff, part of its score while live, its score after. */
function play(game: EspnEvent, row: Row, kickoff: number, now: number): void {
  const home = Number(row.homeScore);
  const away = Number(row.awayScore);
  if (now >= kickoff + GAME_MS && row.homeScore !== "") {
    vary.final(game, away, home);
  } else if (now >= kickoff && row.homeScore !== "") {
    const part = (now - kickoff) / GAME_MS;
    const period = Math.min(4, 1 + Math.floor(part * 4));
    vary.live(game, Math.floor(away * part), Math.floor(home * part), period, "7:30");
  } else if (row.spread !== "") {
    const spread = Number(row.spread);
    const details =
      spread === 0 ? "EVEN" : `${ESPN_CODES[row.favoriteTeam] ?? row.favoriteTeam} -${Math.abs(spread)}`;
    vary.line(game, details, spread, row.overUnder === "" ? undefined : Number(row.overUnder));
  }
}

/** Every week of `season` as ESPN would answer it at `now`. */
export function seasonOnTheClock(season: number, now = new Date()): Map<number, Scoreboard> {
  const rows = readCsv<Row>(SCHEDULE);
  const shift = openerOf(season).getTime() - openerOf(2025).getTime();
  const weeks = new Map<number, Scoreboard>();
  rows.forEach((row, index) => {
    const kickoff = Date.parse(row.gameDate) + shift;
    const game = event(row, index, season, kickoff);
    play(game, row, kickoff, now.getTime());
    const week = Number(row.week);
    if (!weeks.has(week)) weeks.set(week, { events: [] });
    weeks.get(week)!.events.push(game);
  });
  // ESPN's own answers where recorded (only whole weeks: a partial one would drop games).
  for (const week of weeks.keys()) {
    const file = `${season}-week-${week}-final.json`;
    if (existsSync(path.resolve(import.meta.dirname, "fixtures/espn", file))) weeks.set(week, recorded(file));
  }
  return weeks;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const [folder = ".tmp/feed", season = "2026"] = process.argv.slice(2);
  mkdirSync(folder, { recursive: true });
  for (const [week, body] of seasonOnTheClock(Number(season))) {
    writeFileSync(path.join(folder, `${season}-${week}.json`), JSON.stringify(body));
  }
  console.log(`${season}: 18 weeks on the clock of ${new Date().toISOString()} written to ${folder}`);
}
