import type { Proposal } from "@/contracts/proposals";
import { ProposalItem, type ListContext } from "./proposal-item";

/** A titled list of proposals, or the text of an empty one. */
export function ProposalList({
  title,
  empty,
  proposals,
  context,
}: {
  title: string;
  /** The text of an empty list; null leaves an empty list out. */
  empty: string | null;
  proposals: Proposal[];
  context: ListContext;
}) {
  if (proposals.length === 0 && empty === null) return null;
  const id = `proposals-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {proposals.length === 0 ? (
        <p className="rounded-lg border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
          {empty}
        </p>
      ) : (
        <ul className="space-y-2">
          {proposals.map((proposal) => (
            <ProposalItem key={proposal.id} proposal={proposal} context={context} />
          ))}
        </ul>
      )}
    </section>
  );
}
