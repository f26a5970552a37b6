import { Trophy } from "lucide-react";
import type { Contest } from "@/contracts/contests";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { contestResultText } from "../contest-result";

/** A completed contest's page opens with its result: the winner, the margin and the money. */
export function ContestResult({
  contest,
  names,
}: {
  contest: Contest;
  names: { player1: string; player2: string };
}) {
  return (
    <Alert role="region" aria-labelledby="contest-result-title" className="border-primary/40 bg-primary/5">
      <Trophy aria-hidden="true" className="text-primary" />
      <AlertTitle id="contest-result-title">Final Result</AlertTitle>
      <AlertDescription className="text-foreground">{contestResultText(contest, names)}</AlertDescription>
    </Alert>
  );
}
