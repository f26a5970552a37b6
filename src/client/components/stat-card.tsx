import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { cn } from "@/client/lib/utils";

/** A labelled figure; the card is a named group so the figure can be found by its title. */
export function StatCard({
  title,
  value,
  note,
  icon: Icon,
  loading = false,
  className,
}: {
  title: string;
  value: ReactNode;
  note?: ReactNode;
  icon: LucideIcon;
  loading?: boolean;
  className?: string;
}) {
  return (
    <Card role="group" aria-label={title} className={cn("gap-2 py-4", className)}>
      <CardHeader className="flex flex-row items-start justify-between gap-2 px-4">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent className="px-4">
        {loading ? (
          <Skeleton className="h-8 w-16" />
        ) : (
          <div className="text-2xl font-bold tabular-nums">{value}</div>
        )}
        {note ? <p className="mt-1 text-xs text-muted-foreground">{note}</p> : null}
      </CardContent>
    </Card>
  );
}
