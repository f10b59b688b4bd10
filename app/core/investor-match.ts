/**
 * decision 030, investor matching: one investor is one row however imports spell it. Two spellings are the
 * same investor when their websites share a domain, or, where either lacks a website, when their names
 * reduce to the same key.
 */
import { nameWords } from "./name-words";
import { slugify } from "./slug";

/** The types an investor can have, as stored; `other` when a source does not say. */
export const INVESTOR_TYPES = [
  "venture_capital",
  "angel",
  "corporate_venture",
  "accelerator",
  "private_equity",
  "family_office",
  "government",
  "other",
] as const;
export type InvestorType = (typeof INVESTOR_TYPES)[number];

export const INVESTOR_TYPE_LABELS: Readonly<Record<InvestorType, string>> = {
  venture_capital: "Venture capital",
  angel: "Angel",
  corporate_venture: "Corporate venture",
  accelerator: "Accelerator",
  private_equity: "Private equity",
  family_office: "Family office",
  government: "Government",
  other: "Other",
};

/** Trailing words that name a legal form or a vehicle, not the firm ("Sequoia Capital Operations, LLC"). */
const TRAILING_WORDS = new Set(
  (
    "llc l l c inc incorporated ltd limited lp l p llp plc gmbh ag sa sas sarl bv nv co corp corporation " +
    "pte pty kg operations management holdings gp and"
  ).split(" "),
);
/** "Fund XV", "Fund 3": a numbered vehicle of the firm. */
const FUND_NUMBER = /^(?:\d+|[ivxlcdm]+)$/;

/**
 * The name's matching key: accents folded, lower case, `&` and `+` as "and", apostrophes dropped, other
 * punctuation as spaces, a leading "the" dropped, then trailing legal forms and numbered funds dropped one by
 * one, never the last word. "SEQUOIA CAPITAL FUND XV, L.P." and "Sequoia Capital" share "sequoia capital".
 */
export function investorNameKey(name: string): string {
  const words = nameWords(name);
  for (;;) {
    const last = words.at(-1);
    if (words.length > 2 && words.at(-2) === "fund" && last !== undefined && FUND_NUMBER.test(last)) {
      words.splice(-2, 2);
      continue;
    }
    if (words.length > 1 && last !== undefined && TRAILING_WORDS.has(last)) {
      words.pop();
      continue;
    }
    break;
  }
  return words.join(" ");
}

/** Hosts whose pages are profiles on someone else's site: their domain names no investor. */
const PROFILE_HOSTS = [
  "linkedin.com",
  "crunchbase.com",
  "twitter.com",
  "x.com",
  "wellfound.com",
  "angel.co",
  "facebook.com",
];

/**
 * The website's domain as matching uses it: the host in lower case without "www." and a trailing dot; null
 * for no website, an address that is not a website, or a profile on another site (a LinkedIn page).
 */
export function investorDomain(website: string | null | undefined): string | null {
  const value = website?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  // "mailto:a@b.example" read as a host with a user name: an address, not a website.
  if (url.username !== "" || url.password !== "") return null;
  const host = url.hostname
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^www\./, "");
  if (!host.includes(".")) return null;
  if (PROFILE_HOSTS.some((profile) => host === profile || host.endsWith(`.${profile}`))) return null;
  return host;
}

export interface InvestorCandidate {
  nameKey: string;
  domain: string | null;
}

export interface StoredInvestor extends InvestorCandidate {
  id: number;
}

/**
 * decision 030: the stored investor a spelling is, or undefined for a new one. (1) The one with the same
 * website domain; (2) else one with the same name key where either side has no domain (the lowest id);
 * two firms with one name and different websites stay apart.
 */
export function matchInvestor<T extends StoredInvestor>(
  candidate: InvestorCandidate,
  stored: readonly T[],
): T | undefined {
  if (candidate.domain !== null) {
    const byDomain = stored.find((investor) => investor.domain === candidate.domain);
    if (byDomain) return byDomain;
  }
  let byName: T | undefined;
  for (const investor of stored) {
    if (investor.nameKey !== candidate.nameKey) continue;
    if (candidate.domain !== null && investor.domain !== null) continue;
    if (byName === undefined || investor.id < byName.id) byName = investor;
  }
  return byName;
}

/** A new investor's slug: its name's, with "-2", "-3"... when taken. */
export function investorSlug(name: string, taken: (slug: string) => boolean): string {
  const base = slugify(name, "investor");
  if (!taken(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const slug = `${base}-${suffix}`;
    if (!taken(slug)) return slug;
  }
}

/** A known type is never overwritten by `other` (a source that does not say). */
export function mergedInvestorType(stored: InvestorType, incoming: InvestorType): InvestorType {
  return incoming === "other" ? stored : stored === "other" ? incoming : stored;
}
