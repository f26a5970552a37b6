import type { ReactNode } from "react";

/**
 * A link to another view of the same page: a plain click switches views in place, while a new tab or
 * a copied address opens the view by its address.
 */
export function ViewLink({ href, onOpen, children }: { href: string; onOpen?(): void; children: ReactNode }) {
  return (
    <a
      href={href}
      className="text-sm font-medium text-primary underline-offset-4 hover:underline"
      onClick={(event) => {
        if (!onOpen || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onOpen();
      }}
    >
      {children}
    </a>
  );
}
