/**
 * Adds a rejected row to the kept list in file order (suppressed rows are found while their batch is
 * written, after later rows' parse problems), keeping at most `max` rows: the first ones of the file.
 */
export function keepRejected<T extends { row: number }>(kept: T[], rejected: T, max: number): void {
  let at = kept.length;
  while (at > 0 && (kept[at - 1]?.row ?? 0) > rejected.row) at--;
  if (at >= max) return;
  kept.splice(at, 0, rejected);
  if (kept.length > max) kept.pop();
}
