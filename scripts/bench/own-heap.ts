/**
 * The bench process's own garbage, collected before a measured load (`npm run bench` runs it with
 * --expose-gc). autocannon and the live Sunday's pages run in this process, and a section leaves
 * hundreds of MB behind (a live Sunday's 10,000 pages among them) that V8 would otherwise collect in
 * the middle of a later row, on the two cores the server is measured on (decision 053).
 */
export function collectOwnGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
