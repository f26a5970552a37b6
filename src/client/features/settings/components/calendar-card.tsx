import { useRef, useState, type MouseEvent } from "react";
import { CalendarDays, CalendarPlus, Copy, RotateCcw } from "lucide-react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Skeleton } from "@/client/components/ui/skeleton";
import { PanelTitle } from "@/client/components/panel-title";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useCalendarLink } from "../api/get-calendar-link";
import { useResetCalendarLink } from "../api/reset-calendar-link";

/** The same feed for calendar programs that open webcal:// links (Apple Calendar, Outlook). */
const webcalOf = (url: string) => url.replace(/^https?:/, "webcal:");

/**
 * The player's private calendar feed (docs/rules.md, "Calendar"): its address to copy or open in a
 * calendar program, and "Reset link" for when it has gone where it should not.
 */
export function CalendarCard() {
  const link = useCalendarLink();
  const reset = useResetCalendarLink();
  const [confirming, setConfirming] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const url = link.data?.url;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // No clipboard API (a page served over plain http on a LAN): the browser's own copy.
      input.current?.select();
      if (!document.execCommand("copy")) {
        toast({
          title: "Copy failed",
          description: "Select the link and copy it yourself.",
          variant: "destructive",
        });
        return;
      }
    }
    toast({ title: "Link copied", description: "Paste it into your calendar to subscribe." });
  };

  const confirmReset = (event: MouseEvent) => {
    event.preventDefault();
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({
          title: "Calendar link reset",
          description: "The old link no longer works: add the new one to your calendar.",
        });
      },
      onError: (error) =>
        toast({
          title: "Reset failed",
          description: errorMessage(error, "The link could not be reset. Please try again."),
          variant: "destructive",
        }),
    });
  };

  return (
    <Card className="gap-4" role="region" aria-labelledby="calendar-title">
      <CardHeader>
        <PanelTitle icon={CalendarDays} id="calendar-title">
          Calendar
        </PanelTitle>
        <CardDescription>
          Add your pick deadlines and the kickoffs of your picks to your calendar.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <Label htmlFor="calendar-url">Your calendar link</Label>
        {url ? (
          <div className="flex gap-2">
            <Input
              ref={input}
              id="calendar-url"
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-xs md:text-xs"
            />
            <Button type="button" variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              Copy
            </Button>
          </div>
        ) : link.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(link.error, "Your calendar link could not be loaded.")}
          </p>
        ) : (
          <Skeleton className="h-9 w-full" aria-label="Loading your calendar link" />
        )}
        <p className="text-xs text-muted-foreground">
          Subscribe to it in Google Calendar (Other calendars, From URL), Apple Calendar or Outlook: they
          fetch changes on their own, from hourly to daily. Keep it to yourself: anyone with the link sees
          your picks.
        </p>
        <div className="flex flex-wrap items-center justify-between gap-2">
          {url ? (
            <Button asChild variant="outline">
              <a href={webcalOf(url)}>
                <CalendarPlus aria-hidden="true" />
                Open in calendar
              </a>
            </Button>
          ) : (
            <span />
          )}
          <Button
            type="button"
            variant="ghost"
            className="text-destructive hover:text-destructive"
            disabled={!url}
            onClick={() => setConfirming(true)}
          >
            <RotateCcw aria-hidden="true" />
            Reset link
          </Button>
        </div>
      </CardContent>
      <AlertDialog
        open={confirming}
        onOpenChange={(next) => (reset.isPending ? undefined : setConfirming(next))}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Reset your calendar link?</AlertDialogTitle>
            <AlertDialogDescription>
              The old link stops working: calendars subscribed to it stop getting updates. You will get a new
              link to add to your calendar.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={reset.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: "destructive" })}
              disabled={reset.isPending}
              onClick={confirmReset}
            >
              {reset.isPending ? "Resetting..." : "Reset link"}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
