import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import {
  editContestBody,
  type Contest,
  type EditContestBody,
  type EditContestForm,
} from "@/contracts/contests";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useEditContest } from "@/client/lib/queries/contests";
import { editableTerms, editBodyOf, editFormOf, postseasonTerms } from "./contests";

/**
 * Edit Contest's form, started from the contest as it is now and checked by the shared schema; a
 * stored edit runs `onDone`, a refused one stays in the dialog with the server's reason.
 */
export function useEditContestForm(contest: Contest, onDone: () => void) {
  const editContest = useEditContest();
  const form = useForm<EditContestForm, unknown, EditContestBody>({
    resolver: zodResolver(editContestBody),
    defaultValues: editFormOf(contest),
  });
  const isFree = useWatch({ control: form.control, name: "isFree" });
  const rounds = useWatch({ control: form.control, name: "rounds" });
  const postseason = useWatch({ control: form.control, name: "postseason" });
  const betAmount = useWatch({ control: form.control, name: "betAmount" });

  const submit = form.handleSubmit((values) =>
    editContest.mutate(
      { id: contest.id, ...editBodyOf(contest, values) },
      {
        onSuccess: () => {
          toast({ title: "Contest Updated", description: "The contest has been updated successfully." });
          onDone();
        },
        onError: (error) => {
          const message = errorMessage(error, "Failed to update contest. Please try again.");
          // Kept in the dialog too, beside the fields to fix: a toast goes away.
          form.setError("root.server", { message });
          toast({ title: "Error", description: message, variant: "destructive" });
        },
      },
    ),
  );

  return {
    form,
    isFree,
    hasRounds: Boolean(rounds),
    postseason: Boolean(postseason),
    /** The weekly bet as the form holds it, for the postseason rounds' amounts; none while free or unset. */
    bet: !isFree && typeof betAmount === "number" && betAmount > 0 ? betAmount : undefined,
    terms: editableTerms(contest),
    postseasonTerms: postseasonTerms(contest),
    serverError: form.formState.errors.root?.server?.message,
    submit,
    pending: editContest.isPending,
  };
}
