import { useLayoutEffect, useRef, useState } from "react";
import { cn } from "@/client/lib/utils";

/**
 * One line of text cut with an ellipsis only when it does not fit its box; then its title holds
 * the whole text (a text that fits has none, so it is not read twice).
 */
export function TruncatedText({ text, className }: { text: string; className?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setCut(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);
  return (
    <p ref={ref} className={cn("truncate", className)} title={cut ? text : undefined}>
      {text}
    </p>
  );
}
