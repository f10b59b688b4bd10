/**
 * The pure parts of the MCP tool server (`npm run mcp`, decision 033): its configuration, the tools' input
 * schemas, their arguments as the REST API's query strings, and the API's answers as tool results. The server
 * is a client of /api/v1 only: access, masking, do-not-sell and the key's limits are the API's.
 */
import * as z from "zod";
import { API_MAX_PAGE_SIZE } from "../../app/core/api-keys";
import { EMAIL_FILTER_OPTIONS } from "../../app/core/email-status";
import { AMOUNT_OPTIONS, DATE_OPTIONS, ROUNDS_OPTIONS } from "../../app/core/funding-filters";
import { FUNDING_TYPES } from "../../app/core/funding-types";
import { SORT_OPTIONS } from "../../app/core/search-sort";
import { MAX_FILTER_VALUES, MAX_QUERY_LENGTH } from "../../app/core/url-values";

export const DEFAULT_API_URL = "http://localhost:3000";

export interface McpConfig {
  apiKey: string;
  /** The app's origin (`https://host[:port]`), the API under `/api/v1`. */
  apiOrigin: string;
}

/** The server's configuration from its environment, or the sentence that says what is wrong. */
export function readMcpConfig(
  env: Record<string, string | undefined>,
): { config: McpConfig } | { problem: string } {
  const apiKey = env.ROUNDLIST_API_KEY?.trim() ?? "";
  if (apiKey === "") {
    return {
      problem:
        "ROUNDLIST_API_KEY is not set. Create an API key on your Roundlist profile page (API keys) and " +
        "start the server with ROUNDLIST_API_KEY=<key>.",
    };
  }
  // A header value: printable ASCII only (a key is `rl_live_` and base64url).
  if (!/^[\x21-\x7e]+$/.test(apiKey)) {
    return { problem: "ROUNDLIST_API_KEY holds spaces or characters no API key has: check the value." };
  }
  const raw = env.ROUNDLIST_API_URL?.trim() || DEFAULT_API_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: `ROUNDLIST_API_URL is not an address: "${raw}". Set it to the app's origin.` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { problem: `ROUNDLIST_API_URL must be an http or https address, not "${raw}".` };
  }
  // The key travels in every call's Authorization header: in the clear only to this machine.
  if (url.protocol === "http:" && !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) {
    return { problem: `ROUNDLIST_API_URL must be an https address (http only for this machine): "${raw}".` };
  }
  if (url.username || url.password || url.pathname !== "/" || url.search || url.hash) {
    return {
      problem: `ROUNDLIST_API_URL is the app's origin only (e.g. ${DEFAULT_API_URL}), without a path: "${raw}".`,
    };
  }
  return { config: { apiKey, apiOrigin: url.origin } };
}

const valuesOf = <T extends string>(options: ReadonlyArray<{ value: T }>) =>
  options.map((option) => option.value) as [T, ...T[]];

const list = (description: string) =>
  z.array(z.string().min(1).max(MAX_QUERY_LENGTH)).max(MAX_FILTER_VALUES).optional().describe(description);

const limit = z
  .number()
  .int()
  .min(1)
  .max(API_MAX_PAGE_SIZE)
  .optional()
  .describe(`Results per page, 1 to ${API_MAX_PAGE_SIZE} (the API's default: 25).`);

const cursor = z
  .string()
  .min(1)
  .max(200)
  .optional()
  .describe("The `nextCursor` of the previous answer, with the same other arguments, for the next page.");

/** search_companies: GET /api/v1/companies's query parameters (api-schemas.server.ts `companiesQuery`). */
export const searchCompaniesInput = z.strictObject({
  q: z
    .string()
    .max(MAX_QUERY_LENGTH)
    .optional()
    .describe("Text to find in company names, descriptions and founders' names."),
  industry: list('Industries, e.g. ["Artificial Intelligence"]: companies in any of them.'),
  stage: list(`Last funding types, any of them: ${FUNDING_TYPES.join(", ")}.`),
  location: list(
    'Places, any of them: "continent:Europe", "country:Germany", "state:California" (a region) or a city.',
  ),
  investor: list("Investors' slugs (as list_investors answers them): companies any of them backed."),
  led: z.boolean().optional().describe("With `investor`: only companies whose rounds those investors led."),
  amount: z
    .enum(valuesOf(AMOUNT_OPTIONS))
    .optional()
    .describe(
      `Last round's amount in USD: ${AMOUNT_OPTIONS.map((option) => `${option.value} (${option.label})`).join(", ")}.`,
    ),
  date: z
    .enum(valuesOf(DATE_OPTIONS))
    .optional()
    .describe(
      `Last funding date within: ${DATE_OPTIONS.map((option) => `${option.value} (${option.label})`).join(", ")}.`,
    ),
  rounds: z
    .enum(valuesOf(ROUNDS_OPTIONS))
    .optional()
    .describe(`Number of funding rounds: ${ROUNDS_OPTIONS.map((option) => option.value).join(", ")}.`),
  email: z
    .enum(valuesOf(EMAIL_FILTER_OPTIONS))
    .optional()
    .describe("The contact's email status: valid only, or valid or accept-all."),
  sort: z
    .enum(valuesOf(SORT_OPTIONS))
    .optional()
    .describe(
      `Order: ${SORT_OPTIONS.map((option) => `${option.value} (${option.label})`).join(", ")}. ` +
        "Default: newest funding first.",
    ),
  limit,
  cursor,
});

/** get_company: GET /api/v1/companies/{slug}. */
export const getCompanyInput = z.strictObject({
  slug: z
    .string()
    .min(1)
    .max(200)
    .refine((slug) => slug !== "." && slug !== "..", "not a company's slug")
    .describe("The company's slug, as search_companies answers it (`slug`)."),
});

/** As api-schemas.server.ts `investorsQuery` (search-investors.server.ts MAX_INVESTOR_QUERY_LENGTH). */
const MAX_INVESTOR_QUERY_LENGTH = 100;

/** list_investors: GET /api/v1/investors's query parameters (api-schemas.server.ts `investorsQuery`). */
export const listInvestorsInput = z.strictObject({
  q: z
    .string()
    .max(MAX_INVESTOR_QUERY_LENGTH)
    .optional()
    .describe("Text in investors' names (accents and case ignored); names starting with it come first."),
  limit,
  cursor,
});

export type SearchCompaniesArgs = z.output<typeof searchCompaniesInput>;
export type GetCompanyArgs = z.output<typeof getCompanyInput>;
export type ListInvestorsArgs = z.output<typeof listInvestorsInput>;

/** Arguments as a query string: lists as repeated parameters, `led: true` as `led=1`, in the schema's order. */
export function queryStringOf(
  args: Record<string, string | number | boolean | string[] | undefined>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === false) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else params.set(key, value === true ? "1" : String(value));
  }
  return params.toString();
}

export function companiesPath(args: SearchCompaniesArgs): string {
  const query = queryStringOf(args);
  return query === "" ? "/api/v1/companies" : `/api/v1/companies?${query}`;
}

export function companyPath(args: GetCompanyArgs): string {
  return `/api/v1/companies/${encodeURIComponent(args.slug)}`;
}

export function investorsPath(args: ListInvestorsArgs): string {
  const query = queryStringOf(args);
  return query === "" ? "/api/v1/investors" : `/api/v1/investors?${query}`;
}

/** What one GET of the API gave: its answer, or why there was none. */
export type ApiOutcome =
  | { kind: "answer"; status: number; retryAfter: string | null; text: string }
  | { kind: "failure"; message: string };

export interface ToolResult {
  [key: string]: unknown;
  content: Array<{ type: "text"; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const failed = (text: string): ToolResult => ({ content: [{ type: "text", text }], isError: true });

/**
 * The API's answer as a tool result: a 2xx answer's JSON as text (as sent) and as structured content (parsed
 * by `output` when the tool declares one); any other status, a non-JSON answer or no answer at all is a
 * result with `isError` and the API's message (with its Retry-After on a 429), never a thrown error.
 */
export function toolResultOf(outcome: ApiOutcome, output?: z.ZodType): ToolResult {
  if (outcome.kind === "failure") return failed(outcome.message);
  let body: unknown;
  try {
    body = JSON.parse(outcome.text);
  } catch {
    return failed(`The Roundlist API answered HTTP ${outcome.status} with something that is not JSON.`);
  }
  if (outcome.status < 200 || outcome.status > 299) return failed(apiErrorText(outcome, body));
  if (output) {
    const parsed = output.safeParse(body);
    if (!parsed.success) {
      return failed(
        "The Roundlist API's answer does not have the shape this tool server expects (is the server another " +
          `version of Roundlist?): ${parsed.error.issues[0]?.path.join(".") ?? ""} ${parsed.error.issues[0]?.message ?? ""}`.trim(),
      );
    }
    return {
      content: [{ type: "text", text: outcome.text }],
      structuredContent: parsed.data as Record<string, unknown>,
    };
  }
  return {
    content: [{ type: "text", text: outcome.text }],
    ...(isRecord(body) ? { structuredContent: body } : {}),
  };
}

function apiErrorText(answer: { status: number; retryAfter: string | null }, body: unknown): string {
  const message = isRecord(body) && typeof body.error === "string" ? body.error : "The API gave no message.";
  let text = `${message} (HTTP ${answer.status})`;
  if (answer.status === 429 && answer.retryAfter) {
    text += /^\d+$/.test(answer.retryAfter)
      ? ` Retry after ${answer.retryAfter} s.`
      : ` Retry after ${answer.retryAfter}.`;
  }
  return text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
