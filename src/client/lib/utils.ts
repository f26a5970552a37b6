import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * Builds tailwind-merge's class map, which its first call does (some 10 ms, 40 on a slow phone), in
 * a task of its own: otherwise it lands in the first signed-in render's, which cannot be split.
 */
export function prepareClassMerging(): Promise<void> {
  return new Promise((resolve) =>
    setTimeout(() => {
      cn("p-0");
      resolve();
    }),
  );
}
