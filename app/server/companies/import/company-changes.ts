import { isSameValue } from "../../imports/value-changes";
import type { ImportedCompany } from "../crunchbase-row";

/**
 * Whether a row changes a company: pure comparisons of the values an import writes (`fields`, the columns
 * the file provides), so a row that would write what is already there counts as unchanged and is not
 * rewritten (docs/product.md#imports: the import report's "unchanged").
 */

/** The stored values of a company, as read back from the table (only the file's fields need be present). */
export type CompanyValues = Partial<Record<keyof ImportedCompany, unknown>>;

/** Whether writing `row` would leave every one of `fields` of `stored` as it is. */
export function hasSameValues(
  stored: CompanyValues,
  row: ImportedCompany,
  fields: ReadonlyArray<keyof ImportedCompany>,
): boolean {
  for (const field of fields) {
    if (!isSameValue(stored[field], row[field])) return false;
  }
  return true;
}

/**
 * A 53-bit digest of a row's values for `fields`: what the import keeps of a company a row already wrote,
 * so a later row about it compares without holding the whole row. Two different value sets share a digest
 * about once in 2^53 comparisons (only rows about the same company are compared).
 */
export function companyDigest(
  company: CompanyValues,
  fields: ReadonlyArray<keyof ImportedCompany>,
  investors: string | null = null,
): number {
  // JSON keeps each value's type and list boundaries apart: ["a,b"] and ["a", "b"] differ.
  const values = JSON.stringify(fields.map((field) => company[field] ?? null));
  return cyrb53(investors === null ? values : `${values}\u001f${investors}`);
}

/**
 * decision 030: a row's investors as one comparable text (each investor's name key, a lead marked, sorted),
 * or null when the file names no investors. The stored side is built by the same rule from the links.
 */
export function investorsText(
  investors: ReadonlyArray<{ nameKey: string; isLead: boolean }> | null,
): string | null {
  if (investors === null) return null;
  return investors
    .map((investor) => `${investor.isLead ? "*" : ""}${investor.nameKey}`)
    .sort()
    .join("|");
}

/** cyrb53 (public domain, bryc): a fast 53-bit string hash with good spread. */
function cyrb53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
