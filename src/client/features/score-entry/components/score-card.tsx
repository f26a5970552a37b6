import { gameStatus, type Game } from "@/contracts/games";
import { Card, CardContent } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { Skeleton } from "@/client/components/ui/skeleton";
import { GAME_STATUS_LABEL } from "@/client/lib/games";
import { cn } from "@/client/lib/utils";
import { draftOf, isDirty, parseDraft, type Draft } from "../score-entry";
import { ScoreCardFooter } from "./score-card-footer";
import { ScoreCardHeader } from "./score-card-header";

function ScoreInput({
  id,
  team,
  side,
  value,
  invalid,
  errorId,
  onChange,
}: {
  id: string;
  team: string;
  side: "Away" | "Home";
  value: string;
  invalid: boolean;
  errorId: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>
        {team}
        <span className="text-xs font-normal text-muted-foreground">{side}</span>
      </Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        placeholder="–"
        aria-label={`${team} score`}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        className="text-base font-semibold tabular-nums dark:[color-scheme:dark]"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** One game's scores and status; a ring marks unsaved edits. */
export function ScoreCard({
  game,
  draft,
  saving,
  onChange,
  onSave,
  onDiscard,
}: {
  game: Game;
  draft: Draft | undefined;
  saving: boolean;
  onChange: (draft: Draft) => void;
  onSave: () => void;
  onDiscard: () => void;
}) {
  const shown = draft ?? draftOf(game);
  const dirty = isDirty(game, draft);
  const parsed = parseDraft(shown);
  const error = dirty && !parsed.ok ? parsed.message : null;
  const matchup = `${game.awayTeam} @ ${game.homeTeam}`;
  const base = `score-${game.id}`;

  return (
    <Card
      role="article"
      aria-labelledby={`${base}-title`}
      data-dirty={dirty || undefined}
      className={cn(
        "gap-4 py-4 transition-shadow",
        dirty && "ring-2 ring-primary ring-offset-2 ring-offset-background",
      )}
    >
      <ScoreCardHeader game={game} titleId={`${base}-title`} matchup={matchup} />

      <CardContent className="grid grid-cols-2 gap-3 px-4 sm:grid-cols-[1fr_1fr_minmax(8rem,1.2fr)]">
        <ScoreInput
          id={`${base}-away`}
          team={game.awayTeam}
          side="Away"
          value={shown.awayScore}
          invalid={error !== null}
          errorId={`${base}-error`}
          onChange={(awayScore) => onChange({ ...shown, awayScore })}
        />
        <ScoreInput
          id={`${base}-home`}
          team={game.homeTeam}
          side="Home"
          value={shown.homeScore}
          invalid={error !== null}
          errorId={`${base}-error`}
          onChange={(homeScore) => onChange({ ...shown, homeScore })}
        />
        <div className="col-span-2 space-y-1.5 sm:col-span-1">
          <Label htmlFor={`${base}-status`}>Status</Label>
          <Select
            value={shown.status}
            onValueChange={(value) => onChange({ ...shown, status: gameStatus.parse(value) })}
          >
            <SelectTrigger id={`${base}-status`} aria-label={`${matchup} status`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {gameStatus.options.map((status) => (
                <SelectItem key={status} value={status}>
                  {GAME_STATUS_LABEL[status]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {error ? (
          <p id={`${base}-error`} role="alert" className="col-span-full text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </CardContent>

      <ScoreCardFooter
        game={game}
        dirty={dirty}
        canSave={dirty && error === null && !saving}
        saving={saving}
        onSave={onSave}
        onDiscard={onDiscard}
      />
    </Card>
  );
}

export function ScoreCardSkeleton() {
  return (
    <Card className="gap-4 px-4 py-4" aria-hidden="true">
      <div className="flex justify-between">
        <div className="space-y-2">
          <Skeleton className="h-5 w-44" />
          <Skeleton className="h-4 w-56" />
        </div>
        <Skeleton className="h-5 w-16" />
      </div>
      <div className="grid grid-cols-3 gap-3">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
      <Skeleton className="ml-auto h-8 w-28" />
    </Card>
  );
}
