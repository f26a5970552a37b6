import { Loader2 } from "lucide-react";
import type { UseFormReturn } from "react-hook-form";
import { Button } from "@/client/components/ui/button";
import { DialogClose, DialogFooter } from "@/client/components/ui/dialog";
import { Form } from "@/client/components/ui/form";
import type { GameFormOutput, GameFormValues } from "@/client/lib/game-form";
import { GameFormFields } from "./game-form-fields";

/**
 * The form inside the Add Game and Edit Game dialogs: the game form's fields (weeks 1 to 22), then
 * Cancel and the submit button, both held while the request is on its way.
 */
export function GameDialogForm({
  form,
  label,
  withStatus = false,
  pending,
  submitText,
  pendingText,
  onSubmit,
}: {
  form: UseFormReturn<GameFormValues, unknown, GameFormOutput>;
  /** The form's accessible name. */
  label: string;
  withStatus?: boolean;
  pending: boolean;
  submitText: string;
  pendingText: string;
  onSubmit(values: GameFormOutput): Promise<unknown>;
}) {
  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} aria-label={label} className="grid gap-6">
        <GameFormFields
          control={form.control}
          variant="dialog"
          withStatus={withStatus}
          className="grid-cols-1 sm:grid-cols-2"
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={pending}>
            {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {pending ? pendingText : submitText}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
