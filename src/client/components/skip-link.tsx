/** The id of the page's <main>, which the skip link moves focus to (it carries tabIndex -1). */
export const MAIN_CONTENT_ID = "main-content";

/**
 * "Skip to main content": the first thing Tab reaches on every page, out of sight until it has
 * focus. It moves focus to <main> itself (not only the scroll position), without a hash in the
 * address, so the next Tab goes on from the screen's content, past the header and the sidebar.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
      className="fixed top-2 left-2 z-[100] -translate-y-[200%] rounded-md border bg-background px-4 py-2 text-sm font-semibold text-foreground shadow-lg focus:translate-y-0"
    >
      Skip to main content
    </a>
  );
}
