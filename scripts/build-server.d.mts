export const serverBundle: string;
export function buildServer(): Promise<void>;
export function buildServerIfStale(): Promise<void>;
