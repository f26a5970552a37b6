export const serverBundle: string;
export function serverNodeOptions(onPostgres: boolean): string[];
export function usesPostgres(): boolean;
export function buildServer(): Promise<void>;
export function buildServerIfStale(): Promise<void>;
