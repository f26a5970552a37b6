import { SwitchRow } from "@/client/components/switch-row";

/** "Free Contest": no weekly bet. Render it inside the isFree field's FormField. */
export function FreeContestSwitch(props: {
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return <SwitchRow label="Free Contest" description="Play for bragging rights, no weekly bet." {...props} />;
}
