/**
 * A player's tendencies: how they pick and how it goes, drawn from their graded picks (each pick
 * once, a lock of the week too). Every figure carries its count; a rate is drawn only from five
 * picks or more (docs/rules.md, "The rivalry").
 */
import { favoriteOf, type Market, type Side } from "./grading";
import { leagueClock } from "./league-time";

/** The fewest picks a rate is drawn from. */
export const MIN_PICKS = 5;

/** A graded pick with its game, as tendencies read it. */
export interface TendencyPick {
  market: Market;
  side: Side;
  lineSpread: number | null;
  lineFavorite: string | null;
  result: "win" | "loss" | "push";
  homeTeam: string;
  awayTeam: string;
  kickoff: Date;
}

export interface Figure {
  key: string;
  label: string;
  picks: number;
  wins: number;
  losses: number;
  pushes: number;
  /** Wins over wins and losses, 0 to 1; null below `MIN_PICKS` picks (or with only pushes). */
  winRate: number | null;
}

/** A set of figures that share their picks (favorite vs underdog): `picks` is their sum. */
export interface FigureGroup {
  picks: number;
  figures: Figure[];
}

export interface Tendencies {
  /** The graded picks read. */
  picks: number;
  /** The teams most often picked to cover (five picks or more each), most picked first; at most five. */
  rides: Figure[];
  /** The teams most often picked against, as `rides`. */
  fades: Figure[];
  favoriteUnderdog: FigureGroup;
  overUnder: FigureGroup;
  homeAway: FigureGroup;
  primeTime: FigureGroup;
  spreadSize: FigureGroup;
}

interface Tally {
  picks: number;
  wins: number;
  losses: number;
  pushes: number;
}

const emptyTally = (): Tally => ({ picks: 0, wins: 0, losses: 0, pushes: 0 });

function add(tally: Tally, result: TendencyPick["result"]) {
  tally.picks += 1;
  if (result === "win") tally.wins += 1;
  else if (result === "loss") tally.losses += 1;
  else tally.pushes += 1;
}

function figure(key: string, label: string, tally: Tally): Figure {
  const decided = tally.wins + tally.losses;
  return {
    key,
    label,
    ...tally,
    winRate: tally.picks >= MIN_PICKS && decided > 0 ? tally.wins / decided : null,
  };
}

/** Thursday, Sunday and Monday nights: a kickoff from 7 PM Eastern on one of those days. */
export function isPrimeTime(kickoff: Date): boolean {
  const { weekday, hour } = leagueClock(kickoff);
  return (weekday === 4 || weekday === 0 || weekday === 1) && hour >= 19;
}

/** The sizes of spread, by the line's points: up to 3, 3½ to 6½, 7 to 9½, 10 or more. */
export const SPREAD_SIZES = [
  { key: "spread-0-3", label: "Up to 3", max: 3 },
  { key: "spread-3-7", label: "3½ to 6½", max: 6.5 },
  { key: "spread-7-10", label: "7 to 9½", max: 9.5 },
  { key: "spread-10", label: "10 or more", max: Infinity },
] as const;

const spreadSizeOf = (spread: number) => SPREAD_SIZES.find((size) => Math.abs(spread) <= size.max)!;

/** The team a spread pick backs, and the one it goes against. */
export function teamsOf(pick: TendencyPick): { backed: string; against: string } | null {
  if (pick.market !== "spread" || pick.lineSpread === null) return null;
  const favorite = favoriteOf(pick, pick.lineSpread, pick.lineFavorite);
  const underdog = favorite === pick.homeTeam ? pick.awayTeam : pick.homeTeam;
  return pick.side === "favorite"
    ? { backed: favorite, against: underdog }
    : { backed: underdog, against: favorite };
}

function teamFigures(byTeam: Map<string, Tally>): Figure[] {
  return [...byTeam]
    .filter(([, tally]) => tally.picks >= MIN_PICKS)
    .sort(([a, one], [b, two]) => two.picks - one.picks || two.wins - one.wins || a.localeCompare(b))
    .slice(0, 5)
    .map(([team, tally]) => figure(team, team, tally));
}

function group(entries: readonly (readonly [key: string, label: string, tally: Tally])[]): FigureGroup {
  return {
    picks: entries.reduce((sum, [, , tally]) => sum + tally.picks, 0),
    figures: entries.map(([key, label, tally]) => figure(key, label, tally)),
  };
}

export function tendenciesOf(picks: readonly TendencyPick[]): Tendencies {
  const rides = new Map<string, Tally>();
  const fades = new Map<string, Tally>();
  const sides = { favorite: emptyTally(), underdog: emptyTally(), over: emptyTally(), under: emptyTally() };
  const venue = { home: emptyTally(), away: emptyTally() };
  const slot = { prime: emptyTally(), day: emptyTally() };
  const sizes = SPREAD_SIZES.map(() => emptyTally());
  const tallyOf = (map: Map<string, Tally>, team: string) => {
    let tally = map.get(team);
    if (!tally) map.set(team, (tally = emptyTally()));
    return tally;
  };
  for (const pick of picks) {
    add(sides[pick.side], pick.result);
    add(isPrimeTime(pick.kickoff) ? slot.prime : slot.day, pick.result);
    const teams = teamsOf(pick);
    if (!teams || pick.lineSpread === null) continue;
    add(tallyOf(rides, teams.backed), pick.result);
    add(tallyOf(fades, teams.against), pick.result);
    add(teams.backed === pick.homeTeam ? venue.home : venue.away, pick.result);
    add(sizes[SPREAD_SIZES.indexOf(spreadSizeOf(pick.lineSpread))]!, pick.result);
  }
  return {
    picks: picks.length,
    rides: teamFigures(rides),
    fades: teamFigures(fades),
    favoriteUnderdog: group([
      ["favorite", "Favorite", sides.favorite],
      ["underdog", "Underdog", sides.underdog],
    ]),
    overUnder: group([
      ["over", "Over", sides.over],
      ["under", "Under", sides.under],
    ]),
    homeAway: group([
      ["home", "Home team", venue.home],
      ["away", "Away team", venue.away],
    ]),
    primeTime: group([
      ["prime", "Prime time", slot.prime],
      ["day", "Day slate", slot.day],
    ]),
    spreadSize: group(SPREAD_SIZES.map((size, at) => [size.key, size.label, sizes[at]!] as const)),
  };
}
