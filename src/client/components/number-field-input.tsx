import type { ComponentProps } from "react";
import type { ControllerRenderProps, FieldPath, FieldValues } from "react-hook-form";
import { Input } from "@/client/components/ui/input";
import { numberOrUndefined } from "@/client/lib/bets";

/**
 * A number input bound to a form field that holds a number: empty is undefined ("not given"), so
 * the form's schema says what is missing rather than reading 0.
 */
export function NumberFieldInput<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  field: { name, ref, value, onBlur, onChange },
  inputMode = "numeric",
  ...props
}: { field: ControllerRenderProps<TValues, TName> } & Omit<
  ComponentProps<typeof Input>,
  "type" | "name" | "ref" | "value" | "onBlur" | "onChange"
>) {
  const number: unknown = value;
  return (
    <Input
      type="number"
      inputMode={inputMode}
      {...props}
      name={name}
      ref={ref}
      onBlur={onBlur}
      value={typeof number === "number" && Number.isFinite(number) ? number : ""}
      onChange={(event) => onChange(numberOrUndefined(event.target.value))}
    />
  );
}
