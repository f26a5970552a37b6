export const serverBundle: string;
export const serverNodeOptions: string[];
export function buildServer(): Promise<void>;
export function buildServerIfStale(): Promise<void>;
