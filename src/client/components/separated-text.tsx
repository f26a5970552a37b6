import { Fragment } from "react";

/** A part this long or shorter is kept on one line; a longer one is a sentence, and wraps. */
const KEPT_WHOLE = 28;

/**
 * Text in parts joined by " · " ("Spread: KC · Picked at -3.5 · now -4") that wraps between its
 * parts, so a word never splits from its number; a part as long as a sentence ("Picks closed for
 * week 18: every game has kicked off") wraps within itself too, rather than run past a phone's edge.
 */
export function SeparatedText({ text }: { text: string }) {
  return text.split(" · ").map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? " · " : null}
      <span className={part.length <= KEPT_WHOLE ? "whitespace-nowrap" : undefined}>{part}</span>
    </Fragment>
  ));
}
