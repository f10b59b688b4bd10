// Decision 031, section 3: how a Form D issuer finds a company stored from another source, and which of a
// round's filings speaks last. Pure: the writer (server/formd/import) reads the database with these keys.

/**
 * The legal forms a stored company's name may carry after the issuer's match name. The companies import's
 * name key is the name in lower case, suffix kept ("acme, inc."), where `FormDCompany.matchName` has none.
 */
const LEGAL_SUFFIXES = [
  "inc",
  "inc.",
  "incorporated",
  "llc",
  "l.l.c.",
  "ltd",
  "ltd.",
  "limited",
  "corp",
  "corp.",
  "corporation",
  "co",
  "co.",
  "company",
  "plc",
  "lp",
  "l.p.",
  "gmbh",
  "pbc",
] as const;

/**
 * The name keys (companies.name_key) a stored company named like the issuer has: the match name, and the
 * match name followed by a legal form, with or without a comma ("acme", "acme inc.", "acme, inc.").
 */
export function storedNameKeysOf(matchName: string): string[] {
  const name = matchName.trim().toLowerCase();
  if (name === "") return [];
  const keys = [name];
  for (const suffix of LEGAL_SUFFIXES) keys.push(`${name} ${suffix}`, `${name}, ${suffix}`);
  return keys;
}

/** A place as the companies table holds it ('Unknown Region' is the companies import's "no region"). */
export interface StoredPlace {
  region: string | null;
  country: string | null;
}

const UNKNOWN_REGION = "Unknown Region";

/**
 * Whether a stored company is where the issuer is: the same country (both known), and the same state or
 * province when both name one. A stored company with no country never matches by name: a name alone is
 * too common to join two records.
 */
export function isSamePlace(stored: StoredPlace, issuer: StoredPlace): boolean {
  if (stored.country === null || issuer.country === null) return false;
  if (stored.country.toLowerCase() !== issuer.country.toLowerCase()) return false;
  const storedRegion = stored.region === UNKNOWN_REGION ? null : stored.region;
  if (storedRegion === null || issuer.region === null) return true;
  return storedRegion.toLowerCase() === issuer.region.toLowerCase();
}

/** A filing's place in time: its filing date, then its accession number (the SEC's own sequence). */
export interface FilingOrder {
  filedOn: string;
  accessionNumber: string;
}

/** Negative when `a` was filed before `b`, 0 for the same filing, positive after. */
export function compareFilings(a: FilingOrder, b: FilingOrder): number {
  if (a.filedOn !== b.filedOn) return a.filedOn < b.filedOn ? -1 : 1;
  if (a.accessionNumber === b.accessionNumber) return 0;
  return a.accessionNumber < b.accessionNumber ? -1 : 1;
}

/** Whether `filing` is the newest a round or a company knows (no filing known: it is). */
export function speaksLast(filing: FilingOrder, newest: FilingOrder | null): boolean {
  return newest === null || compareFilings(filing, newest) >= 0;
}
