import type { ComponentProps } from "react";
import { RegionCard } from "@/client/components/region-card";

/** A card of the standings: a named region with an h2 title, narrower on phones. */
export function SectionCard(props: Omit<ComponentProps<typeof RegionCard>, "idPrefix" | "inset">) {
  return <RegionCard idPrefix="standings" inset="px-4 sm:px-6" {...props} />;
}
