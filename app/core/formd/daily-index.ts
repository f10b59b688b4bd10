// Decision 031 (4): EDGAR's daily index, the list of each day's filings. Two layouts carry the same columns:
// `master.{yyyymmdd}.idx` (pipe-separated: CIK|Company Name|Form Type|Date Filed|File Name) and
// `form.{yyyymmdd}.idx` (fixed-width columns sorted by form type). Both open with a few lines of description
// and a line of dashes; daily files print the date as 20260105, the quarterly full index as 2026-01-05.

export interface DailyIndexEntry {
  formType: string;
  companyName: string;
  /** Without leading zeros. */
  cik: string;
  /** ISO date. */
  dateFiled: string;
  /** As listed: `edgar/data/1234567/0001234567-26-000001.txt`. */
  fileName: string;
  /** Dashed form: `0001234567-26-000001`. */
  accessionNumber: string;
}

export interface DailyIndexRejected {
  /** 1-based line of the index file. */
  line: number;
  reason: string;
}

export interface DailyIndex {
  entries: DailyIndexEntry[];
  rejected: DailyIndexRejected[];
}

/** The form types the sync downloads: a Form D and its amendments. */
export const FORM_D_TYPES: readonly string[] = ["D", "D/A"];

const ACCESSION = /^(\d{10})-(\d{2})-(\d{6})$/;
const CIK = /^\d{1,10}$/;
const DATE = /^(\d{4})-?(\d{2})-?(\d{2})$/;
const FILE_NAME = /^edgar\/data\/(\d{1,10})\/(\d{10}-\d{2}-\d{6})\.txt$/;
/** form.idx's data line after the form type's column: company (spaces and all), CIK, date and file name. */
const FORM_LINE_REST = /^(.*\S)\s+(\d{1,10})\s+(\d{8}|\d{4}-\d{2}-\d{2})\s+(\S+)\s*$/;

/** Parses a daily (or quarterly) master.idx or form.idx; lines that do not read are rejected with their number. */
export function parseDailyIndex(text: string): DailyIndex {
  const lines = text.split(/\r?\n/);
  const dashes = lines.findIndex((line) => /^-{10,}\s*$/.test(line));
  if (dashes < 0) {
    return {
      entries: [],
      rejected: [{ line: 1, reason: "not an EDGAR index: no line of dashes under a header" }],
    };
  }
  const header = lines.slice(0, dashes).join("\n");
  const pipes = /CIK\|Company Name\|Form Type\|Date Filed\|File ?name/i.test(header);
  // form.idx: the form type fills the columns before "Company Name" (a type may hold a space: "SC 13D").
  const columns = lines.slice(0, dashes).find((line) => /^Form Type\s+Company Name/i.test(line));
  const companyColumn = columns?.search(/Company Name/i) ?? -1;
  const entries: DailyIndexEntry[] = [];
  const rejected: DailyIndexRejected[] = [];
  for (let index = dashes + 1; index < lines.length; index++) {
    const line = lines[index] ?? "";
    if (line.trim() === "") continue;
    const fields = pipes ? pipeFields(line) : formFields(line, companyColumn);
    const result = fields === null ? "the line does not have the index's five columns" : toEntry(fields);
    if (typeof result === "string") rejected.push({ line: index + 1, reason: result });
    else entries.push(result);
  }
  return { entries, rejected };
}

interface Fields {
  formType: string;
  companyName: string;
  cik: string;
  date: string;
  fileName: string;
}

function pipeFields(line: string): Fields | null {
  const parts = line.split("|");
  if (parts.length !== 5) return null;
  const [cik, companyName, formType, date, fileName] = parts.map((part) => part.trim()) as [
    string,
    string,
    string,
    string,
    string,
  ];
  return { cik, companyName, formType, date, fileName };
}

function formFields(line: string, companyColumn: number): Fields | null {
  const formType = companyColumn > 0 ? line.slice(0, companyColumn).trim() : (line.split(/\s+/)[0] ?? "");
  const rest = companyColumn > 0 ? line.slice(companyColumn) : line.slice(formType.length);
  const match = FORM_LINE_REST.exec(rest.trim());
  if (!match || formType === "") return null;
  const [, companyName = "", cik = "", date = "", fileName = ""] = match;
  return { formType, companyName: companyName.trim(), cik, date, fileName };
}

function toEntry(fields: Fields): DailyIndexEntry | string {
  if (!CIK.test(fields.cik)) return `the CIK "${fields.cik}" is not a number of at most 10 digits`;
  const date = DATE.exec(fields.date);
  if (!date) return `the date "${fields.date}" is not a date`;
  const dateFiled = `${date[1]}-${date[2]}-${date[3]}`;
  if (!isCalendarDate(dateFiled)) return `the date "${fields.date}" is not a date`;
  const file = FILE_NAME.exec(fields.fileName);
  if (!file) return `the file name "${fields.fileName}" is not edgar/data/{CIK}/{accession number}.txt`;
  if (fields.formType === "") return "the form type is empty";
  return {
    formType: fields.formType,
    companyName: fields.companyName,
    cik: withoutLeadingZeros(fields.cik),
    dateFiled,
    fileName: fields.fileName,
    accessionNumber: file[2] ?? "",
  };
}

/** The entries of Form D filings (D and D/A), each accession number once. */
export function formDEntries(entries: readonly DailyIndexEntry[]): DailyIndexEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    if (!FORM_D_TYPES.includes(entry.formType) || seen.has(entry.accessionNumber)) return false;
    seen.add(entry.accessionNumber);
    return true;
  });
}

export function withoutLeadingZeros(cik: string): string {
  return cik.replace(/^0+(?=\d)/, "");
}

/** `0001234567-26-000001` -> `000123456726000001`; throws on anything that is not an accession number. */
export function accessionWithoutDashes(accessionNumber: string): string {
  if (!ACCESSION.test(accessionNumber)) throw new Error(`"${accessionNumber}" is not an accession number`);
  return accessionNumber.replaceAll("-", "");
}

/** The filing's folder on EDGAR: `/Archives/edgar/data/{CIK without leading zeros}/{accession without dashes}/`. */
export function filingFolderPath(cik: string, accessionNumber: string): string {
  if (!CIK.test(cik)) throw new Error(`"${cik}" is not a CIK`);
  return `/Archives/edgar/data/${withoutLeadingZeros(cik)}/${accessionWithoutDashes(accessionNumber)}/`;
}

/** The X0708 document of a Form D filing. */
export function primaryDocPath(cik: string, accessionNumber: string): string {
  return `${filingFolderPath(cik, accessionNumber)}primary_doc.xml`;
}

/** The master index of an ISO day: `/Archives/edgar/daily-index/2026/QTR1/master.20260105.idx`. */
export function dailyIndexPath(day: string): string {
  if (!isCalendarDate(day)) throw new Error(`"${day}" is not an ISO date`);
  const [year, month, date] = day.split("-");
  const quarter = Math.floor((Number(month) - 1) / 3) + 1;
  return `/Archives/edgar/daily-index/${year}/QTR${quarter}/master.${year}${month}${date}.idx`;
}

export function isCalendarDate(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}
