import type { ComponentProps } from "react";
import { RegionCard } from "@/client/components/region-card";

/** A titled region of the contest details, named by its h2. */
export function DetailsSection(props: Omit<ComponentProps<typeof RegionCard>, "idPrefix" | "inset">) {
  return <RegionCard idPrefix="section" {...props} />;
}
