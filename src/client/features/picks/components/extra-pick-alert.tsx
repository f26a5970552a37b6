import { ListPlus } from "lucide-react";
import type { Game } from "@/contracts/games";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { matchupOf } from "../picks-view";

/** The extra picks accepted proposals give the viewer this week, one on each of these games. */
export function ExtraPickAlert({ games }: { games: Game[] }) {
  return (
    <Alert className="border-primary/40 bg-primary/5 [&>svg]:text-primary">
      <ListPlus aria-hidden="true" />
      <AlertTitle>Extra Pick</AlertTitle>
      <AlertDescription className="text-foreground">
        <p>
          An accepted proposal gives you one more pick this week, on {games.map(matchupOf).join(" and ")}.
        </p>
      </AlertDescription>
    </Alert>
  );
}
