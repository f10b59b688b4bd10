import { VISITOR_ACCESS, type ViewerAccess } from "~/core/access";
import { type RowsPer, TARGETS, type Target, targetById } from "~/core/converter/targets";
import { exportFileName } from "~/core/csv";
import {
  companiesExportQuery,
  exportRowsPer,
  NEW_ONLY_PARAM,
  ROWS_PARAM,
  ROWS_VALUES,
  readExportRows,
  readNewOnly,
} from "~/core/export-history";
import {
  ExportRequestError,
  searchParamsFromExportBody,
  searchParamsFromExportForm,
} from "~/core/export-request";
import {
  DATABASE_UNAVAILABLE,
  EXPORT_BUSY,
  EXPORT_CROSS_SITE,
  EXPORT_DENIED,
  EXPORT_FAILED,
} from "~/core/messages";
import { exportMayRecord, siteOfRequest } from "~/core/request-site";
import { parseSearchParams, type SearchParamError, type SearchState } from "~/core/search-params";
import { activityDetailsOf, recordActivityDetails } from "../activity/activity.server";
import { type Auth, authSettingsOf } from "../auth/auth.server";
import { lookUpSession, type SessionUser } from "../auth/session.server";
import { getViewerAccess } from "../billing/viewer-access.server";
import { type ExportOptions, streamCompaniesCsv } from "../companies/export.server";
import { causedByDatabaseOutage, RETRY_AFTER_SECONDS } from "../database-unavailable.server";
import type { Database } from "../db/database.server";
import type { ActivityDetails } from "../db/schema";
import type { CsvExport } from "../http/csv-stream.server";
import { logger } from "../logger.server";
import { type ExportHistoryStart, finishExportHistory, startExportHistory } from "./export-history.server";

/** What the export needs, passed in so tests can hand it their own database and auth. */
export interface ExportServices {
  database: Pick<Database, "db" | "kind">;
  auth: Auth;
  /** Overrides MAX_RUNNING_EXPORTS (tests with a small pool). */
  maxRunningExports?: number;
}

/**
 * Exports running at once in this process. On a server each holds a pool connection for its whole length
 * (the pool has 10 by default), and each costs CPU on this process: a cap keeps searches answering meanwhile.
 */
const MAX_RUNNING_EXPORTS = 4;
let runningExports = 0;

/**
 * The cap for a process whose pool has `poolSize` connections (DATABASE_POOL_SIZE, smaller by default when
 * many processes share a PostgreSQL server): at most half of them held by exports, at least one export.
 */
export function maxRunningExportsFor(poolSize: number): number {
  return Math.max(1, Math.min(MAX_RUNNING_EXPORTS, Math.floor(poolSize / 2)));
}

export type ExportGate = { ok: true; user: SessionUser } | { ok: false; status: 403; message: string };

/**
 * What differs between the files the app exports (companies, docs/product.md#export; LPs, docs/product.md#lps): who may have it,
 * how its criteria are read, how its rows are streamed and what the activity log records. The rest (the
 * session, refusals, the running-exports cap, headers, the activity record once the stream ends) is one
 * handler, handleExportRequest.
 */
export interface ExportKind<State> {
  /** A refusal's message for this viewer, or null when they may export (decided from the stored access). */
  refusal(access: ViewerAccess): string | null;
  /** The criteria of the request (its page ignored); values a page would drop are refused with `errors`. */
  readCriteria(request: Request): Promise<{ state: State; errors: SearchParamError[] }>;
  /**
   * Opens the file for `viewer.userId` (docs/product.md#export: the companies export records what it wrote for them, when
   * `viewer.records`: never for a download another site may have started, decision 019).
   */
  open(
    database: Pick<Database, "db" | "kind">,
    state: State,
    options: ExportOptions,
    viewer: { userId: string; records: boolean },
  ): Promise<CsvExport>;
  fileName(now: Date, state: State): string;
  /** The activity record of a finished export: { query, filters, totalResults } (docs/product.md#data). */
  activity(state: State, rows: number): ActivityDetails;
  /** docs/product.md#export-history: the export history's record of these criteria, as the export starts. */
  history(state: State): ExportHistoryStart;
}

/** docs/product.md#access, export access: pro access and not trialing; admins too. */
function companiesRefusal(access: ViewerAccess): string | null {
  if (access.hasExportAccess) return null;
  if (!access.isSignedIn) return EXPORT_DENIED.signedOut;
  return access.isTrialing ? EXPORT_DENIED.trialing : EXPORT_DENIED.noExportAccess;
}

/**
 * A companies export: the search it repeats, the import format it is written in (docs/product.md#converter), if any,
 * whether it leaves out the companies this user exported before (docs/product.md#export-history), and one row
 * per company or per person when the user chose (docs/product.md#export; null: the format decides).
 */
export interface CompanyExport {
  search: SearchState;
  target: Target | null;
  newOnly: boolean;
  rowsPer: RowsPer | null;
}

/** docs/product.md#export: `?rows=people|companies` on the URL (GET or POST alike), as `target` is read. */
function rowsPerOf(request: Request): { rowsPer: RowsPer | null; errors: SearchParamError[] } {
  const read = readExportRows(new URL(request.url).searchParams.get(ROWS_PARAM));
  if ("error" in read) return { rowsPer: null, errors: [{ param: ROWS_PARAM, message: read.error }] };
  return { rowsPer: read.rowsPer, errors: [] };
}

/**
 * The format of a companies export: `?target=<id>` on the URL (GET or POST alike), one of the converter's
 * targets; none for the Roundlist CSV.
 */
function targetOf(request: Request): { target: Target | null; errors: SearchParamError[] } {
  const id = new URL(request.url).searchParams.get("target");
  if (id === null || id === "") return { target: null, errors: [] };
  const target = targetById(id);
  if (target) return { target, errors: [] };
  const known = TARGETS.map((candidate) => candidate.id).join(", ");
  return {
    target: null,
    errors: [
      { param: "target", message: `"${id.slice(0, 40)}" is not an export format. Choose one of: ${known}.` },
    ],
  };
}

/**
 * docs/product.md#calls, export-csv: every company the search matches, in its order; docs/product.md#converter: in a CRM's or an outreach
 * tool's import format when one is asked for, with the same access rule.
 */
export const COMPANIES_EXPORT: ExportKind<CompanyExport> = {
  refusal: companiesRefusal,
  async readCriteria(request) {
    const format = targetOf(request);
    const rows = rowsPerOf(request);
    const { state, newOnly, errors } = await readCompanyCriteria(request);
    return {
      state: { search: state, target: format.target, newOnly, rowsPer: rows.rowsPer },
      errors: [...format.errors, ...rows.errors, ...errors],
    };
  },
  open: (database, { search, target, newOnly, rowsPer }, options, { userId, records }) =>
    streamCompaniesCsv(database, search, {
      ...options,
      ...(target ? { target } : {}),
      rowsPer: exportRowsPer(target, rowsPer),
      exportedBy: { userId, newOnly, records },
    }),
  fileName: (now, { target }) => exportFileName(now, target?.id),
  activity: ({ search, target, rowsPer }, rows) => ({
    ...activityDetailsOf(search, rows),
    ...(target ? { format: target.id } : {}),
    ...(exportRowsPer(target, rowsPer) === "person" ? { rows: ROWS_VALUES.person } : {}),
  }),
  history: ({ search, target, newOnly, rowsPer }) => ({
    database: "companies",
    query: companiesExportQuery(search, target?.id ?? null, newOnly, rowsPer),
    format: target?.id ?? null,
    newOnly,
  }),
};

/**
 * The export gate (docs/product.md#access), decided on the server for every request from the session (its role is the
 * stored one, docs/product.md#calls, is_admin) and the current subscriptions, never from the client.
 */
export async function exportGate<State>(
  services: Pick<ExportServices, "database" | "auth">,
  request: Request,
  kind: ExportKind<State>,
): Promise<ExportGate> {
  const { user } = await lookUpSession(services.auth, request);
  const access = user ? await getViewerAccess(services.database.db, user) : VISITOR_ACCESS;
  const refusal = kind.refusal(access);
  if (refusal !== null || !user)
    return { ok: false, status: 403, message: refusal ?? EXPORT_DENIED.signedOut };
  return { ok: true, user };
}

/**
 * The criteria as sent: search URL parameters, and the newOnly option of docs/product.md#export as given (read where the
 * criteria are, a POST body's value before the URL's).
 */
async function criteriaSource(request: Request): Promise<{ params: URLSearchParams; newOnly: unknown }> {
  const url = new URL(request.url);
  const fromUrl = url.searchParams.get(NEW_ONLY_PARAM);
  if (request.method === "GET" || request.method === "HEAD")
    return { params: url.searchParams, newOnly: fromUrl };
  if (request.headers.get("content-type")?.includes("application/json")) {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      throw new ExportRequestError("The request body is not valid JSON.");
    }
    const params = searchParamsFromExportBody(body);
    const own = (body as Record<string, unknown>)[NEW_ONLY_PARAM];
    return { params, newOnly: own === undefined ? fromUrl : own };
  }
  const form = await request.formData().catch(() => new FormData());
  return {
    params: searchParamsFromExportForm(form),
    newOnly: form.has(NEW_ONLY_PARAM) ? form.get(NEW_ONLY_PARAM) : fromUrl,
  };
}

/** The search, and whether only the companies this user has not exported yet are asked for (docs/product.md#export). */
async function readCompanyCriteria(
  request: Request,
): Promise<{ state: SearchState; newOnly: boolean; errors: SearchParamError[] }> {
  const source = await criteriaSource(request);
  const params = new URLSearchParams(source.params);
  params.delete("page");
  const { state, errors } = parseSearchParams(params);
  const option = readNewOnly(source.newOnly);
  if ("error" in option)
    return { state, newOnly: false, errors: [...errors, { param: NEW_ONLY_PARAM, message: option.error }] };
  return { state, newOnly: option.newOnly, errors };
}

/**
 * The search the export repeats: the query string of a GET (the search page's URL), or a POST body (JSON in
 * the shape of docs/product.md#calls, or a form). The page is ignored (an export is every page). Values the search page would
 * drop with a message are refused here instead: a file with silently different rows would mislead.
 */
export async function readExportCriteria(
  request: Request,
): Promise<{ state: SearchState; errors: SearchParamError[] }> {
  const { state, errors } = await readCompanyCriteria(request);
  return { state, errors };
}

/** A JSON answer that no cache keeps (every export answer, and the new-leads count (docs/product.md#export)). */
function jsonError(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** A lost (or refused) database connection: try again shortly (docs/product.md#security). */
export function databaseUnavailable() {
  return jsonError(
    503,
    { error: DATABASE_UNAVAILABLE.message },
    { "Retry-After": String(RETRY_AFTER_SECONDS) },
  );
}

/**
 * docs/product.md#calls, export-csv: gate, criteria, then the streamed file. Every refusal carries a message and no data;
 * every export (complete or not) is recorded as activity and in the export history (docs/product.md#export-history: started with
 * the file, completed once its stream ends), with the rows sent. A
 * database that is unavailable before the file starts is a 503 with Retry-After.
 */
export async function handleExportRequest<State = CompanyExport>(
  services: ExportServices,
  request: Request,
  now = new Date(),
  kind: ExportKind<State> = COMPANIES_EXPORT as unknown as ExportKind<State>,
): Promise<Response> {
  try {
    return await exportResponse(services, request, now, kind);
  } catch (error) {
    if (!causedByDatabaseOutage(error)) throw error;
    logger.warn({ err: error }, "export: the database is unavailable (answered 503)");
    return databaseUnavailable();
  }
}

/**
 * What every export request (and the new-leads count (docs/product.md#export)) goes through before any data is read: the
 * gate (a refusal is its 401/403 with the message), then the criteria (a body that is not one, or a value a
 * page would drop, is a 400 with the messages).
 */
export async function admitExportRequest<State>(
  services: Pick<ExportServices, "database" | "auth">,
  request: Request,
  kind: ExportKind<State>,
): Promise<
  | { ok: true; gate: Extract<ExportGate, { ok: true }>; criteria: { state: State } }
  | { ok: false; response: Response }
> {
  const gate = await exportGate(services, request, kind);
  if (!gate.ok) return { ok: false, response: jsonError(gate.status, { error: gate.message }) };
  let criteria: { state: State; errors: SearchParamError[] };
  try {
    criteria = await kind.readCriteria(request);
  } catch (error) {
    if (error instanceof ExportRequestError) {
      return { ok: false, response: jsonError(400, { error: error.message }) };
    }
    throw error;
  }
  if (criteria.errors.length > 0) {
    return {
      ok: false,
      response: jsonError(400, {
        error: criteria.errors.map((error) => error.message).join(" "),
        errors: criteria.errors,
      }),
    };
  }
  return { ok: true, gate, criteria };
}

async function exportResponse<State>(
  services: ExportServices,
  request: Request,
  now: Date,
  kind: ExportKind<State>,
): Promise<Response> {
  // Decision 019: a download another site started (a link, cookies being SameSite=Lax) is refused; one whose
  // origin is unknown is served but changes nothing for the exporter (exportMayRecord).
  const site = siteOfRequest(request, new URL(authSettingsOf(services.auth).config.APP_URL).origin);
  if (site === "another-site") return jsonError(403, { error: EXPORT_CROSS_SITE });
  const records = exportMayRecord(request.method, site);
  const admitted = await admitExportRequest(services, request, kind);
  if (!admitted.ok) return admitted.response;
  const { gate, criteria } = admitted;

  const headers = {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${kind.fileName(now, criteria.state)}"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  };
  // A HEAD request never reads a body: opening a cursor for it would only hold a connection.
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });

  if (runningExports >= (services.maxRunningExports ?? MAX_RUNNING_EXPORTS))
    return jsonError(429, { error: EXPORT_BUSY }, { "Retry-After": "30" });
  runningExports += 1;
  const { state } = criteria;
  const userId = gate.user.id;
  try {
    const { db } = services.database;
    const exported = await kind.open(
      services.database,
      state,
      { today: now, signal: request.signal },
      { userId, records },
    );
    // docs/product.md#export-history: the history row is written as the file starts, not awaited (like the activity record). The
    // activity log records every download; the history only those that may record (decision 019).
    const history = records ? startExportHistory(db, userId, kind.history(state)) : Promise.resolve(null);
    // `done` settles once a complete file's companies are recorded as exported (a write on the pool too):
    // the export's slot is held until then.
    void exported.done.then((outcome) => {
      runningExports -= 1;
      if (outcome.status !== "complete") logger.info({ userId, ...outcome }, "export ended early");
      return Promise.all([
        recordActivityDetails(db, userId, "export", kind.activity(state, outcome.rows)),
        finishExportHistory(db, history, outcome),
      ]);
    });
    return new Response(exported.stream, { status: 200, headers });
  } catch (error) {
    runningExports -= 1;
    if (request.signal.aborted) return jsonError(499, { error: EXPORT_FAILED });
    // Answered 503 by handleExportRequest.
    if (causedByDatabaseOutage(error)) throw error;
    logger.error({ err: error, userId, state }, "export could not start");
    return jsonError(500, { error: EXPORT_FAILED });
  }
}
