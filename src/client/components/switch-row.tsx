import { FormControl, FormDescription, FormItem, FormLabel } from "@/client/components/ui/form";
import { Switch } from "@/client/components/ui/switch";

/** A form's on/off choice with its label and hint; render it inside the field's FormField. */
export function SwitchRow({
  label,
  description,
  checked,
  disabled,
  onCheckedChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <FormItem className="flex flex-row items-center justify-between gap-4 rounded-lg border p-3">
      <div className="space-y-0.5">
        <FormLabel>{label}</FormLabel>
        <FormDescription>{description}</FormDescription>
      </div>
      <FormControl>
        <Switch checked={checked} disabled={disabled} onCheckedChange={onCheckedChange} />
      </FormControl>
    </FormItem>
  );
}
