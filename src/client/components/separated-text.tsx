import { Fragment } from "react";

/**
 * Text in parts joined by " · " ("Spread: KC · Picked at -3.5 · now -4") that wraps only between its
 * parts, so a word never splits from its number.
 */
export function SeparatedText({ text }: { text: string }) {
  return text.split(" · ").map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? " · " : null}
      <span className="whitespace-nowrap">{part}</span>
    </Fragment>
  ));
}
