import { useMemo } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { Handshake } from "lucide-react";
import { useForm, type Resolver } from "react-hook-form";
import type { z } from "zod";
import { BET_STEP } from "@/contracts/bets";
import type { Contest } from "@/contracts/contests";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "@/client/components/ui/form";
import { NumberFieldInput } from "@/client/components/number-field-input";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { changeText, proposalDefaults, proposalForm, type ProposalForm } from "@/client/lib/bets";
import { useProposeBetChange } from "@/client/lib/queries/bets";

type ProposalValues = z.output<ReturnType<typeof proposalForm>>;

/**
 * "Propose Bet Amount Change": a player proposes a new weekly amount from a week on (the contest's
 * current week to its last); the opponent must agree. Closes itself once the proposal is sent.
 */
export function ProposeBetChangeDialog({
  contest,
  opponentName,
  open,
  onOpenChange,
}: {
  contest: Pick<Contest, "id" | "name" | "currentWeek" | "totalWeeks" | "isFree" | "betAmount">;
  opponentName: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { currentWeek, totalWeeks } = contest;
  const resolver = useMemo(
    () =>
      zodResolver(proposalForm(currentWeek, totalWeeks)) as Resolver<ProposalForm, unknown, ProposalValues>,
    [currentWeek, totalWeeks],
  );
  const form = useForm<ProposalForm, unknown, ProposalValues>({
    resolver,
    defaultValues: proposalDefaults(currentWeek, contest),
  });
  const propose = useProposeBetChange();

  const changeOpen = (next: boolean) => {
    if (!next) form.reset(proposalDefaults(currentWeek, contest));
    onOpenChange(next);
  };

  const submit = form.handleSubmit((values) =>
    propose.mutate(
      { contestId: contest.id, ...values },
      {
        onSuccess: (change) => {
          toast({
            title: "Proposal Sent",
            description: `${opponentName} must approve ${changeText(change)} before it applies.`,
          });
          changeOpen(false);
        },
        onError: (error) =>
          toast({
            title: "Error",
            description: errorMessage(error, "Failed to send the bet change proposal."),
            variant: "destructive",
          }),
      },
    ),
  );

  const numberField = (name: keyof ProposalForm, label: string, attributes: object, description?: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <NumberFieldInput field={field} {...attributes} />
          </FormControl>
          {description ? <FormDescription className="text-xs">{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-h-[80vh] overflow-y-auto sm:max-w-[425px]">
        <DialogHeader>
          <DialogTitle>Propose Bet Amount Change</DialogTitle>
          <DialogDescription>
            A new weekly amount for “{contest.name}”, from the week you choose to the end of the contest.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form className="space-y-4" onSubmit={submit} noValidate>
            <div className="grid grid-cols-2 gap-3">
              {numberField(
                "week",
                "Week",
                { min: currentWeek, max: totalWeeks, step: 1 },
                `Week ${currentWeek} to ${totalWeeks}`,
              )}
              {numberField("newAmount", "New Amount ($)", { min: 0, step: BET_STEP }, "$0 makes it free")}
            </div>
            <p className="flex gap-2 rounded-lg border bg-muted/40 p-3 text-sm text-muted-foreground">
              <Handshake className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                Both players must agree: the change applies once {opponentName} approves it. Earlier weeks
                keep their pots.
              </span>
            </p>
            <DialogFooter className="pt-2">
              <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={propose.isPending}>
                {propose.isPending ? "Sending..." : "Send Proposal"}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
