/**
 * The words a name is matched by (decision 030's investor key, decision 031's issuer match name): accents
 * folded, lower case, `&` and `+` as "and", apostrophes dropped, other punctuation as spaces, a leading "the"
 * dropped. Each key then drops its own trailing words (legal forms, numbered funds).
 */
export function nameWords(name: string): string[] {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[&+]/g, " and ")
    .replace(/['\u2019`]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter((word) => word !== "");
  if (words.length > 1 && words[0] === "the") words.shift();
  return words;
}
