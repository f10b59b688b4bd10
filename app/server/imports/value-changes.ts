/**
 * One column's stored value against a row's: lists compare item by item, and a number against the text a
 * driver may return for numeric columns compares as a number; a missing stored value is empty.
 */
export function isSameValue(stored: unknown, written: unknown): boolean {
  if (stored === written) return true;
  const left = stored ?? null;
  const right = written ?? null;
  if (left === null || right === null) return left === right;
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((item, index) => item === right[index]);
  }
  if (typeof left === "number" && typeof right === "string") return sameNumber(left, right);
  if (typeof left === "string" && typeof right === "number") return sameNumber(right, left);
  return false;
}

function sameNumber(value: number, text: string): boolean {
  return text.trim() !== "" && Number(text) === value;
}
