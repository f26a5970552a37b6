import type { ReactNode } from "react";
import { Logo } from "@/client/components/logo";
import { MAIN_CONTENT_ID, SkipLink } from "@/client/components/skip-link";

/** The signed-out account pages' frame: the logo and "Back to home" lead to the landing page. */
export function AccountPageFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex min-h-svh items-center justify-center bg-muted/40 px-4 py-10"
      >
        <div className="w-full max-w-sm space-y-6">
          <a href="/" className="flex items-center justify-center gap-2 text-lg font-semibold">
            <Logo className="size-9" />
            Football Pool
          </a>
          {children}
          <p className="text-center text-sm">
            <a
              href="/"
              className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
            >
              Back to home
            </a>
          </p>
        </div>
      </main>
    </>
  );
}
