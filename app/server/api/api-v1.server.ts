import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type * as z from "zod";
import type { ViewerAccess } from "~/core/access";
import { API_DEFAULT_PAGE_SIZE, API_MESSAGES } from "~/core/api-keys";
import type { CompanyCard } from "~/core/company-card";
import type { CompanyProfile } from "~/core/company-profile";
import { type PageSize, parseSearchParams, serializeSearchState } from "~/core/search-params";
import { maxPageFor } from "~/core/url-values";
import { getDb } from "../app-database.server";
import { getViewerAccess } from "../billing/viewer-access.server";
import { searchCompanies } from "../companies/search.server";
import { causedByDatabaseOutage } from "../database-unavailable.server";
import type { Db } from "../db/database.server";
import { apiKeys } from "../db/schema";
import { getCompanyProfile } from "../directory/company-profile.server";
import { logger } from "../logger.server";
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
}

/** A refusal an endpoint answers with, as `{ error }` and its status. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Endpoint = (context: ApiContext) => Promise<unknown>;

/** An API call on the app's database (the route modules' entry). */
export async function answerApiCall(request: Request, endpoint: Endpoint): Promise<Response> {
  return handleApiCall(await getDb(), request, endpoint);
}

/** An API call on `db`: the key, its limits, the account's access, then the endpoint. */
export async function handleApiCall(
  db: Db,
  request: Request,
  endpoint: Endpoint,
  { limits: limitsOfKey = DEFAULT_LIMITS }: { limits?: Limits } = {},
): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return answer(405, { error: API_MESSAGES.method }, { Allow: "GET" });
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
    return await callWithKey(db, request, endpoint, limitsOfKey, keyHash);
  } finally {
    const left = (callsInFlight.get(keyHash) ?? 1) - 1;
    if (left <= 0) callsInFlight.delete(keyHash);
    else callsInFlight.set(keyHash, left);
  }
}

/** The call once its key may go on: the key, its counted limits, the account's access, the endpoint. */
async function callWithKey(
  db: Db,
  request: Request,
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
  if (!access.hasActiveAccess) return answer(403, { error: API_MESSAGES.noAccess }, headers);
  try {
    const body = await endpoint({ db, caller, access, limits, url: new URL(request.url) });
    return answer(200, body, headers);
  } catch (error) {
    if (error instanceof ApiRefusal) return answer(error.status, { error: error.message }, headers);
    if (causedByDatabaseOutage(error)) throw error;
    logger.error({ err: error, path: new URL(request.url).pathname }, "API call failed");
    return answer(500, { error: "An unexpected error occurred" }, headers);
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
function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    object[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return object;
}

/** zod's first problem as a sentence naming the parameter. */
function problemOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The request could not be read.";
  if (issue.code === "unrecognized_keys") return `Unknown parameter: ${issue.keys.join(", ")}.`;
  const where = issue.path.join(".");
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** A page's cursor: the page and size, tied to the search it pages through (opaque to clients). */
function cursorOf(page: number, size: number, search: string): string {
  return Buffer.from(JSON.stringify({ p: page, s: size, h: searchHash(search) })).toString("base64url");
}

function readCursor(cursor: string, size: number, search: string): number {
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
  return {
    data: result.companies.map((card) => summaryOf(card, url.origin)),
    total: result.total,
    isTotalApproximate: result.isTotalApproximate,
    nextCursor: hasNext ? cursorOf(page + 1, size, search) : null,
  };
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
): Promise<CompanyDetailAnswer> {
  const path = companyPath.safeParse({ slug });
  if (!path.success) throw new ApiRefusal(404, API_MESSAGES.notFound);
  const profile = await getCompanyProfile(db, path.data.slug, access.hasExportAccess, { withRelated: false });
  if (profile === null) throw new ApiRefusal(404, API_MESSAGES.notFound);
  return detailOf(profile, url.origin);
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
export async function getMe({ db, caller, access, limits }: ApiContext): Promise<MeAnswer> {
  const [key] = await db
    .select({ prefix: apiKeys.prefix, name: apiKeys.name })
    .from(apiKeys)
    .where(eq(apiKeys.id, caller.keyId));
  return {
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
  };
}
