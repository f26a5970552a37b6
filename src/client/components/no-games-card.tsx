import { CalendarX2 } from "lucide-react";
import { Card, CardContent } from "@/client/components/ui/card";
import { weekPhrase } from "@/client/lib/week-names";

/** A week without games, where a screen would list them. */
export function NoGamesCard({ week }: { week: number }) {
  return (
    <Card className="border-dashed">
      <CardContent className="flex flex-col items-center px-6 py-10 text-center">
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-muted">
          <CalendarX2 className="size-6 text-muted-foreground" aria-hidden="true" />
        </div>
        <h2 className="text-lg font-semibold">No Games Scheduled</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          There are no games scheduled for {weekPhrase(week)}.
        </p>
      </CardContent>
    </Card>
  );
}
