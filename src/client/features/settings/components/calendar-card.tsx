import { CalendarDays, CalendarPlus, Copy, RotateCcw } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Skeleton } from "@/client/components/ui/skeleton";
import { PanelTitle } from "@/client/components/panel-title";
import { useCalendarCard } from "../use-calendar-card";
import { ResetCalendarLinkDialog } from "./reset-calendar-link-dialog";

/** The same feed for calendar programs that open webcal:// links (Apple Calendar, Outlook). */
const webcalOf = (url: string) => url.replace(/^https?:/, "webcal:");

/**
 * The player's private calendar feed (docs/rules.md, "Calendar"): its address to copy or open in a
 * calendar program, and "Reset link" for when it has gone where it should not.
 */
export function CalendarCard() {
  const { url, failure, input, copy, confirming, setConfirming, resetting, confirmReset } = useCalendarCard();

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
            <Button type="button" variant="outline" onClick={copy}>
              <Copy aria-hidden="true" />
              Copy
            </Button>
          </div>
        ) : failure ? (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        ) : (
          <Skeleton className="h-9 w-full" role="status" aria-label="Loading your calendar link" />
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
      <ResetCalendarLinkDialog
        open={confirming}
        onOpenChange={setConfirming}
        resetting={resetting}
        onConfirm={confirmReset}
      />
    </Card>
  );
}
