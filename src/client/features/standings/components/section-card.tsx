import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { cn } from "@/client/lib/utils";

/** A card that is a named region with an h2 title. */
export function SectionCard({
  title,
  icon: Icon,
  description,
  className,
  children,
}: {
  title: string;
  icon: LucideIcon;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = `standings-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card role="region" aria-labelledby={id} className={cn("gap-4", className)}>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          <h2 id={id}>{title}</h2>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="px-4 sm:px-6">{children}</CardContent>
    </Card>
  );
}
