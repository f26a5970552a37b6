import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type {
  ClosingLines,
  CreateGameBody,
  CsvImportResult,
  Game,
  ScoreResult,
  UpdateGameBody,
} from "@/contracts/games";
import type { ClosingLine } from "../pick-line";
import type { Team } from "@/contracts/teams";
import { apiGet, apiRequest } from "../api";
import { queryClient } from "../query-client";

export const gamesKey = ["/api/games"] as const;
export const teamsKey = ["/api/teams"] as const;

/** One week's games: ["/api/games", "week", w, "season", s] — every games query starts with gamesKey. */
export const weekGamesQuery = (week: number, season: number) =>
  queryOptions({
    queryKey: [...gamesKey, "week", week, "season", season] as const,
    queryFn: () => apiGet<Game[]>(`/api/games/week/${week}/season/${season}`),
  });

export const useWeekGames = (week: number, season: number | undefined) =>
  useQuery({ ...weekGamesQuery(week, season ?? 0), enabled: season !== undefined && week > 0 });

/** A season's closing lines: ["/api/games", "season", s, "closing-lines"]. */
export const closingLinesQuery = (season: number) =>
  queryOptions({
    queryKey: [...gamesKey, "season", season, "closing-lines"] as const,
    queryFn: () => apiGet<ClosingLines>(`/api/games/season/${season}/closing-lines`),
  });

const byGame = (answer: ClosingLines): ReadonlyMap<string, ClosingLine> =>
  new Map(answer.lines.map((line) => [line.gameId, line]));

/**
 * The closing lines of a season's kicked-off games, by game id: one request for every pick a page
 * shows, asked for only once one of their games has kicked off (`needed`).
 */
export const useClosingLines = (season: number, needed: boolean) =>
  useQuery({ ...closingLinesQuery(season), enabled: needed, select: byGame }).data;

/** Every game (admins). */
export const allGamesQuery = queryOptions({
  queryKey: gamesKey,
  queryFn: () => apiGet<Game[]>("/api/games"),
});
export const useAllGames = () => useQuery(allGamesQuery);

export const teamsQuery = queryOptions({ queryKey: teamsKey, queryFn: () => apiGet<Team[]>("/api/teams") });
export const useTeams = () => useQuery(teamsQuery);

/** After any change to games, every games query (all, and each week) is refetched. */
const refreshGames = () => queryClient.invalidateQueries({ queryKey: gamesKey });

export function useCreateGame() {
  return useMutation({
    mutationFn: (body: CreateGameBody) => apiRequest<Game>("POST", "/api/games", body),
    onSuccess: refreshGames,
  });
}

export function useUpdateGame() {
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & UpdateGameBody) =>
      apiRequest<Game>("PATCH", `/api/games/${id}`, body),
    // A final is graded as it is saved: picks, results and standings change with it.
    onSuccess: (game) =>
      game.status === "final" || game.status === "canceled"
        ? queryClient.invalidateQueries()
        : refreshGames(),
  });
}

export function useDeleteGame() {
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>("DELETE", `/api/games/${id}`),
    onSuccess: refreshGames,
  });
}

export function useImportGamesCsv() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("csvFile", file);
      return apiRequest<CsvImportResult>("POST", "/api/games/import-csv", form);
    },
    onSuccess: refreshGames,
  });
}

/** Grades the picks on one final game. The caller counts successes and failures. */
export const scoreGame = (id: string) => apiRequest<ScoreResult>("POST", `/api/games/${id}/score`);
