import { describe, expect, it } from "vitest";
import {
  SEASON_AND_POSTSEASON_WEEKS,
  weekLabel,
  weekNameOfShortLabel,
  weekPhrase,
  weekPhraseStart,
  weekShortLabel,
} from "./week-names";

describe("a week's names", () => {
  it("lists the regular weeks and the postseason's rounds, 1 to 22", () => {
    expect(SEASON_AND_POSTSEASON_WEEKS).toHaveLength(22);
    expect(SEASON_AND_POSTSEASON_WEEKS[0]).toBe(1);
    expect(SEASON_AND_POSTSEASON_WEEKS.at(-1)).toBe(22);
  });

  it.each([
    [12, "Week 12", "week 12", "Week 12", "week 12", "Week 12", "W12"],
    [18, "Week 18", "week 18", "Week 18", "week 18", "Week 18", "W18"],
    [19, "Wild Card", "Wild Card", "the Wild Card round", "the Wild Card round", "The Wild Card round", "WC"],
    [
      20,
      "Divisional",
      "Divisional",
      "the Divisional round",
      "the Divisional round",
      "The Divisional round",
      "DIV",
    ],
    [
      21,
      "Conference Championships",
      "Conference Championships",
      "the Conference Championships",
      "the Conference Championships",
      "The Conference Championships",
      "CONF",
    ],
    [22, "Super Bowl", "Super Bowl", "the Super Bowl", "the Super Bowl", "The Super Bowl", "SB"],
  ])("week %i: %s", (week, label, lowerLabel, phrase, lowerPhrase, start, short) => {
    expect(weekLabel(week)).toBe(label);
    expect(weekLabel(week, true)).toBe(lowerLabel);
    expect(weekPhrase(week)).toBe(phrase);
    expect(weekPhrase(week, true)).toBe(lowerPhrase);
    expect(weekPhraseStart(week)).toBe(start);
    expect(weekShortLabel(week)).toBe(short);
    expect(weekNameOfShortLabel(short)).toBe(label);
  });

  it("leaves another axis label as it is", () => {
    expect(weekNameOfShortLabel("Start")).toBe("Start");
  });
});
