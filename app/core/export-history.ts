import { type RowsPer, type Target, targetById } from "./converter/targets";
import { formatCount, formatDate } from "./format";
import {
  LP_FILTER_KEYS,
  type LpSearchState,
  lpFilterValueLabel,
  parseLpSearchParams,
  serializeLpSearchState,
} from "./lp-search-params";
import { PAGE_SIZE, parseSearchParams, type SearchState, serializeSearchState } from "./search-params";
import { searchSummary } from "./search-summary";

/**
 * docs/product.md#export-history: the export history (every file a user downloaded, with the criteria to download it again) and
 * "new leads only" (leave out the companies this user has exported before). Pure: the server
 * (server/export/export-history.server.ts, server/companies/exported-companies.server.ts) stores and reads them.
 */

export type ExportDatabase = "companies" | "lps";

/** The exports /profile lists, newest first. */
export const EXPORT_HISTORY_LIMIT = 50;

/** The endpoint of each database's export: a history row's query string repeats it there. */
export const EXPORT_ENDPOINTS: Readonly<Record<ExportDatabase, string>> = {
  companies: "/api/export-csv",
  lps: "/api/export-lps",
};

/** The companies export's option (URL, JSON body or form field): leave out the companies exported before. */
export const NEW_ONLY_PARAM = "newOnly";

const NEW_ONLY_VALUES: ReadonlyMap<unknown, boolean> = new Map<unknown, boolean>([
  ["1", true],
  ["true", true],
  [true, true],
  [1, true],
  ["0", false],
  ["false", false],
  [false, false],
  [0, false],
  ["", false],
]);

/**
 * The newOnly option as sent (a URL or form value, or a JSON value): "1"/"true"/true turn it on,
 * "0"/"false"/false, empty or absent leave it off; anything else is refused with a message (a file with
 * other rows than asked for would mislead).
 */
export function readNewOnly(value: unknown): { newOnly: boolean } | { error: string } {
  if (value === undefined || value === null) return { newOnly: false };
  const known = NEW_ONLY_VALUES.get(typeof value === "string" ? value.trim().toLowerCase() : value);
  if (known !== undefined) return { newOnly: known };
  const shown = typeof value === "string" ? value.slice(0, 40) : JSON.stringify(value)?.slice(0, 40);
  return {
    error: `"${shown}" is not a choice for ${NEW_ONLY_PARAM}: use 1 (only companies you have not exported before) or 0.`,
  };
}

/** The companies export's option (URL): one row per company or one per person (docs/product.md#export). */
export const ROWS_PARAM = "rows";

/** The option's values on the URL, by what a row stands for. */
export const ROWS_VALUES: Readonly<Record<RowsPer, string>> = { company: "companies", person: "people" };

/** The choice's labels in the export menu. */
export const ROWS_LABELS: Readonly<Record<RowsPer, string>> = {
  company: "One row per company",
  person: "One row per person",
};

/**
 * The rows option as sent: `people` or `companies`, or absent/empty (the format decides, exportRowsPer);
 * anything else is refused with a message (a file of other rows than asked for would mislead).
 */
export function readExportRows(value: string | null): { rowsPer: RowsPer | null } | { error: string } {
  if (value === null || value.trim() === "") return { rowsPer: null };
  const wanted = value.trim().toLowerCase();
  const rowsPer = (Object.keys(ROWS_VALUES) as RowsPer[]).find((key) => ROWS_VALUES[key] === wanted);
  if (rowsPer) return { rowsPer };
  return {
    error: `"${value.slice(0, 40)}" is not a choice for ${ROWS_PARAM}: use ${ROWS_VALUES.person} (one row per person) or ${ROWS_VALUES.company} (one row per company).`,
  };
}

/**
 * What a row of a companies export stands for: the user's choice when made, else the format's (a tool that
 * imports one contact per row, targets.ts `rowsPer`), else a company.
 */
export function exportRowsPer(target: Pick<Target, "rowsPer"> | null, chosen: RowsPer | null): RowsPer {
  return chosen ?? target?.rowsPer ?? "company";
}

/**
 * A companies export's criteria as the query string /api/export-csv reads: the search page's parameters
 * (without the page and page size, which change nothing in a file), then `target`, `newOnly` and `rows` (as
 * chosen: absent, the format decides) when set.
 */
export function companiesExportQuery(
  search: SearchState,
  target: string | null,
  newOnly: boolean,
  rowsPer: RowsPer | null = null,
): string {
  const params = serializeSearchState({ ...search, page: 1, size: PAGE_SIZE });
  if (target) params.set("target", target);
  if (newOnly) params.set(NEW_ONLY_PARAM, "1");
  if (rowsPer) params.set(ROWS_PARAM, ROWS_VALUES[rowsPer]);
  return params.toString();
}

/** An LP export's criteria as the query string /api/export-lps reads (the /lps page's, without paging). */
export function lpsExportQuery(state: LpSearchState): string {
  return serializeLpSearchState({ ...state, page: 1, size: PAGE_SIZE }).toString();
}

/** The URL that downloads a history row's criteria again, with today's data (access is checked again). */
export function exportRepeatHref(database: ExportDatabase, query: string): string {
  const endpoint = EXPORT_ENDPOINTS[database];
  return query ? `${endpoint}?${query}` : endpoint;
}

/** An LP view in one line, as searchSummary writes a search: "“ford” · Endowment or Foundation · Europe". */
export function lpSearchSummary(state: LpSearchState): string {
  const parts: string[] = [];
  if (state.q) parts.push(`“${state.q}”`);
  for (const key of LP_FILTER_KEYS) {
    const value = state[key];
    const values = Array.isArray(value) ? value : value ? [value] : [];
    if (values.length > 0) parts.push(values.map((item) => lpFilterValueLabel(key, item)).join(" or "));
  }
  return parts.length > 0 ? parts.join(" · ") : "All LPs";
}

/** A stored export's criteria in one line, read back from its query string. */
export function exportCriteriaSummary(database: ExportDatabase, query: string): string {
  const params = new URLSearchParams(query);
  return database === "lps"
    ? lpSearchSummary(parseLpSearchParams(params).state)
    : searchSummary(parseSearchParams(params).state);
}

/** A stored export as the export history lists it (dates as ISO text, for loader data). */
export interface ExportHistoryEntry {
  id: number;
  createdAt: string;
  database: ExportDatabase;
  /** The criteria in one line ("Seed or Series A · Europe"). */
  summary: string;
  /** The import format's name ("HubSpot") for a converter target; null for Roundlist's CSV. */
  formatLabel: string | null;
  newOnly: boolean;
  /** What a companies export's row stood for (docs/product.md#export); "company" for an LP export. */
  rowsPer: RowsPer;
  /** Rows written; null while it is still streaming. */
  rowCount: number | null;
  /** "complete", "aborted" or "failed" (csv-stream.server.ts); null while it is still streaming. */
  outcome: string | null;
  /** Downloads the same criteria with today's data. */
  href: string;
}

/** A stored row as the history shows it. */
export function exportHistoryEntry(row: {
  id: number;
  createdAt: Date;
  database: ExportDatabase;
  query: string;
  format: string | null;
  newOnly: boolean;
  rowCount: number | null;
  outcome: string | null;
}): ExportHistoryEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    database: row.database,
    summary: exportCriteriaSummary(row.database, row.query),
    formatLabel: row.format ? (targetById(row.format)?.name ?? row.format) : null,
    newOnly: row.newOnly,
    rowsPer: rowsPerOfQuery(row.database, row.query, row.format),
    rowCount: row.rowCount,
    outcome: row.outcome,
    href: exportRepeatHref(row.database, row.query),
  };
}

/** What a stored companies export's rows stood for, read back from its query string and format. */
function rowsPerOfQuery(database: ExportDatabase, query: string, format: string | null): RowsPer {
  if (database !== "companies") return "company";
  const read = readExportRows(new URLSearchParams(query).get(ROWS_PARAM));
  return exportRowsPer(format ? targetById(format) : null, "error" in read ? null : read.rowsPer);
}

export const EXPORT_DATABASE_LABELS: Readonly<Record<ExportDatabase, string>> = {
  companies: "Companies",
  lps: "LPs",
};

/** How an export ended, in words: "Stopped" for a download left early; null for a complete one. */
export function exportOutcomeLabel(outcome: string | null): string | null {
  if (outcome === null) return "In progress";
  if (outcome === "complete") return null;
  if (outcome === "aborted") return "Stopped before the end";
  return "Failed";
}

/** What the new-leads count answers (GET /api/export-preview): the search's companies, and those not exported yet. */
export interface ExportPreview {
  total: number;
  newLeads: number;
}

/** The count next to "Leave out companies I have exported before": "1,234 new of 5,000". */
export function newLeadsText({ total, newLeads }: ExportPreview): string {
  if (total === 0) return "No companies match this search.";
  if (newLeads === 0)
    return total === 1
      ? "No new leads: you have exported this company before."
      : `No new leads: you have exported all ${formatCount(total)} companies before.`;
  return `${formatCount(newLeads)} new of ${formatCount(total)}`;
}

/** The marker's full words on a company this user exported before: "Exported on Nov 3, 2026". */
export function exportedOnText(firstExportedAt: string): string {
  return `Exported on ${formatDate(firstExportedAt)}`;
}

/**
 * docs/product.md#export: why the export is disabled while "new leads only" leaves no company, shown beside
 * the disabled button: "No new leads: you have exported all 12 companies before. Untick “Leave out ...”".
 */
export function noNewLeadsReason(preview: ExportPreview): string {
  return `${newLeadsText(preview)} Untick “${NEW_ONLY_LABEL}” to export ${preview.total === 1 ? "it" : "them"} again.`;
}

/** The "new leads only" option's label in the export menu. */
export const NEW_ONLY_LABEL = "Leave out companies I have exported before";
