import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type * as z from "zod";
import type { ViewerAccess } from "~/core/access";
import { API_DEFAULT_PAGE_SIZE, API_MESSAGES } from "~/core/api-keys";
import type { CompanyCard } from "~/core/company-card";
import type { CompanyProfile } from "~/core/company-profile";
import { filtersOf, type PageSize, parseSearchParams, serializeSearchState } from "~/core/search-params";
import { maxPageFor } from "~/core/url-values";
import { recordActivityDetails } from "../activity/activity.server";
import { getDb } from "../app-database.server";
import { getViewerAccess } from "../billing/viewer-access.server";
import { searchCompanies } from "../companies/search.server";
import { causedByDatabaseOutage } from "../database-unavailable.server";
import type { Db } from "../db/database.server";
import { apiKeys } from "../db/schema";
import { getCompanyProfile } from "../directory/company-profile.server";
import { logger } from "../logger.server";
import { isJsonType, readJsonObject } from "../read-body.server";
import { API_JSON_HEADERS, callsInFlight, knownRefusal, refusalOf, refusedKeys } from "./api-gate.server";
import { type ApiCaller, authenticateApiKey, bearerKeyOf, hashApiKey } from "./api-keys.server";
import {
  countApiCall,
  DEFAULT_LIMITS,
  type LimitState,
  type Limits,
  limitHeaders,
} from "./api-limits.server";
import {
  type CompaniesPageAnswer,
  type CompanyDetailAnswer,
  type CompanySummaryAnswer,
  companiesQuery,
  companyPath,
  type MeAnswer,
} from "./api-schemas.server";

/**
 * The handlers of /api/v1 (decision 033, docs/product.md#api). Every call goes through `answerApiCall`: the key
 * (401), the key's limits (429 with Retry-After, RateLimit-* on every answer), the account's access (403), then
 * the endpoint, answering JSON. Same access rules, masking and do-not-sell as the pages, decided here on
 * the server: the API is a bulk path like the export, so full addresses need export access (a trial gets
 * them masked). No error answer carries an address.
 */

export interface ApiContext {
  db: Db;
  caller: ApiCaller;
  access: ViewerAccess;
  limits: LimitState;
  url: URL;
  request: Request;
}

/** A refusal an endpoint answers with, as `{ error, fieldErrors? }` and its status. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * What a call did, for the activity log (an `api` row of user_activity, docs/product.md#activity): the rows
 * it answered with, and for a search its text and filters, for one record its slug or id.
 */
export interface ApiActivity {
  /** The records the answer carries: a page's rows, 1 for one record, 0 for none. */
  count: number;
  query?: string;
  filters?: Record<string, string | string[]>;
  resource?: string;
  database?: "lps";
}

/** An endpoint's answer: its body, what the activity log records of it, and its status (200 unless said). */
export class ApiAnswer<Body = unknown> {
  constructor(
    readonly body: Body,
    readonly activity: ApiActivity,
    readonly status: 200 | 201 = 200,
  ) {}
}

/** An endpoint answers an ApiAnswer; any other value is answered 200 as its body, recorded with no rows. */
export type Endpoint = (context: ApiContext) => Promise<unknown>;

/** The methods a route names, in lower case as OpenAPI's path items do. */
export type ApiMethod = "get" | "post" | "patch" | "delete";

/**
 * An address of the API: its path as the OpenAPI document names it ("/companies/{slug}", the activity log's
 * endpoint), the methods it takes (HEAD with GET; any other is a 405 naming them in `Allow`), and what the
 * key's account needs: `pro` active access (a trial counts; the default), `lp` LP access, `any` either.
 */
export interface ApiRoute {
  path: string;
  methods: Partial<Record<ApiMethod, Endpoint>>;
  access?: "pro" | "lp" | "any";
}

/** An API call on the app's database (the route modules' entry). */
export async function answerApiCall(request: Request, route: ApiRoute | Endpoint): Promise<Response> {
  return handleApiCall(await getDb(), request, route);
}

/** A bare endpoint is a GET route at the request's own path. */
function routeOf(route: ApiRoute | Endpoint, request: Request): ApiRoute {
  if (typeof route !== "function") return route;
  const path = new URL(request.url).pathname.replace(/^\/api\/v1(?=\/)/, "");
  return { path, methods: { get: route } };
}

/** An API call on `db`: the method, the key, its limits, the account's access, then the endpoint. */
export async function handleApiCall(
  db: Db,
  request: Request,
  target: ApiRoute | Endpoint,
  { limits: limitsOfKey = DEFAULT_LIMITS }: { limits?: Limits } = {},
): Promise<Response> {
  const route = routeOf(target, request);
  const method = request.method.toUpperCase();
  const endpoint = route.methods[(method === "HEAD" ? "get" : method.toLowerCase()) as ApiMethod];
  if (endpoint === undefined) {
    const allow = Object.keys(route.methods).map((name) => name.toUpperCase());
    return answer(405, { error: API_MESSAGES.method }, { Allow: allow.join(", ") });
  }
  const key = bearerKeyOf(request.headers.get("authorization"));
  const keyHash = key === null ? null : hashApiKey(key);
  if (keyHash === null) return noKey(request);
  // A key refused until its window ends, or with API_MAX_IN_FLIGHT_PER_KEY calls being answered in this process
  // already (one key cannot take the process): 429 from memory. The Express gate (api-gate.server.ts) answers
  // these before React Router; this is the same check for calls that reach the handlers another way.
  const known = knownRefusal(keyHash);
  if (known !== null) return new Response(known.body, { status: 429, headers: known.headers });
  callsInFlight.set(keyHash, (callsInFlight.get(keyHash) ?? 0) + 1);
  try {
    return await callWithKey(db, request, route, endpoint, limitsOfKey, keyHash);
  } finally {
    const left = (callsInFlight.get(keyHash) ?? 1) - 1;
    if (left <= 0) callsInFlight.delete(keyHash);
    else callsInFlight.set(keyHash, left);
  }
}

/** Why the account may not call the route, or null. */
function accessRefusal(route: ApiRoute, access: ViewerAccess): string | null {
  switch (route.access ?? "pro") {
    case "pro":
      return access.hasActiveAccess ? null : API_MESSAGES.noAccess;
    case "lp":
      return access.hasLpAccess ? null : API_MESSAGES.noLpAccess;
    case "any":
      return access.hasActiveAccess || access.hasLpAccess ? null : API_MESSAGES.noAccess;
  }
}

/** The call once its key may go on: the key, its counted limits, the account's access, the endpoint. */
async function callWithKey(
  db: Db,
  request: Request,
  route: ApiRoute,
  endpoint: Endpoint,
  limitsOfKey: Limits,
  keyHash: string,
): Promise<Response> {
  const caller = await authenticateApiKey(db, keyHash);
  if (caller === null) return noKey(request);
  // The count and the account's access side by side: one round trip of the database fewer per call.
  const [limits, access] = await Promise.all([
    countApiCall(db, caller.keyId, new Date(), limitsOfKey),
    getViewerAccess(db, { id: caller.userId, isAdmin: caller.isAdmin }),
  ]);
  const headers = limitHeaders(limits);
  if (!limits.allowed) {
    refusedKeys.remember(keyHash, limits);
    return refused(limits);
  }
  const refusal = accessRefusal(route, access);
  if (refusal !== null) return answer(403, { error: refusal }, headers);
  const url = new URL(request.url);
  try {
    const result = await endpoint({ db, caller, access, limits, url, request });
    const answered = result instanceof ApiAnswer ? result : new ApiAnswer(result, { count: 0 });
    const method = request.method.toUpperCase() === "HEAD" ? "GET" : request.method.toUpperCase();
    recordApiCall(db, caller.userId, `${method} ${route.path}`, answered.activity);
    return answer(answered.status, answered.body, headers);
  } catch (error) {
    if (error instanceof ApiRefusal) {
      const { status, message, fieldErrors } = error;
      return answer(status, fieldErrors ? { error: message, fieldErrors } : { error: message }, headers);
    }
    if (causedByDatabaseOutage(error)) throw error;
    logger.error({ err: error, path: url.pathname }, "API call failed");
    return answer(500, { error: "An unexpected error occurred" }, headers);
  }
}

/**
 * docs/product.md#activity: an answered call is an `api` row of user_activity (the endpoint, the rows it
 * answered with, a search's text and filters), written as the search page writes its rows: not awaited, so
 * the call waits on no extra round trip, and a failed write is logged (recordActivityDetails), never the
 * call's failure. Refusals (401, 403, 405, 429, an endpoint's 4xx) are not recorded.
 */
function recordApiCall(db: Db, userId: string, endpoint: string, activity: ApiActivity): void {
  void recordActivityDetails(db, userId, "api", {
    query: activity.query ?? "",
    filters: activity.filters ?? {},
    totalResults: activity.count,
    endpoint,
    ...(activity.resource === undefined ? {} : { resource: activity.resource }),
    ...(activity.database === undefined ? {} : { database: activity.database }),
  });
}

/**
 * The JSON object a POST or PATCH sends, read by the app's bounded reader (read-body.server.ts: at most 64 KB,
 * never buffered whole): 415 unless it says it is JSON, 400 when it is not JSON or not an object, 413 when
 * too large, each with its message.
 */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  if (!isJsonType(request.headers.get("content-type"))) throw new ApiRefusal(415, API_MESSAGES.jsonBody);
  try {
    return await readJsonObject(request);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const body = (await thrown.json().catch(() => ({}))) as { error?: unknown };
    throw new ApiRefusal(
      thrown.status,
      typeof body.error === "string" ? body.error : "The request's body could not be read.",
    );
  }
}

/** 401: no key, or one that is malformed, unknown or revoked. */
function noKey(request: Request): Response {
  const message = request.headers.has("authorization") ? API_MESSAGES.badKey : API_MESSAGES.noKey;
  return answer(401, { error: message }, { "WWW-Authenticate": 'Bearer realm="api"' });
}

function refused(limits: LimitState): Response {
  const refusal = refusalOf(limits);
  return new Response(refusal.body, { status: 429, headers: refusal.headers });
}

function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...API_JSON_HEADERS, ...headers } });
}

/** The query string as an object for zod: a repeated parameter as a list. */
export function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    object[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return object;
}

/** zod's first problem as a sentence naming the parameter. */
export function problemOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The request could not be read.";
  if (issue.code === "unrecognized_keys") return `Unknown parameter: ${issue.keys.join(", ")}.`;
  const where = issue.path.join(".");
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** A page's cursor: the page and size, tied to the search it pages through (opaque to clients). */
export function cursorOf(page: number, size: number, search: string): string {
  return Buffer.from(JSON.stringify({ p: page, s: size, h: searchHash(search) })).toString("base64url");
}

export function readCursor(cursor: string, size: number, search: string): number {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as {
      p?: unknown;
      s?: unknown;
      h?: unknown;
    };
    if (
      Number.isInteger(value.p) &&
      (value.p as number) >= 1 &&
      value.s === size &&
      value.h === searchHash(search)
    ) {
      return value.p as number;
    }
  } catch {
    // Falls through to the refusal.
  }
  throw new ApiRefusal(400, "cursor: not a cursor of this search (same filters, order and limit).");
}

function searchHash(search: string): string {
  return createHash("sha256").update(search).digest("base64url").slice(0, 12);
}

/** GET /api/v1/companies: the search page's search, as JSON, a page at a time. */
export async function listCompanies({ db, access, url }: ApiContext) {
  const query = companiesQuery.safeParse(queryObject(url.searchParams));
  if (!query.success) throw new ApiRefusal(400, problemOf(query.error));
  const params = new URLSearchParams(url.searchParams);
  params.delete("limit");
  params.delete("cursor");
  const parsed = parseSearchParams(params);
  if (parsed.errors.length > 0)
    throw new ApiRefusal(400, parsed.errors.map((error) => error.message).join(" "));
  const size = query.data.limit ?? API_DEFAULT_PAGE_SIZE;
  const search = serializeSearchState({ ...parsed.state, page: 1 }).toString();
  const page = query.data.cursor === undefined ? 1 : readCursor(query.data.cursor, size, search);
  if (page > maxPageFor(size))
    throw new ApiRefusal(400, "cursor: results stop 100,000 rows deep; narrow the search.");
  // A size the pages do not offer (1 to 100) pages the same way.
  const state = { ...parsed.state, size: size as PageSize, page };
  const result = await searchCompanies(db, state, { canSeeEmails: access.hasExportAccess });
  const hasNext = page < result.pageCount && page < maxPageFor(size);
  const body: CompaniesPageAnswer = {
    data: result.companies.map((card) => summaryOf(card, url.origin)),
    total: result.total,
    isTotalApproximate: result.isTotalApproximate,
    nextCursor: hasNext ? cursorOf(page + 1, size, search) : null,
  };
  return new ApiAnswer(body, {
    count: body.data.length,
    query: parsed.state.q,
    filters: { ...filtersOf(parsed.state) },
  });
}

export function summaryOf(card: CompanyCard, origin: string): CompanySummaryAnswer {
  return {
    slug: card.slug,
    name: card.organizationName,
    description: card.description,
    industries: card.industries,
    location: card.location,
    website: card.website,
    linkedin: card.linkedin,
    lastFundingType: card.lastFundingType,
    lastFundingAmountUsd: card.lastFundingAmountUsd,
    lastFundingDate: card.lastFundingDate,
    totalFundingAmountUsd: card.totalFundingAmountUsd,
    leadInvestors: card.leadInvestors,
    contact: {
      name: card.founderName,
      role: card.role,
      email: card.email,
      isEmailMasked: card.isEmailMasked,
      emailStatus: card.emailStatus,
    },
    url: `${origin}/company/${card.slug}`,
  };
}

/** GET /api/v1/companies/{slug}: a company with its rounds, investors and people. */
export async function getCompany(
  { db, access, url }: ApiContext,
  slug: string,
): Promise<ApiAnswer<CompanyDetailAnswer>> {
  const path = companyPath.safeParse({ slug });
  if (!path.success) throw new ApiRefusal(404, API_MESSAGES.notFound);
  const profile = await getCompanyProfile(db, path.data.slug, access.hasExportAccess, { withRelated: false });
  if (profile === null) throw new ApiRefusal(404, API_MESSAGES.notFound);
  return new ApiAnswer(detailOf(profile, url.origin), { count: 1, resource: profile.slug });
}

const slugOfPath = (path: string) => path.split("/").filter(Boolean).at(-1) ?? "";

function detailOf(profile: CompanyProfile, origin: string): CompanyDetailAnswer {
  const contact = profile.people[0];
  return {
    slug: profile.slug,
    name: profile.name,
    description: profile.description,
    fullDescription: profile.fullDescription,
    industries: profile.industries.map((industry) => industry.name),
    location: profile.location,
    city: profile.city,
    region: profile.region,
    country: profile.country,
    website: profile.website,
    linkedin: profile.linkedin,
    lastFundingType: profile.lastFundingType,
    lastFundingAmountUsd: profile.lastFundingAmountUsd,
    lastFundingDate: profile.lastFundingDate,
    totalFundingAmountUsd: profile.totalFundingAmountUsd,
    leadInvestors:
      profile.rounds[0]?.investors.filter((investor) => investor.isLead).map((investor) => investor.name) ??
      [],
    contact: {
      name: contact?.name ?? null,
      role: contact?.title ?? "Founder",
      email: contact?.email ?? null,
      isEmailMasked: contact?.isEmailMasked ?? false,
      emailStatus: contact?.emailStatus ?? null,
    },
    url: `${origin}/company/${profile.slug}`,
    updatedAt: profile.updatedAt,
    rounds: profile.rounds.map((round) => ({
      announcedOn: round.announcedOn,
      fundingType: round.fundingType,
      amountUsd: round.amountUsd,
      amount: round.amount,
      currency: round.currency,
      investors: round.investors.map((investor) => ({
        name: investor.name,
        slug: slugOfPath(investor.path),
        isLead: investor.isLead,
      })),
      statedInvestorCount: round.statedInvestorCount,
      source: round.sourceName,
      sourceUrl: round.sourceUrl,
    })),
    investors: profile.backedBy.map((investor) => ({
      name: investor.name,
      slug: slugOfPath(investor.path),
      isLead: investor.isLead,
    })),
    people: profile.people.map((person) => ({
      name: person.name,
      title: person.title,
      kind: person.kind,
      email: person.email,
      isEmailMasked: person.isEmailMasked,
      emailStatus: person.emailStatus ?? null,
    })),
  };
}

/** GET /api/v1/me: the key's account, its access and its limits. */
export async function getMe({ db, caller, access, limits }: ApiContext): Promise<ApiAnswer<MeAnswer>> {
  const [key] = await db
    .select({ prefix: apiKeys.prefix, name: apiKeys.name })
    .from(apiKeys)
    .where(eq(apiKeys.id, caller.keyId));
  return new ApiAnswer(
    {
      email: caller.email,
      plan: {
        hasProAccess: access.hasProAccess,
        isTrialing: access.isTrialing,
        hasLpAccess: access.hasLpAccess,
        hasExportAccess: access.hasExportAccess,
      },
      limits: {
        perMinute: limits.perMinute,
        perDay: limits.quota.limit,
        usedToday: limits.quota.used,
        resetsInSeconds: limits.quota.resetSeconds,
      },
      key: { prefix: key?.prefix ?? "", name: key?.name ?? "" },
    },
    { count: 0 },
  );
}
