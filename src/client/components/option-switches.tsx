import { SwitchRow } from "@/client/components/switch-row";

/** A contest's options of play (docs/rules.md, "Contest options"), as their switches name them. */
export const OPTION_SWITCHES = [
  {
    option: "tiebreaker",
    label: "Weekly Tiebreaker",
    description:
      "Each player guesses the total points of the week's last game; the closer guess takes a tied week.",
  },
  {
    option: "lockOfTheWeek",
    label: "Lock of the Week",
    description: "Each player may mark one pick a week as their lock: it counts two wins, or two losses.",
  },
  {
    option: "potRollover",
    label: "Pot Rollover",
    description: "A week no one wins rolls its pot into the next week's, until a week is won.",
  },
] as const;

export type ContestOption = (typeof OPTION_SWITCHES)[number]["option"];

/**
 * One option of play on or off. Render it inside its field's FormField; `note` follows the
 * description (Edit Contest says when a change applies).
 */
export function OptionSwitch({
  option,
  note,
  ...props
}: {
  option: ContestOption;
  checked: boolean;
  disabled?: boolean;
  note?: string;
  onCheckedChange: (checked: boolean) => void;
}) {
  const { label, description } = OPTION_SWITCHES.find((candidate) => candidate.option === option)!;
  return <SwitchRow label={label} description={note ? `${description} ${note}` : description} {...props} />;
}
