import { csvRow, UTF8_BOM } from "../csv";
import { type ParsedLocation, parseHeadquartersLocation, UNKNOWN_REGION } from "../location";
import { type Lead, type LeadField, leadValue } from "./lead";
import { type PersonName, personFullName, personName } from "./person-name";
import type { Target, TargetColumn } from "./targets";
import {
  bareDomain,
  emailKey,
  firstListItem,
  isoDate,
  personLinkedinUrl,
  plainAmount,
  truncate,
} from "./value-formats";

export { emailKey } from "./value-formats";

/**
 * The converter's core (docs/product.md#converter): one lead in, one row of a target's file out. Pure and
 * row by row, so the server can stream a 100,000-row upload or export through it with flat memory: nothing
 * here keeps a row once it is returned. Duplicate emails and do-not-sell addresses need state (a set, the
 * database) and are the server's to drop, using `emailKey`.
 */

/** What the per-row work needs of a lead, each part computed at most once and only if a column asks. */
class RowContext {
  #person: PersonName | undefined;
  #location: ParsedLocation | undefined;
  #email: string | undefined;

  constructor(readonly lead: Lead) {}

  get person(): PersonName {
    this.#person ??= personName(this.lead);
    return this.#person;
  }

  get location(): ParsedLocation {
    this.#location ??= parseHeadquartersLocation(leadValue(this.lead, "headquartersLocation"));
    return this.#location;
  }

  /** The founder's address, else the company's (a Crunchbase export holds only the latter), normalised. */
  get email(): string {
    if (this.#email === undefined) {
      const founder = normalizedEmail(leadValue(this.lead, "email"));
      this.#email = founder !== "" ? founder : normalizedEmail(leadValue(this.lead, "contactEmail"));
    }
    return this.#email;
  }
}

/** Something shaped like an address (one "@", a dot in the domain, no spaces); tools reject the rest. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function normalizedEmail(text: string): string {
  const key = emailKey(text);
  return EMAIL_SHAPE.test(key) ? key : "";
}

/** A field's value as a required-field check sees it: person and email fields as the transforms make them. */
function resolvedValue(context: RowContext, field: LeadField): string {
  switch (field) {
    case "firstName":
      return context.person.first;
    case "lastName":
      return context.person.last;
    case "fullName":
      return personFullName(context.person);
    case "email":
      return context.email;
    case "personLinkedin":
      return personLinkedinUrl(leadValue(context.lead, field));
    default:
      return leadValue(context.lead, field);
  }
}

function locationPart(location: ParsedLocation, part: "city" | "region" | "country"): string {
  const value = location[part] ?? "";
  // docs/product.md#data: "Unknown Region" is Crunchbase's placeholder, not a region.
  return value === UNKNOWN_REGION ? "" : value;
}

type CellMaker = (context: RowContext) => string;

function cellMaker(column: TargetColumn): CellMaker {
  const { from, transform } = column;
  const source = (context: RowContext) => leadValue(context.lead, from);
  switch (transform) {
    case "firstName":
      return (context) => context.person.first;
    case "lastName":
      return (context) => context.person.last;
    case "fullName":
      return (context) => personFullName(context.person);
    case "email":
      return (context) => context.email;
    case "domain":
      return (context) => bareDomain(source(context));
    case "amount":
      return (context) => plainAmount(source(context));
    case "date":
      return (context) => isoDate(source(context));
    case "city":
    case "region":
    case "country":
      // The location parts always come from the headquarters, whatever column a target names as source.
      return (context) => locationPart(context.location, transform);
    case "firstItem":
      return (context) => firstListItem(source(context));
    case "personLinkedin":
      return (context) => personLinkedinUrl(source(context));
    case undefined:
      return source;
  }
}

/** A target ready to convert rows: its checks done once, its columns turned into functions. */
export interface PreparedTarget {
  target: Target;
  headers: readonly string[];
  /** The file's first bytes as text: the byte order mark if the target wants one, then the header record. */
  fileStart: string;
  readonly cellMakers: readonly CellMaker[];
}

/**
 * Checks a target and compiles its columns. A broken target (an empty or repeated header) is a programming
 * error and throws, so it fails in the unit tests rather than in a user's download.
 */
export function prepareTarget(target: Target): PreparedTarget {
  const headers = target.columns.map((column) => column.header);
  const seen = new Set<string>();
  for (const header of headers) {
    if (header.trim() === "") throw new Error(`Target ${target.id} has an empty header`);
    if (seen.has(header)) throw new Error(`Target ${target.id} repeats the header "${header}"`);
    seen.add(header);
  }
  const cellMakers = target.columns.map((column) => {
    const make = cellMaker(column);
    const { maxLength } = column;
    return maxLength === undefined ? make : (context: RowContext) => truncate(make(context), maxLength);
  });
  return {
    target,
    headers,
    fileStart: (target.bom ? UTF8_BOM : "") + csvRow(headers, target.delimiter),
    cellMakers,
  };
}

export type RowResult = { cells: string[] } | { missing: LeadField[] };

/**
 * One lead as the target's cells (raw values, in header order; `encodeRow` makes them CSV), or the required
 * fields it lacks. For a "one of" rule that fails, every alternative is listed.
 */
export function convertRow(lead: Lead, prepared: PreparedTarget): RowResult {
  const context = new RowContext(lead);
  const { required, requiredAnyOf } = prepared.target;
  const missing = required.filter((field) => resolvedValue(context, field) === "");
  if (requiredAnyOf?.every((field) => resolvedValue(context, field) === "")) {
    missing.push(...requiredAnyOf.filter((field) => !missing.includes(field)));
  }
  if (missing.length > 0) return { missing };
  return { cells: prepared.cellMakers.map((make) => make(context)) };
}

/** A converted row as one CSV record in the target's delimiter, formulas neutralised (app/core/csv.ts). */
export function encodeRow(prepared: PreparedTarget, cells: readonly string[]): string {
  return csvRow(cells, prepared.target.delimiter);
}

/** The file fields a lead field can be filled from (a person's name from a full name or the founders, too). */
export function sourceFieldsOf(field: LeadField): readonly LeadField[] {
  switch (field) {
    case "firstName":
    case "lastName":
    case "fullName":
      return ["firstName", "lastName", "fullName", "founders"];
    case "email":
      return ["email", "contactEmail"];
    default:
      return [field];
  }
}

/**
 * The required fields no column of a file can fill (the file as a whole cannot go to this target: "this file
 * has no email column, which Instantly needs"), given the fields its columns map to. A "one of" rule is
 * unmet when none of its alternatives can be filled; then all of them are listed.
 */
export function unmetRequirements(target: Target, available: ReadonlySet<LeadField>): LeadField[] {
  const canFill = (field: LeadField) => sourceFieldsOf(field).some((source) => available.has(source));
  const unmet = target.required.filter((field) => !canFill(field));
  const anyOf = target.requiredAnyOf;
  if (anyOf !== undefined && !anyOf.some(canFill))
    unmet.push(...anyOf.filter((field) => !unmet.includes(field)));
  return unmet;
}
