import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { User } from "@/contracts/auth";
import { updateUserBody, type ListedUser } from "@/contracts/users";
import { Avatar, AvatarFallback } from "@/client/components/ui/avatar";
import { Badge } from "@/client/components/ui/badge";
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
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
} from "@/client/components/ui/form";
import { LabeledField } from "@/client/components/labeled-field";
import { Input } from "@/client/components/ui/input";
import { Switch } from "@/client/components/ui/switch";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { formatDate } from "@/client/lib/format";
import { displayName, initials, usePlayerRecord, useUpdateUser } from "@/client/lib/queries/users";

function PlayerSummary({ player }: { player: ListedUser }) {
  const name = displayName(player);
  const record = usePlayerRecord(player.id);
  const winLoss = record.data
    ? `${record.data.wins}-${record.data.losses}`
    : record.isError
      ? "Unavailable"
      : "…";
  const facts: [string, string][] = [
    ["Last Active", formatDate(player.createdAt)],
    ["Win-Loss", winLoss],
    ["Contests", String(player.contestsCount)],
  ];
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-4">
        <Avatar className="size-12">
          <AvatarFallback className="bg-primary/10 font-semibold text-primary">
            {initials(name)}
          </AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-lg font-semibold">{name}</span>
            {player.isAdmin ? <Badge>Admin</Badge> : null}
          </div>
          <div className="text-sm wrap-anywhere text-muted-foreground">{player.email}</div>
        </div>
      </div>
      <dl className="grid grid-cols-3 divide-x rounded-lg border text-center">
        {facts.map(([term, value]) => (
          <div key={term} className="px-2 py-3">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="mt-1 text-sm font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function PlayerForm({ player, viewer, onDone }: { player: ListedUser; viewer: User | null; onDone(): void }) {
  const isSelf = viewer?.id === player.id;
  const viewerIsAdmin = viewer?.isAdmin === true;
  const canEdit = viewerIsAdmin || isSelf;
  const canToggleAdmin = viewerIsAdmin && !isSelf;
  const update = useUpdateUser();
  const form = useForm({
    resolver: zodResolver(updateUserBody),
    defaultValues: { firstName: player.firstName, lastName: player.lastName, isAdmin: player.isAdmin },
  });

  const onSubmit = form.handleSubmit(({ firstName, lastName, isAdmin }) =>
    update.mutate(
      { id: player.id, firstName, lastName, ...(canToggleAdmin ? { isAdmin } : {}) },
      {
        onSuccess: () => {
          toast({
            title: "Player Updated",
            description: "Player information has been updated successfully.",
          });
          onDone();
        },
        onError: (error) =>
          toast({
            title: "Update Failed",
            description: errorMessage(error, "Failed to update player information."),
            variant: "destructive",
          }),
      },
    ),
  );

  const nameField = (name: "firstName" | "lastName", label: string, autoComplete: string) => (
    <LabeledField control={form.control} name={name} label={label}>
      {(field) => <Input autoComplete={autoComplete} {...field} />}
    </LabeledField>
  );

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <fieldset disabled={!canEdit || update.isPending} className="space-y-4">
          <legend className="sr-only">Player details</legend>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {nameField("firstName", "First name", "off")}
            {nameField("lastName", "Last name", "off")}
          </div>
          {canToggleAdmin ? (
            <FormField
              control={form.control}
              name="isAdmin"
              render={({ field }) => (
                <FormItem className="flex flex-row items-center justify-between gap-4 rounded-lg border p-3">
                  <div className="space-y-1">
                    <FormLabel>Admin Access</FormLabel>
                    <FormDescription>Admins manage players, contests, games and settings.</FormDescription>
                  </div>
                  <FormControl>
                    <Switch checked={field.value ?? false} onCheckedChange={field.onChange} />
                  </FormControl>
                </FormItem>
              )}
            />
          ) : null}
        </fieldset>
        {canEdit ? null : (
          <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
            Only admins can edit other players.
          </p>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {canEdit ? "Cancel" : "Close"}
            </Button>
          </DialogClose>
          {canEdit ? (
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Saving..." : "Save Changes"}
            </Button>
          ) : null}
        </DialogFooter>
      </form>
    </Form>
  );
}

/** Shows a player and lets an admin (or the player themself, names only) update the account. */
export function ManagePlayerDialog({
  player,
  viewer,
  open,
  onOpenChange,
}: {
  player: ListedUser | undefined;
  viewer: User | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open && player !== undefined} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Manage Player</DialogTitle>
          <DialogDescription>View this player's details and update their account.</DialogDescription>
        </DialogHeader>
        {player ? (
          <>
            <PlayerSummary player={player} />
            <PlayerForm key={player.id} player={player} viewer={viewer} onDone={() => onOpenChange(false)} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
