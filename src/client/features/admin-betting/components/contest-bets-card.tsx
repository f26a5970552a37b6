import type { BetChange } from "@/contracts/bets";
import type { Contest } from "@/contracts/contests";
import { SearchInput } from "@/client/components/search-input";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import type { BettingPlayers } from "../betting";
import { ContestBetItem } from "./contest-bet-item";

/** "Contest Bets": the contests found by the search, each with its bet, its editor and its history. */
export function ContestBetsCard({
  search,
  onSearch,
  loading,
  failure,
  contests,
  searching,
  playersOf,
  waiting,
  viewerId,
  editingId,
  onEditing,
  onHistory,
}: {
  search: string;
  onSearch: (search: string) => void;
  loading: boolean;
  /** Why the contests could not be loaded, or null. */
  failure: string | null;
  contests: Contest[];
  searching: boolean;
  playersOf: (contest: Contest) => BettingPlayers;
  /** Each contest's bet change waiting for an answer. */
  waiting: ReadonlyMap<string, BetChange>;
  viewerId: string | undefined;
  /** The contest whose bet editor is open. */
  editingId: string | null;
  onEditing: (contestId: string | null) => void;
  onHistory: (contest: Contest) => void;
}) {
  return (
    <Card className="gap-4 lg:col-span-2" role="region" aria-labelledby="contest-bets">
      <CardHeader className="flex flex-col gap-3 px-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="space-y-1.5">
          <CardTitle className="text-lg">
            <h2 id="contest-bets">Contest Bets</h2>
          </CardTitle>
          <CardDescription>
            The pencil sets a bet from the current week on. The two players of a contest propose weekly
            changes to each other.
          </CardDescription>
        </div>
        <SearchInput
          label="Search betting contests"
          placeholder="Search betting contests..."
          value={search}
          onChange={onSearch}
        />
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {loading ? (
          <div className="space-y-3" aria-busy="true" role="status" aria-label="Loading contests">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : failure ? (
          <p className="py-6 text-center text-sm text-destructive">{failure}</p>
        ) : contests.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            {searching ? "No contests match your search." : "No contests found."}
          </p>
        ) : (
          <ul className="space-y-3" aria-label="Contest bets">
            {contests.map((contest) => (
              <ContestBetItem
                key={contest.id}
                contest={contest}
                players={playersOf(contest)}
                pending={waiting.get(contest.id)}
                viewerId={viewerId}
                editing={editingId === contest.id}
                onEdit={(editing) => onEditing(editing ? contest.id : null)}
                onHistory={() => onHistory(contest)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
