import type { FormDRelationship } from "./filing";

/**
 * Decision 031: how a Form D value is read, the same for the quarterly data sets and for `primary_doc.xml`.
 * Each reader throws FormDValueError with a reason a person can act on; the reader turns it into a rejected
 * row with its file and line.
 */
export class FormDValueError extends Error {
  override name = "FormDValueError";
}

const MONTHS: Record<string, string> = {
  JAN: "01",
  FEB: "02",
  MAR: "03",
  APR: "04",
  MAY: "05",
  JUN: "06",
  JUL: "07",
  AUG: "08",
  SEP: "09",
  OCT: "10",
  NOV: "11",
  DEC: "12",
};
/** The data sets' FILING_DATE: `30-JUN-2026` (older sets print a two-digit year, `30-JUN-09`). */
const DAY_MONTH_YEAR = /^(\d{1,2})-([A-Za-z]{3})-(\d{2}|\d{4})$/;
/** SALE_DATE and X0708's dates: `2026-06-15`, sometimes with a time after it. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.]+Z?)?$/;

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A date in either format as ISO (`2026-06-30`); null when empty; FormDValueError when not a real date. */
export function parseFormDDate(value: string | null | undefined, label: string): string | null {
  const text = value?.trim() ?? "";
  if (text === "") return null;
  let year: number;
  let month: number;
  let day: number;
  const dmy = DAY_MONTH_YEAR.exec(text);
  const iso = dmy ? null : ISO_DATE.exec(text);
  if (dmy) {
    const monthNumber = MONTHS[(dmy[2] ?? "").toUpperCase()];
    if (monthNumber === undefined) throw new FormDValueError(`${label} is not a date: "${text}"`);
    const yearText = dmy[3] ?? "";
    // A two-digit year is this century's below 70 (the data sets begin in 2008).
    year =
      yearText.length === 2 ? Number(yearText) + (Number(yearText) < 70 ? 2000 : 1900) : Number(yearText);
    month = Number(monthNumber);
    day = Number(dmy[1]);
  } else if (iso) {
    year = Number(iso[1]);
    month = Number(iso[2]);
    day = Number(iso[3]);
  } else {
    throw new FormDValueError(`${label} is not a date: "${text}"`);
  }
  if (!isCalendarDate(year, month, day)) throw new FormDValueError(`${label} is not a date: "${text}"`);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export interface FormDAmount {
  /** USD, decimals kept; null when empty or `Indefinite`. */
  amount: number | null;
  indefinite: boolean;
}

const AMOUNT = /^\d+(?:\.\d+)?$/;

/** An amount as filed: `1500000`, `1500000.50`, `1,500,000`, `Indefinite`, or empty. */
export function parseFormDAmount(value: string | null | undefined, label: string): FormDAmount {
  const text = (value?.trim() ?? "").replace(/^\$/, "").replace(/,/g, "");
  if (text === "") return { amount: null, indefinite: false };
  if (text.toLowerCase() === "indefinite") return { amount: null, indefinite: true };
  if (!AMOUNT.test(text)) throw new FormDValueError(`${label} is not an amount: "${value?.trim()}"`);
  return { amount: Number(text), indefinite: false };
}

/** A count (investors): a whole number, or null when empty. */
export function parseFormDCount(value: string | null | undefined, label: string): number | null {
  const text = (value?.trim() ?? "").replace(/,/g, "");
  if (text === "") return null;
  // Some filings print a count as `12.0`.
  if (!/^\d+(?:\.0+)?$/.test(text))
    throw new FormDValueError(`${label} is not a whole number: "${value?.trim()}"`);
  return Number.parseInt(text, 10);
}

const TRUE_FLAGS = new Set(["true", "y", "yes", "1", "t"]);
const FALSE_FLAGS = new Set(["false", "n", "no", "0", "f", ""]);

/** A yes/no flag: `true`/`false` (data sets and X0708), `Y`/`N`, `YES`/`NO`; empty reads as no. */
export function parseFormDFlag(value: string | null | undefined, label: string): boolean {
  const text = value?.trim().toLowerCase() ?? "";
  if (TRUE_FLAGS.has(text)) return true;
  if (FALSE_FLAGS.has(text)) return false;
  throw new FormDValueError(`${label} is not a yes/no flag: "${value?.trim()}"`);
}

/**
 * Free text as Roundlist keeps it: no-break spaces, tabs and runs of spaces folded to one space, trimmed;
 * null when nothing is left.
 */
export function cleanFormDText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = value.replace(/[\s\u00a0\u2007\u202f\ufeff]+/g, " ").trim();
  return text === "" ? null : text;
}

/** The placeholders filers type where a name part does not apply (`N/A`, `-`, `None`). */
const NAME_PLACEHOLDERS = new Set(["n/a", "na", "none", "-", "--", ".", "n.a.", "not applicable"]);

/** A person's name part: cleaned (cleanFormDText), null for a placeholder. */
export function cleanFormDNamePart(value: string | null | undefined): string | null {
  const text = cleanFormDText(value);
  return text === null || NAME_PLACEHOLDERS.has(text.toLowerCase()) ? null : text;
}

const RELATIONSHIPS: Record<string, FormDRelationship> = {
  "executive officer": "Executive Officer",
  director: "Director",
  promoter: "Promoter",
};

/** A related person's relationship as filed (any case); FormDValueError for anything else. */
export function parseFormDRelationship(value: string, label: string): FormDRelationship {
  const relationship = RELATIONSHIPS[cleanFormDText(value)?.toLowerCase() ?? ""];
  if (relationship === undefined)
    throw new FormDValueError(`${label} is not a relationship: "${value.trim()}"`);
  return relationship;
}

/**
 * The relationships of one person (RELATIONSHIP_1..3), each once, in the order filed; empty cells are skipped.
 * A bad value is named by its column: `${label}_1`, `${label}_2`...
 */
export function parseFormDRelationships(
  values: readonly (string | null | undefined)[],
  label: string,
): FormDRelationship[] {
  const found: FormDRelationship[] = [];
  values.forEach((value, index) => {
    if (cleanFormDText(value) === null) return;
    const relationship = parseFormDRelationship(value ?? "", `${label}_${index + 1}`);
    if (!found.includes(relationship)) found.push(relationship);
  });
  return found;
}

/** A CIK without leading zeros; FormDValueError when it is not a number. */
export function parseCik(value: string | null | undefined, label = "CIK"): string {
  const text = value?.trim() ?? "";
  if (!/^\d{1,10}$/.test(text) || /^0+$/.test(text))
    throw new FormDValueError(`${label} is not a CIK: "${text}"`);
  return text.replace(/^0+/, "");
}

const DASHED_ACCESSION = /^\d{10}-\d{2}-\d{6}$/;
const PLAIN_ACCESSION = /^\d{18}$/;

/** An accession number in the dashed form the data sets print (`0001234567-26-000001`), from either form. */
export function parseAccessionNumber(value: string | null | undefined, label = "ACCESSIONNUMBER"): string {
  const text = value?.trim() ?? "";
  if (DASHED_ACCESSION.test(text)) return text;
  if (PLAIN_ACCESSION.test(text)) return `${text.slice(0, 10)}-${text.slice(10, 12)}-${text.slice(12)}`;
  throw new FormDValueError(`${label} is not an accession number: "${text}"`);
}

/** True when the text is an accession number in either form (a filing folder's name). */
export function isAccessionNumber(text: string): boolean {
  return DASHED_ACCESSION.test(text) || PLAIN_ACCESSION.test(text);
}

/** The filing's folder on EDGAR: `https://www.sec.gov/Archives/edgar/data/{cik}/{accession without dashes}/`. */
export function edgarFilingUrl(cik: string, accessionNumber: string): string {
  return `https://www.sec.gov/Archives/edgar/data/${cik.replace(/^0+/, "")}/${accessionNumber.replace(/-/g, "")}/`;
}
