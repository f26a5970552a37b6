import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { EMAIL_MESSAGE_MAX, EMAIL_SUBJECT_MAX, sendEmailBody } from "@/contracts/outbox";
import type { ListedUser } from "@/contracts/users";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/client/components/ui/form";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useSendEmail } from "@/client/lib/queries/outbox";
import { displayName } from "@/client/lib/queries/users";

function SendEmailForm({ player, onDone }: { player: ListedUser; onDone(): void }) {
  const send = useSendEmail();
  const form = useForm({ resolver: zodResolver(sendEmailBody), defaultValues: { subject: "", message: "" } });
  const name = displayName(player);

  const onSubmit = form.handleSubmit((body) =>
    send.mutate(
      { userId: player.id, ...body },
      {
        onSuccess: (mail) => {
          toast(
            mail.status === "kept"
              ? {
                  title: "Email Saved to Outbox",
                  description: `No mail server is configured, so your message to ${name} is kept in the outbox under Settings.`,
                }
              : { title: "Email Sent", description: `Your message to ${name} is on its way.` },
          );
          onDone();
        },
        onError: (error) =>
          toast({
            title: "Email Not Sent",
            description: errorMessage(error, "Failed to send email. Please try again."),
            variant: "destructive",
          }),
      },
    ),
  );

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <fieldset disabled={send.isPending} className="space-y-4">
          <legend className="sr-only">Message</legend>
          <FormField
            control={form.control}
            name="subject"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Subject</FormLabel>
                <FormControl>
                  <Input autoComplete="off" maxLength={EMAIL_SUBJECT_MAX} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="message"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Message</FormLabel>
                <FormControl>
                  <Textarea rows={8} maxLength={EMAIL_MESSAGE_MAX} className="max-h-[40vh]" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </fieldset>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? "Sending..." : "Send Email"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

/** An admin writes to a player: the mail goes out by SMTP, or waits in the outbox without it. */
export function SendEmailDialog({
  player,
  open,
  onOpenChange,
}: {
  player: ListedUser | undefined;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open && player !== undefined} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Send Email</DialogTitle>
          <DialogDescription className="wrap-anywhere">
            {player ? `To ${displayName(player)} <${player.email}>. Replies come to your address.` : null}
          </DialogDescription>
        </DialogHeader>
        {player ? <SendEmailForm key={player.id} player={player} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
