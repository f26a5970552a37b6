import { Info } from "lucide-react";

const RULES = [
  "Games may be proposed any time before they start.",
  "Both players must agree: the other player accepts or rejects the proposal.",
  "Accepted games become part of the contest picks: each player gets one extra pick, on that game.",
  "Proposals expire when the game starts.",
];

/** "How proposals work", under the proposals. */
export function ProposalRules() {
  return (
    <div className="rounded-lg bg-muted/60 px-4 py-3 text-sm">
      <p className="flex items-center gap-1.5 font-medium">
        <Info className="size-4 text-muted-foreground" aria-hidden="true" /> How proposals work
      </p>
      <ul className="mt-1.5 list-disc space-y-0.5 pl-5 text-muted-foreground">
        {RULES.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </div>
  );
}
