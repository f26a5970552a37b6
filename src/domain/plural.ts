/**
 * A count with its noun in agreement: "1 game", "2 games", "0 losses". English only, without Intl:
 * a page's first Intl object loads the browser's locale data (see formatKickoff). `many` names the
 * irregular plurals ("loss", "losses").
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
