/**
 * The ways a company builds a person's address from their name (decision 032: "found by pattern"), in the
 * order they are tried when a domain's own pattern is not known: most common first (the frequency order
 * and its sources are in decision 032). `f` and `l` are initials.
 */
export const NAME_PATTERNS = [
  "first.last",
  "first",
  "flast",
  "firstlast",
  "f.last",
  "firstl",
  "first_last",
  "first.l",
  "last",
  "last.first",
  "lastf",
  "first-last",
  "lastfirst",
  "fl",
] as const;
export type NamePattern = (typeof NAME_PATTERNS)[number];

export interface KnownAddress {
  firstName: string;
  lastName: string;
  email: string;
}

/** Letters a local part can hold for each name part: no letters, no pattern. */
interface NameParts {
  first: string;
  last: string;
}

// Letters NFKD does not take apart into a base letter and an accent.
const SPELLED_OUT: Readonly<Record<string, string>> = {
  æ: "ae",
  œ: "oe",
  ø: "o",
  ß: "ss",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/**
 * A name's words as a local part spells them: accents folded ("José" -> "jose"), letters NFKD keeps whole
 * spelled out ("Søren" -> "soren"), apostrophes dropped ("O'Neil" -> "oneil"), other non-letters split
 * words ("Jean-Luc" -> "jean", "luc"). Not decision 030's nameWords: that one is a stored key and keeps
 * digits; an address needs the letters alone.
 */
export function nameLetters(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/[æœøßłđðþı]/g, (letter) => SPELLED_OUT[letter] ?? letter)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['\u2019`]/g, "")
    .split(/[^a-z]+/)
    .filter((word) => word !== "");
}

/** The first name's first word ("José María" -> "jose") and the last name's words run together ("van der Berg" -> "vanderberg"). */
function nameParts(firstName: string, lastName: string): NameParts {
  return { first: nameLetters(firstName)[0] ?? "", last: nameLetters(lastName).join("") };
}

/** The local part a pattern gives for a name, or null when the pattern needs a name part that is missing. */
export function localPartFor(pattern: NamePattern, firstName: string, lastName: string): string | null {
  const { first, last } = nameParts(firstName, lastName);
  const f = first.slice(0, 1);
  const l = last.slice(0, 1);
  const needs = pattern === "first" ? first : pattern === "last" ? last : first && last;
  if (!needs) return null;
  switch (pattern) {
    case "first.last":
      return `${first}.${last}`;
    case "first":
      return first;
    case "flast":
      return `${f}${last}`;
    case "firstlast":
      return `${first}${last}`;
    case "f.last":
      return `${f}.${last}`;
    case "firstl":
      return `${first}${l}`;
    case "first_last":
      return `${first}_${last}`;
    case "first.l":
      return `${first}.${l}`;
    case "last":
      return last;
    case "last.first":
      return `${last}.${first}`;
    case "lastf":
      return `${last}${f}`;
    case "first-last":
      return `${first}-${last}`;
    case "lastfirst":
      return `${last}${first}`;
    case "fl":
      return `${f}${l}`;
  }
}

/** The patterns that give this known address's local part from its owner's name ("+tags" ignored). */
export function patternsOf(known: KnownAddress): NamePattern[] {
  const at = known.email.lastIndexOf("@");
  const local = (at === -1 ? "" : known.email.slice(0, at)).toLowerCase().split("+", 1)[0] ?? "";
  if (local === "") return [];
  return NAME_PATTERNS.filter((pattern) => localPartFor(pattern, known.firstName, known.lastName) === local);
}

/** Known addresses that must agree on a pattern before it is taken as the domain's (decision 032). */
export const PATTERN_MIN_AGREEING = 2;

/**
 * A domain's pattern learnt from the addresses already known there: the pattern most of them follow, when
 * at least two agree (one address may be an exception: a founder's first@ at a first.last company). Ties
 * go to the more common pattern.
 */
export function learnPattern(known: readonly KnownAddress[]): NamePattern | null {
  const agreeing = new Map<NamePattern, number>();
  for (const address of known) {
    for (const pattern of patternsOf(address)) agreeing.set(pattern, (agreeing.get(pattern) ?? 0) + 1);
  }
  let best: NamePattern | null = null;
  let bestCount = 0;
  for (const pattern of NAME_PATTERNS) {
    const count = agreeing.get(pattern) ?? 0;
    if (count > bestCount) {
      best = pattern;
      bestCount = count;
    }
  }
  return bestCount >= PATTERN_MIN_AGREEING ? best : null;
}

export interface CandidateAddress {
  email: string;
  pattern: NamePattern;
}

/**
 * The addresses to try for a person at a domain: the learnt pattern's first, then every other pattern in
 * order of frequency; one each (a short name can give one local part by two patterns).
 */
export function candidateAddresses(
  firstName: string,
  lastName: string,
  domain: string,
  learnt?: NamePattern | null,
): CandidateAddress[] {
  const order = learnt ? [learnt, ...NAME_PATTERNS.filter((pattern) => pattern !== learnt)] : NAME_PATTERNS;
  const seen = new Set<string>();
  const candidates: CandidateAddress[] = [];
  const host = domain.trim().toLowerCase();
  for (const pattern of order) {
    const local = localPartFor(pattern, firstName, lastName);
    if (local === null) continue;
    const email = `${local}@${host}`;
    if (seen.has(email)) continue;
    seen.add(email);
    candidates.push({ email, pattern });
  }
  return candidates;
}
