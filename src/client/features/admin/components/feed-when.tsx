import { absoluteTime, whenText } from "../feed-panel";

/** A time of the feed, relative ("5 minutes ago"), with the absolute time in the viewer's zone. */
export function FeedWhen({
  iso,
  now,
  kind,
  showAbsolute = true,
}: {
  iso: string;
  now: number;
  kind: "past" | "planned";
  /** Written out under the relative time; else only its title (the recent syncs' compact lines). */
  showAbsolute?: boolean;
}) {
  const absolute = absoluteTime(iso);
  return (
    <span className="flex flex-col">
      <time dateTime={iso} title={absolute}>
        {whenText(iso, now, kind)}
      </time>
      {showAbsolute ? <span className="text-xs text-muted-foreground">{absolute}</span> : null}
    </span>
  );
}
