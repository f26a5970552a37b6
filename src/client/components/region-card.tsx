import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { cn } from "@/client/lib/utils";

/**
 * A card that is a named region with an h2 title and an icon; its heading's id is `idPrefix` and
 * the title. `inset` pads its header and content (a narrower padding on phones, say).
 */
export function RegionCard({
  title,
  icon: Icon,
  idPrefix,
  inset,
  description,
  className,
  children,
}: {
  title: string;
  icon: LucideIcon;
  idPrefix: string;
  inset?: string;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = `${idPrefix}-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card className={cn("gap-4", className)} role="region" aria-labelledby={id}>
      <CardHeader className={inset}>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          <h2 id={id}>{title}</h2>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={inset}>{children}</CardContent>
    </Card>
  );
}
