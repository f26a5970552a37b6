import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * Builds tailwind-merge's class map, which its first call does (a task that counts on a phone;
 * decision 017), in a task of its own: otherwise it lands in the first signed-in render's, which
 * cannot be split.
 */
export function prepareClassMerging(): Promise<void> {
  return new Promise((resolve) =>
    setTimeout(() => {
      cn("p-0");
      resolve();
    }),
  );
}
