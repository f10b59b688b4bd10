import { exportFileName } from "~/core/csv";
import { parseSearchParams, type SearchParamError, type SearchState } from "~/core/search-params";
import { recordActivity } from "../activity/activity.server";
import type { Auth } from "../auth/auth.server";
import { isAdmin } from "../auth/roles.server";
import { lookUpSession, type SessionUser } from "../auth/session.server";
import { getBillingState } from "../billing/billing.server";
import type { Database } from "../db/database.server";
import { logger } from "../logger.server";
import { streamCompaniesCsv } from "./export.server";

/** What the export needs, passed in so tests can hand it their own database and auth. */
export interface ExportServices {
  database: Pick<Database, "db" | "kind">;
  auth: Auth;
  /** Overrides MAX_RUNNING_EXPORTS (tests with a small pool). */
  maxRunningExports?: number;
}

/** Why an export is refused (issue 6: a clear message, and no data). */
export const EXPORT_DENIED = {
  signedOut: "Sign in with a paid plan to export.",
  trialing: "Exports unlock when your trial is upgraded.",
  noExportAccess: "Exports need an active paid plan. Choose a plan to export.",
} as const;

export const EXPORT_FAILED = "Failed to export CSV. Please try again.";
export const EXPORT_BUSY = "Too many exports are running right now. Please try again in a minute.";

/**
 * Exports running at once in this process. On a server each holds a pool connection for its whole length
 * (the pool has 10), and each costs CPU on this process: a cap keeps searches answering meanwhile.
 */
const MAX_RUNNING_EXPORTS = 4;
let runningExports = 0;

export type ExportGate =
  | { ok: true; user: SessionUser }
  | { ok: false; status: 403; message: (typeof EXPORT_DENIED)[keyof typeof EXPORT_DENIED] };

/**
 * spec 4 export access (pro access and not trialing; admins too), decided on the server for every request
 * from the session, the stored role (spec 7 is_admin) and the current subscriptions, never from the client.
 */
export async function exportGate(services: ExportServices, request: Request): Promise<ExportGate> {
  const { user } = await lookUpSession(services.auth, request);
  if (!user) return { ok: false, status: 403, message: EXPORT_DENIED.signedOut };
  const db = services.database.db;
  const billing = await getBillingState(db, { id: user.id, isAdmin: await isAdmin(db, user.id) });
  if (billing.access.hasExportAccess) return { ok: true, user };
  return {
    ok: false,
    status: 403,
    message: billing.access.isTrialing ? EXPORT_DENIED.trialing : EXPORT_DENIED.noExportAccess,
  };
}

/** spec 7 export-csv body: { searchQuery, filters: { industry, fundingStage, location, fundingAmount, fundingDate } }. */
const SPEC_NAMES: Readonly<Record<string, string>> = {
  searchQuery: "q",
  fundingStage: "stage",
  fundingAmount: "amount",
  fundingDate: "date",
};
/** The search page's own URL names, accepted too (a GET carries exactly the search page's query string). */
const SEARCH_NAMES = new Set(["q", "industry", "stage", "location", "amount", "date"]);

export class ExportRequestError extends Error {
  override name = "ExportRequestError";
}

function addCriterion(params: URLSearchParams, key: string, value: unknown, path: string): void {
  const name = SPEC_NAMES[key] ?? (SEARCH_NAMES.has(key) ? key : undefined);
  if (!name || value === null || value === undefined) return;
  if (typeof value !== "string") throw new ExportRequestError(`"${path}" must be text.`);
  params.set(name, value);
}

/** A JSON body in spec 7's shape (or with the search page's names), as search URL parameters. */
function paramsFromJson(body: unknown): URLSearchParams {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ExportRequestError("The request body must be a JSON object.");
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (key === "filters") continue;
    addCriterion(params, key, value, key);
  }
  const filters: unknown = (body as { filters?: unknown }).filters;
  if (filters !== undefined && filters !== null) {
    if (typeof filters !== "object" || Array.isArray(filters)) {
      throw new ExportRequestError('"filters" must be an object.');
    }
    for (const [key, value] of Object.entries(filters)) addCriterion(params, key, value, `filters.${key}`);
  }
  return params;
}

async function criteriaParams(request: Request): Promise<URLSearchParams> {
  if (request.method === "GET" || request.method === "HEAD") return new URL(request.url).searchParams;
  if (request.headers.get("content-type")?.includes("application/json")) {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      throw new ExportRequestError("The request body is not valid JSON.");
    }
    return paramsFromJson(body);
  }
  const params = new URLSearchParams();
  const form = await request.formData().catch(() => new FormData());
  for (const [key, value] of form) addCriterion(params, key, value, key);
  return params;
}

/**
 * The search the export repeats: the query string of a GET (the search page's URL), or a POST body (JSON in
 * spec 7's shape, or a form). The page is ignored (an export is every page). Values the search page would
 * drop with a message are refused here instead: a file with silently different rows would mislead.
 */
export async function readExportCriteria(
  request: Request,
): Promise<{ state: SearchState; errors: SearchParamError[] }> {
  const params = new URLSearchParams(await criteriaParams(request));
  params.delete("page");
  return parseSearchParams(params);
}

function jsonError(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/**
 * spec 7 export-csv: gate, criteria, then the streamed file. Every refusal carries a message and no data;
 * every export (complete or not) is recorded as activity once its stream ends, with the rows sent.
 */
export async function handleExportRequest(
  services: ExportServices,
  request: Request,
  now = new Date(),
): Promise<Response> {
  const gate = await exportGate(services, request);
  if (!gate.ok) return jsonError(gate.status, { error: gate.message });

  let criteria: Awaited<ReturnType<typeof readExportCriteria>>;
  try {
    criteria = await readExportCriteria(request);
  } catch (error) {
    if (error instanceof ExportRequestError) return jsonError(400, { error: error.message });
    throw error;
  }
  if (criteria.errors.length > 0) {
    return jsonError(400, {
      error: criteria.errors.map((error) => error.message).join(" "),
      errors: criteria.errors,
    });
  }

  const headers = {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${exportFileName(now)}"`,
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
    const exported = await streamCompaniesCsv(services.database, state, {
      today: now,
      signal: request.signal,
    });
    void exported.done.then((outcome) => {
      runningExports -= 1;
      if (outcome.status !== "complete") logger.info({ userId, ...outcome }, "export ended early");
      return recordActivity(services.database.db, userId, "export", state, outcome.rows);
    });
    return new Response(exported.stream, { status: 200, headers });
  } catch (error) {
    runningExports -= 1;
    if (request.signal.aborted) return jsonError(499, { error: EXPORT_FAILED });
    logger.error({ err: error, userId, state }, "export could not start");
    return jsonError(500, { error: EXPORT_FAILED });
  }
}
