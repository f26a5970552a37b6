import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { Eye, EyeOff } from "lucide-react";
import { useForm } from "react-hook-form";
import {
  CONTEST_CREATION,
  CONTEST_CREATION_PASSWORD,
  CURRENT_SEASON,
  currentSeasonForm,
  updateConfigBody,
} from "@/contracts/system-config";
import { Button } from "@/client/components/ui/button";
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "@/client/components/ui/form";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Switch } from "@/client/components/ui/switch";
import { Skeleton } from "@/client/components/ui/skeleton";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useSeason } from "@/client/lib/queries/season";
import { useSystemConfig, useUpdateConfig } from "@/client/lib/queries/system-config";

interface Actions {
  /** After a successful save. */
  onSaved?(): void;
  /** Shows a Cancel button (the dialog). */
  onCancel?(): void;
}

/** What the password does now: creation open to every player asks for none. */
function passwordHint(current: string, open: boolean): string {
  if (open)
    return current
      ? "Not needed while contest creation is open to every player: players enter it again once that is switched off."
      : "Not needed while contest creation is open to every player. Set one for when that is switched off.";
  return current
    ? "Players enter this password when they create a contest."
    : "No password is set yet: only admins can create contests until you set one.";
}

function ConfigForm({ current, open, onSaved, onCancel }: { current: string; open: boolean } & Actions) {
  const [revealed, setRevealed] = useState(false);
  const update = useUpdateConfig();
  const form = useForm({ resolver: zodResolver(updateConfigBody), defaultValues: { value: current } });

  // Awaited rather than through mutate's callbacks: a changed password remounts this form (its key),
  // and a mutation's per-call callbacks do not run once the form that started it is gone.
  const onSubmit = form.handleSubmit(async ({ value }) => {
    try {
      await update.mutateAsync({ key: CONTEST_CREATION_PASSWORD, value });
    } catch {
      toast({
        title: "Error",
        description: "Failed to update configuration. Please try again.",
        variant: "destructive",
      });
      return;
    }
    toast({
      title: "Configuration Updated",
      description: "Contest creation password has been updated successfully!",
    });
    onSaved?.();
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} className="space-y-6" noValidate>
        <FormField
          control={form.control}
          name="value"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Contest Creation Password</FormLabel>
              <div className="relative">
                <FormControl>
                  <Input
                    type={revealed ? "text" : "password"}
                    autoComplete="off"
                    className="pr-10"
                    {...field}
                  />
                </FormControl>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="absolute top-0 right-0 text-muted-foreground"
                  aria-label={revealed ? "Hide password" : "Show password"}
                  aria-pressed={revealed}
                  onClick={() => setRevealed((shown) => !shown)}
                >
                  {revealed ? <EyeOff /> : <Eye />}
                </Button>
              </div>
              <FormDescription>{passwordHint(current, open)}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {onCancel ? (
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </form>
    </Form>
  );
}

/**
 * The current season: unset, the season calendar chooses it; set, it holds until changed. Saved on
 * its own (its own button), so that it can be set before any password is.
 */
function CurrentSeasonForm({
  configured,
  calendar,
  onSaved,
}: { configured: string; calendar: number | undefined } & Pick<Actions, "onSaved">) {
  const update = useUpdateConfig();
  const form = useForm({
    resolver: zodResolver(currentSeasonForm),
    defaultValues: { value: configured || (calendar ? String(calendar) : "") },
  });

  // Awaited rather than through mutate's callbacks: the saved setting remounts this form (its key),
  // and a mutation's per-call callbacks do not run once the form that started it is gone.
  const onSubmit = form.handleSubmit(async ({ value }) => {
    try {
      await update.mutateAsync({ key: CURRENT_SEASON, value });
    } catch (error) {
      toast({
        title: "Error",
        description: errorMessage(error, "Failed to update configuration. Please try again."),
        variant: "destructive",
      });
      return;
    }
    toast({ title: "Configuration Updated", description: `The current season is now ${value}.` });
    onSaved?.();
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} className="space-y-2" noValidate>
        <FormField
          control={form.control}
          name="value"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Current Season</FormLabel>
              <div className="flex gap-2">
                <FormControl>
                  <Input
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={4}
                    placeholder="2026"
                    className="w-28 tabular-nums"
                    {...field}
                  />
                </FormControl>
                <Button type="submit" variant="outline" disabled={update.isPending}>
                  {update.isPending ? "Saving..." : "Save Season"}
                </Button>
              </div>
              <FormDescription>
                {configured
                  ? `Set by an admin: the app plays the ${configured} season until you change it.`
                  : `Not set: the season calendar chooses it${calendar ? ` (now ${calendar})` : ""}, from the schedules loaded.`}
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
      </form>
    </Form>
  );
}

/**
 * Who may create contests: every player, or players with the contest creation password (the
 * password below stays for those who want it). Saved as soon as it is switched.
 */
function ContestCreationSwitch({ open }: { open: boolean }) {
  const update = useUpdateConfig();
  const change = (checked: boolean) =>
    update.mutate(
      { key: CONTEST_CREATION, value: checked ? "open" : "password" },
      {
        onSuccess: () =>
          toast({
            title: "Configuration Updated",
            description: checked
              ? "Every player can now create contests."
              : "Players now need the contest creation password.",
          }),
        onError: (error) =>
          toast({
            title: "Error",
            description: errorMessage(error, "Failed to update configuration. Please try again."),
            variant: "destructive",
          }),
      },
    );
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
      <div className="space-y-0.5">
        <Label htmlFor="contest-creation-open">Open to every player</Label>
        <p id="contest-creation-open-hint" className="text-sm text-muted-foreground">
          Players create contests without a password. Off: they give the contest creation password.
        </p>
      </div>
      <Switch
        id="contest-creation-open"
        aria-describedby="contest-creation-open-hint"
        checked={open}
        disabled={update.isPending}
        onCheckedChange={change}
      />
    </div>
  );
}

/**
 * The System Configuration form: who may create contests, the contest creation password, and the
 * current season (each saved apart). Used by Admin Overview's dialog and by the Settings screen; it loads the settings while
 * `enabled`.
 */
export function SystemConfigForm({ enabled = true, ...actions }: { enabled?: boolean } & Actions) {
  const config = useSystemConfig(enabled);
  const current = config.data?.find((entry) => entry.key === CONTEST_CREATION_PASSWORD)?.value ?? "";
  const season = config.data?.find((entry) => entry.key === CURRENT_SEASON)?.value ?? "";
  const open = config.data?.find((entry) => entry.key === CONTEST_CREATION)?.value === "open";
  const calendar = useSeason().data?.season;
  if (config.isLoading) {
    return (
      <div className="space-y-2" aria-busy="true" role="status" aria-label="Loading configuration">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <CurrentSeasonForm
        key={`${season}|${calendar ?? ""}`}
        configured={season}
        calendar={calendar}
        onSaved={actions.onSaved}
      />
      <div className="space-y-4 border-t pt-4">
        <ContestCreationSwitch open={open} />
        <ConfigForm key={current} current={current} open={open} {...actions} />
      </div>
    </div>
  );
}
