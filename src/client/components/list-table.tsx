import type { ReactNode } from "react";
import { Skeleton } from "@/client/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/client/components/ui/table";
import { cn } from "@/client/lib/utils";

/**
 * A list as a table: headings, three skeleton rows while loading, the error or the empty text in a
 * full-width row, else the rows. The Actions column stays pinned on the right when the table scrolls.
 */
export function ListTable({
  label,
  columns,
  isLoading,
  error,
  emptyText,
  children,
}: {
  label: string;
  columns: readonly string[];
  isLoading: boolean;
  error: string | null;
  emptyText: string;
  children: ReactNode[];
}) {
  const message = (text: string, tone: "muted" | "error") => (
    <TableRow className="hover:bg-transparent">
      <TableCell
        colSpan={columns.length}
        className={cn(
          "h-24 text-center whitespace-normal",
          tone === "error" ? "text-destructive" : "text-muted-foreground",
        )}
      >
        {text}
      </TableCell>
    </TableRow>
  );
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead
              key={column}
              className={column === "Actions" ? "sticky right-0 bg-card text-right" : undefined}
            >
              {column}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {isLoading
          ? [0, 1, 2].map((row) => (
              <TableRow key={row}>
                {columns.map((column) => (
                  <TableCell key={column}>
                    <Skeleton className="h-5 w-full min-w-12" />
                  </TableCell>
                ))}
              </TableRow>
            ))
          : error
            ? message(error, "error")
            : children.length === 0
              ? message(emptyText, "muted")
              : children}
      </TableBody>
    </Table>
  );
}
