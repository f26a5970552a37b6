import type { LucideIcon } from "lucide-react";

/** A card's heading with its icon (the admin overview's and the settings' cards). */
export function PanelTitle({
  icon: Icon,
  id,
  children,
}: {
  icon: LucideIcon;
  id?: string;
  children: string;
}) {
  return (
    <h2 id={id} className="flex items-center gap-2 leading-none font-semibold">
      <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      {children}
    </h2>
  );
}
