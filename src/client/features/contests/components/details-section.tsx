import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { cn } from "@/client/lib/utils";

/** A titled region of the contest details, named by its h2. */
export function DetailsSection({
  title,
  icon: Icon,
  description,
  className,
  children,
}: {
  title: string;
  icon: LucideIcon;
  description?: string;
  className?: string;
  children: ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card className={cn("gap-4", className)} role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          <h2 id={id}>{title}</h2>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
