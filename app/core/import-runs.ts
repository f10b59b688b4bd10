import { csvRow } from "./csv";
import { formDUploadNameProblem } from "./formd/upload-file";

/**
 * docs/product.md#imports in the browser: the rules of an upload (name, size), what a run's report and history
 * show, and every text a person reads about a run. Pure: the server and the page share them.
 */

/** A run: a dry run (nothing written) or a commit (the import itself). */
export type ImportRunKind = "dry_run" | "commit";
export type ImportRunStatus = "running" | "done" | "failed";

/** docs/product.md#lps, docs/product.md#imports: what a run's file holds, which decides its importer. */
export const IMPORT_SUBJECTS = ["companies", "lps", "rounds", "formd"] as const;
export type ImportSubject = (typeof IMPORT_SUBJECTS)[number];

/** The subjects the console's upload offers: all of them (SEC Form D as a zip or an XML, decision 031). */
export const CONSOLE_IMPORT_SUBJECTS: readonly ImportSubject[] = IMPORT_SUBJECTS;

/** What the page calls each subject: the choice on the upload form and the history's column. */
export const IMPORT_SUBJECT_LABELS: Readonly<Record<ImportSubject, string>> = {
  companies: "Companies",
  lps: "LPs",
  rounds: "Crunchbase funding rounds",
  formd: "SEC Form D",
};

/** The command line that imports each subject (the history names it for runs it started). */
export const IMPORT_SUBJECT_COMMANDS: Readonly<Record<ImportSubject, string>> = {
  companies: "npm run import",
  lps: "npm run import:lps",
  rounds: "npm run import:rounds",
  formd: "npm run import:formd",
};

/** What a busy message says a running import reads, after "an import of" (companies: nothing). */
const BUSY_SUBJECT_WORDS: Readonly<Record<ImportSubject, string>> = {
  companies: "",
  lps: " LPs from",
  rounds: " funding rounds from",
  formd: " SEC Form D filings from",
};

/** The `subject` an upload names (absent: companies, as before docs/product.md#lps), or null when it names none we know. */
export function importSubjectOf(raw: string | null | undefined): ImportSubject | null {
  if (raw === null || raw === undefined || raw === "") return "companies";
  return (IMPORT_SUBJECTS as readonly string[]).includes(raw) ? (raw as ImportSubject) : null;
}

/** The largest upload accepted by default: about 370,000 Crunchbase rows. */
export const DEFAULT_MAX_IMPORT_BYTES = 250 * 1024 * 1024;
/**
 * The most companies one file may name in the console: the import keeps ~300 bytes per company it has
 * seen (duplicates, the dry run's view of its own rows), ~60 MB here, within the server's 160 MB heap.
 */
export const MAX_IMPORT_COMPANIES = 200_000;
export const MAX_FILE_NAME_LENGTH = 200;
/** Rejected rows shown per reason on the page; the CSV download holds every kept one. */
export const REJECTED_SHOWN_PER_REASON = 20;
/** An uploaded file neither imported nor discarded is deleted after this long. */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** The file name an upload is sent with (the `name` query parameter), checked before a byte is stored. */
export type UploadNameCheck = { ok: true; fileName: string } | { ok: false; message: string };

/** Control characters (C0, DEL, C1): never part of a real file name. */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * The name of an uploaded file: the last part of a path some browsers send, trimmed; it must end in
 * ".csv" (Crunchbase exports do; an .xlsx must be exported as CSV first), or for SEC Form D be a zip or an
 * XML named after its filing (decision 031: formDUploadNameProblem).
 */
export function checkUploadName(
  raw: string | null | undefined,
  subject: ImportSubject = "companies",
): UploadNameCheck {
  const fileName = (raw ?? "").split(/[\\/]/).at(-1)?.trim() ?? "";
  if (fileName === "") {
    return {
      ok: false,
      message: subject === "formd" ? "Choose a file to upload." : "Choose a CSV file to upload.",
    };
  }
  if (hasControlCharacter(fileName)) {
    return { ok: false, message: "The file name contains control characters; rename the file." };
  }
  if (fileName.length > MAX_FILE_NAME_LENGTH) {
    return {
      ok: false,
      message: `The file name is longer than ${MAX_FILE_NAME_LENGTH} characters; rename the file.`,
    };
  }
  if (subject === "formd") {
    const problem = formDUploadNameProblem(fileName);
    return problem === null ? { ok: true, fileName } : { ok: false, message: problem };
  }
  if (!/\.csv$/i.test(fileName)) {
    const isSpreadsheet = /\.(xlsx?|ods|numbers)$/i.test(fileName);
    return {
      ok: false,
      message: isSpreadsheet
        ? `${fileName} is a spreadsheet: export it as CSV (a .csv file) and upload that.`
        : `${fileName} is not a .csv file: upload a Crunchbase CSV export.`,
    };
  }
  return { ok: true, fileName };
}

/** Why a file of `bytes` bytes cannot be uploaded, or null. */
export function uploadSizeProblem(bytes: number, maxBytes: number = DEFAULT_MAX_IMPORT_BYTES): string | null {
  if (bytes <= 0) return "The file is empty.";
  if (bytes > maxBytes) {
    return `The file is ${formatBytes(bytes)}; the largest file accepted is ${formatBytes(maxBytes)}. Split it into smaller files.`;
  }
  return null;
}

/** 1536 -> "1.5 KB", 68_000_000 -> "64.8 MB" (binary units, as file managers mostly show). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = value >= 100 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, "");
  return `${shown} ${units[unit]}`;
}

/**
 * Whether a running run's percentage means something: decision 031's Form D readers read the whole data set
 * before the first batch, so its bytes read are known only at the end; its page shows the rows read alone.
 */
export function showsReadPercent(subject: ImportSubject): boolean {
  return subject !== "formd";
}

/** How far a run has read its file, 0 to 100 (whole percent). */
export function progressPercent(bytesRead: number, fileBytes: number): number {
  if (fileBytes <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((bytesRead / fileBytes) * 100)));
}

/** 850 -> "0.9 s", 21_400 -> "21 s", 95_000 -> "1 min 35 s". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || ms < 0) return "-";
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

export function runKindLabel(kind: ImportRunKind): string {
  return kind === "dry_run" ? "Dry run" : "Import";
}

/** What the page shows for a run's state. */
export function runStatusLabel(run: {
  kind: ImportRunKind;
  status: ImportRunStatus;
  discarded?: boolean;
}): string {
  if (run.status === "running") return run.kind === "dry_run" ? "Checking" : "Importing";
  if (run.status === "failed") return "Failed";
  if (run.discarded) return "Discarded";
  return "Done";
}

/** What busy and stale messages need of a run. */
export interface ImportRunLike {
  kind: ImportRunKind;
  status: ImportRunStatus;
  fileName: string;
  actorEmail: string | null;
  createdAt: Date;
  rowsRead: number;
  progressAt: Date;
  /** Absent: companies. */
  subject?: ImportSubject;
}

const timeOfDay = new Intl.DateTimeFormat("en-US", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

function whoAndWhen(run: Pick<ImportRunLike, "actorEmail" | "createdAt" | "subject">): string {
  const command = IMPORT_SUBJECT_COMMANDS[run.subject ?? "companies"];
  const who = run.actorEmail ?? `the command line (${command})`;
  return `started by ${who} at ${timeOfDay.format(run.createdAt)} UTC`;
}

/** Why a second import is refused while one runs. */
export function importBusyMessage(running: ImportRunLike | null): string {
  if (running === null) return "Another import was running a moment ago; try again.";
  const what =
    (running.kind === "dry_run" ? "a dry run of" : "an import of") +
    BUSY_SUBJECT_WORDS[running.subject ?? "companies"];
  const rows = running.rowsRead > 0 ? `, ${running.rowsRead.toLocaleString("en-US")} rows read so far` : "";
  return (
    `Another import is running (${what} ${running.fileName}, ${whoAndWhen(running)}${rows}). ` +
    "Two imports never run at once: wait for it to finish, then try again."
  );
}

/** Why a run that was left running is now failed. */
export function staleRunMessage(run: Pick<ImportRunLike, "kind" | "rowsRead" | "progressAt">): string {
  const stopped = `The server stopped while this ran (last progress at ${timeOfDay.format(run.progressAt)} UTC)`;
  if (run.kind === "dry_run") return `${stopped}, so the check did not finish; nothing was imported.`;
  return (
    `${stopped}, after ${run.rowsRead.toLocaleString("en-US")} rows. The rows saved before it stopped stay ` +
    "saved; importing the same file again finishes the import."
  );
}

/** What the page and the status endpoint say of a run: plain JSON (times as ISO text). */
export interface ImportRunView {
  id: number;
  kind: ImportRunKind;
  status: ImportRunStatus;
  subject: ImportSubject;
  source: "console" | "command_line";
  actorEmail: string | null;
  fileName: string;
  fileBytes: number;
  bytesRead: number;
  /** How far the file is read, 0-100 (100 once done). */
  percent: number;
  rowsRead: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  suppressed: number;
  duplicates: number;
  /** An LP run: contacts inserted or changed, and stored contacts the file's replaced (0 for companies). */
  contactsWritten: number;
  contactsRemoved: number;
  /** A funding-rounds run (decision 030): rounds inserted or changed, and investors it created. */
  roundsWritten: number;
  investorsCreated: number;
  /** A Form D run (decision 031): companies, people, the filings left out and the amendments applied. */
  companiesInserted: number;
  companiesUpdated: number;
  peopleWritten: number;
  fundsLeftOut: number;
  testsLeftOut: number;
  notOperatingLeftOut: number;
  amendmentsApplied: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  dryRunId: number | null;
  /** A dry run whose file is still kept: it may be imported or discarded. */
  hasFile: boolean;
  discarded: boolean;
}

/** A Form D run's own counts (decision 031), as the run's view names them: one shape for the importer and its batches. */
export type FormDCounts = Pick<
  ImportRunView,
  | "companiesInserted"
  | "companiesUpdated"
  | "peopleWritten"
  | "fundsLeftOut"
  | "testsLeftOut"
  | "notOperatingLeftOut"
  | "amendmentsApplied"
>;

/** A finished run's report: the counts, and the kept rejected and duplicate rows to show. */
export interface ImportReportView extends ImportRunView {
  rejectedGroups: RejectedGroup[];
  /** Rejected rows kept with the run (the download holds these; the importer keeps the first 10,000). */
  rejectedKept: number;
  duplicateRows: Array<{ row: number; firstRow: number }>;
}

/** Rejected rows of one reason: how many were kept, and the first of them. */
export interface RejectedGroup {
  reason: string;
  count: number;
  rows: number[];
}

/**
 * Rejected rows grouped by reason, the largest group first (then the reason's first row), each with its
 * first `shown` row numbers. Reasons quoting a cell's value stay apart: each says what to fix.
 */
export function groupRejectedRows(
  rejected: ReadonlyArray<{ row: number; reason: string }>,
  shown: number = REJECTED_SHOWN_PER_REASON,
): RejectedGroup[] {
  const groups = new Map<string, RejectedGroup>();
  for (const { row, reason } of rejected) {
    let group = groups.get(reason);
    if (group === undefined) {
      group = { reason, count: 0, rows: [] };
      groups.set(reason, group);
    }
    group.count++;
    if (group.rows.length < shown) group.rows.push(row);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || (a.rows[0] ?? 0) - (b.rows[0] ?? 0));
}

/** The downloadable rejected rows: one line per row, its file line and the reason (RFC 4180, formula-safe). */
export function rejectedRowsCsv(rejected: ReadonlyArray<{ row: number; reason: string }>): string {
  let text = csvRow(["row", "reason"]);
  for (const { row, reason } of rejected) text += csvRow([row, reason]);
  return text;
}

/** The rejected-rows download's file name: the upload's name without ".csv" (or ".zip", ".xml"), then "-rejected.csv". */
export function rejectedFileName(fileName: string): string {
  const base = fileName.replace(/\.(csv|zip|xml)$/i, "").replace(/[^\w.-]+/g, "_") || "import";
  return `${base}-rejected.csv`;
}
