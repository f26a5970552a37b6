import { SwitchRow } from "@/client/components/switch-row";

const DESCRIPTION =
  "Each player guesses the total points of the week's last game; the closer guess takes a tied week.";

/**
 * "Weekly Tiebreaker" on or off (docs/rules.md). Render it inside the tiebreaker field's FormField;
 * `note` follows the description (Edit Contest says when a change applies).
 */
export function TiebreakerSwitch({
  note,
  ...props
}: {
  checked: boolean;
  disabled?: boolean;
  note?: string;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <SwitchRow
      label="Weekly Tiebreaker"
      description={note ? `${DESCRIPTION} ${note}` : DESCRIPTION}
      {...props}
    />
  );
}
