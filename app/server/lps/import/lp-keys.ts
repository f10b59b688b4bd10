import { LP_FIELD_HEADERS, type LpColumns, type LpImportField } from "../../../core/lp-import-columns";
import type { ImportedLp, ImportedLpContact } from "../../../core/lp-import-row";

/**
 * What tells rows and stored LPs apart: the match keys of an LP and of a contact, the LP columns a file
 * provides, and digests of their values (what the import keeps of an LP's first row, to check later rows of
 * the same LP against it). Pure.
 */

/** An LP's name-and-country key: its lower-case name and country (the second match after the website). */
export function lpNameKey(name: string, country: string | null): string {
  return `${name.toLowerCase()}\u001f${(country ?? "").toLowerCase()}`;
}

/** A contact's key within its LP: the lower-case address, else (no address) its lower-case name. */
export function contactKey(contact: Pick<ImportedLpContact, "email" | "firstName" | "lastName">): string {
  if (contact.email !== null) return `@${contact.email.toLowerCase()}`;
  return `#${contact.firstName.toLowerCase()} ${(contact.lastName ?? "").toLowerCase()}`.trimEnd();
}

export type LpValueKey = keyof ImportedLp;

/** The column each LP value comes from (the website's domain comes with it). */
const SOURCE_FIELD: Readonly<Record<LpValueKey, LpImportField>> = {
  name: "name",
  type: "type",
  city: "city",
  region: "region",
  country: "country",
  website: "website",
  websiteDomain: "website",
  aumUsd: "aumUsd",
  aumAsOf: "aumAsOf",
  checkMinUsd: "checkMinUsd",
  checkMaxUsd: "checkMaxUsd",
  assetClasses: "assetClasses",
  stageFocus: "stageFocus",
  sectorFocus: "sectorFocus",
  geoFocus: "geoFocus",
  acceptsEmerging: "acceptsEmerging",
  backsFirstTimeFunds: "backsFirstTimeFunds",
  mfoModel: "mfoModel",
  description: "description",
};

/**
 * The LP values an import of a file with these columns sets. An update writes only these, so a file
 * without, say, a Description column leaves stored descriptions alone instead of blanking them.
 */
export function importedLpFields(columns: LpColumns): LpValueKey[] {
  return (Object.keys(SOURCE_FIELD) as LpValueKey[]).filter(
    (key) => columns[SOURCE_FIELD[key]] !== undefined,
  );
}

/** A 32-bit digest per value of `fields` (FNV-1a of its JSON): enough to tell a later row's values apart. */
export function lpValueDigests(lp: ImportedLp, fields: readonly LpValueKey[]): Uint32Array {
  const digests = new Uint32Array(fields.length);
  fields.forEach((field, index) => {
    digests[index] = fnv1a(JSON.stringify(lp[field] ?? null));
  });
  return digests;
}

/** The headers (as the file spells them) of the values whose digests differ. */
export function differingColumns(
  first: Uint32Array,
  later: Uint32Array,
  fields: readonly LpValueKey[],
  columns: LpColumns,
): string[] {
  const named = new Set<string>();
  fields.forEach((field, index) => {
    if (first[index] === later[index]) return;
    const source = SOURCE_FIELD[field];
    named.add(columns[source]?.header ?? LP_FIELD_HEADERS[source]);
  });
  return [...named];
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
