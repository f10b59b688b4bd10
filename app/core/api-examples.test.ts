import { createHmac, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIGEST_LIST_LIMIT } from "~/server/alerts/digest-build.server";
import { companiesQuery } from "~/server/api/api-schemas.server";
import { openApiDocument } from "~/server/api/openapi.server";
import type { NewMatchesEvent } from "~/server/webhooks/webhook-events.server";
import { signWebhook, verifyWebhook } from "~/server/webhooks/webhook-signature.server";
import {
  curlExamples,
  EXAMPLE_ANSWERS,
  EXAMPLE_COMPANIES_PAGE,
  EXAMPLE_SEARCH,
  EXAMPLE_WEBHOOK_EVENT,
  nodeExample,
  PARAMETER_VALUES,
  WEBHOOK_COMPANIES_SHOWN,
  WEBHOOK_VERIFY_CODE,
} from "./api-examples";
import { apiReference } from "./api-reference";
import { parseSearchParams } from "./search-params";
import { NEW_MATCHES_EVENT } from "./webhooks";

const ORIGIN = "https://roundlist.example";
type Writable<T> = { -readonly [K in keyof T]: Writable<T[K]> };
const document = JSON.parse(JSON.stringify(openApiDocument())) as {
  paths: Record<string, unknown>;
  components: { schemas: Record<string, object> };
};
const reference = apiReference(document);

/** What the handler does with a query (api-v1.server.ts): its schema, then the search page's parser. */
function problemsOf(params: URLSearchParams): string[] {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    object[key] = values.length === 1 ? (values[0] as string) : values;
  }
  const query = companiesQuery.safeParse(object);
  const search = new URLSearchParams(params);
  search.delete("limit");
  search.delete("cursor");
  return [
    ...(query.success ? [] : query.error.issues.map((issue) => issue.message)),
    ...parseSearchParams(search).errors.map((error) => error.message),
  ];
}

describe("the examples use the API's real parameters and paths", () => {
  const searchNames = new Set(
    reference.operations.find((op) => op.path === "/companies")?.parameters.map((param) => param.name),
  );

  it("the example search is one the handler accepts, with parameters the document lists", () => {
    for (const [name] of EXAMPLE_SEARCH) expect(searchNames).toContain(name);
    expect(problemsOf(new URLSearchParams(EXAMPLE_SEARCH.map(([name, value]) => [name, value])))).toEqual([]);
  });

  it("the option parameters' listed values are values the search reads", () => {
    expect(Object.keys(PARAMETER_VALUES)).toEqual(["/companies"]);
    for (const [name, values] of Object.entries(PARAMETER_VALUES["/companies"] ?? {})) {
      expect(searchNames).toContain(name);
      expect(values.length).toBeGreaterThan(0);
      for (const value of values)
        expect(problemsOf(new URLSearchParams([[name, value]])), `${name}=${value}`).toEqual([]);
    }
  });

  it("every curl example calls a documented path, the search with the example's parameters", () => {
    const paths = new Set(reference.operations.map((op) => `${reference.basePath}${op.path}`));
    for (const example of curlExamples(ORIGIN)) {
      const url = /"(https:\/\/[^"]+)"/.exec(example.code)?.[1] ?? "";
      const pathname = new URL(url).pathname;
      const documented = [...paths].some((documentedPath) =>
        new RegExp(`^${documentedPath.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(pathname),
      );
      expect(documented, `${example.id}: ${pathname}`).toBe(true);
      expect(example.code).toContain('-H "Authorization: Bearer $ROUNDLIST_KEY"');
      const given = [
        ...example.code.matchAll(/(?:-d |--data-urlencode ")([a-z]+)=([^"\s\\]*(?: [A-Z][^"\\]*)?)/g),
      ];
      if (example.id === "curl-search") {
        expect(given.map((match) => [match[1], match[2]])).toEqual(EXAMPLE_SEARCH.map((pair) => [...pair]));
      }
      for (const match of given) expect(searchNames).toContain(match[1]);
    }
  });

  it("the Node example pages through nextCursor with the same search, and waits out a 429", async () => {
    const calls: URL[] = [];
    const pages = [
      { data: [{ slug: "a" }, { slug: "b" }], total: 3, isTotalApproximate: false, nextCursor: "page-2" },
      { data: [{ slug: "c" }], total: 3, isTotalApproximate: false, nextCursor: null },
    ];
    const fakeFetch = async (url: string, init: { headers: Record<string, string> }) => {
      calls.push(new URL(url));
      expect(init.headers.Authorization).toBe("Bearer rl_live_test");
      if (calls.length === 1)
        return Response.json(
          { error: "Too many requests" },
          { status: 429, headers: { "Retry-After": "0" } },
        );
      return Response.json(calls.length === 2 ? pages[0] : pages[1]);
    };
    const logged: string[] = [];
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
      ...args: string[]
    ) => (...values: unknown[]) => Promise<void>;
    const run = new AsyncFunction("fetch", "process", "console", "setTimeout", nodeExample(ORIGIN).code);
    await run(
      fakeFetch,
      { env: { ROUNDLIST_KEY: "rl_live_test" } },
      { log: (line: string) => logged.push(line) },
      setTimeout,
    );
    expect(logged).toEqual(["3 companies"]);
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      expect(call.origin + call.pathname).toBe(`${ORIGIN}/api/v1/companies`);
      expect(problemsOf(call.searchParams)).toEqual([]);
    }
    const withoutCursor = (url: URL) => {
      const params = new URLSearchParams(url.searchParams);
      params.delete("cursor");
      return params.toString();
    };
    expect(withoutCursor(calls[2] as URL)).toBe(withoutCursor(calls[0] as URL));
    expect(calls[1]?.searchParams.get("cursor")).toBeNull();
    expect(calls[2]?.searchParams.get("cursor")).toBe("page-2");
  });

  it("the sample webhook body has the event's shape", () => {
    // npm run typecheck holds the sample to the server's event type; the fields and their order are checked here.
    const typed: NewMatchesEvent = EXAMPLE_WEBHOOK_EVENT as Writable<typeof EXAMPLE_WEBHOOK_EVENT>;
    expect(Object.keys(typed)).toEqual(["id", "type", "createdAt", "data"]);
    expect(Object.keys(typed.data)).toEqual(["savedSearch", "window", "total", "companies"]);
    expect(typed.type).toBe(NEW_MATCHES_EVENT);
    // The page's "the first 50" is the digest's own cap.
    expect(WEBHOOK_COMPANIES_SHOWN).toBe(DIGEST_LIST_LIMIT);
  });

  it("every sample answer validates against its operation's documented schema", () => {
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    ajv.addSchema({ $id: "doc", components: document.components });
    const validate = ajv.compile({ $ref: "doc#/components/schemas/CompaniesPage" });
    expect(validate(EXAMPLE_COMPANIES_PAGE), JSON.stringify(validate.errors)).toBe(true);
    const operationIds = new Set(reference.operations.map((op) => op.operationId));
    for (const id of Object.keys(EXAMPLE_ANSWERS)) expect(operationIds).toContain(id);
  });
});

/** The page's verification code, run as a receiver would (its import and export lines taken off). */
const isRoundlistDelivery = new Function(
  "createHmac",
  "timingSafeEqual",
  "Buffer",
  `${WEBHOOK_VERIFY_CODE.replace(/^import .*$/m, "").replace(/^export /m, "")}\nreturn isRoundlistDelivery;`,
)(createHmac, timingSafeEqual, Buffer) as (
  secret: string,
  body: string,
  header: string | null | undefined,
  nowSeconds?: number,
) => boolean;

describe("the webhook verification example (decision 033's scheme)", () => {
  const SECRET = "whsec_example-secret";
  const BODY = '{"type":"search.new_matches","data":[]}';
  const T = 1_800_000_000;

  it("accepts what the server signs, within 5 minutes either way", () => {
    const header = signWebhook(SECRET, BODY, T);
    expect(isRoundlistDelivery(SECRET, BODY, header, T)).toBe(true);
    expect(isRoundlistDelivery(SECRET, BODY, header, T + 300)).toBe(true);
    expect(isRoundlistDelivery(SECRET, BODY, header, T - 300)).toBe(true);
    expect(isRoundlistDelivery(SECRET, BODY, header, T + 301)).toBe(false);
    expect(isRoundlistDelivery(SECRET, BODY, header, T - 301)).toBe(false);
    expect(isRoundlistDelivery(SECRET, BODY, header)).toBe(false);
  });

  it("refuses another body, another secret, a moved timestamp and a missing header", () => {
    const header = signWebhook(SECRET, BODY, T);
    expect(isRoundlistDelivery(SECRET, `${BODY} `, header, T)).toBe(false);
    expect(isRoundlistDelivery("whsec_other", BODY, header, T)).toBe(false);
    expect(isRoundlistDelivery(SECRET, BODY, header.replace(`t=${T}`, `t=${T + 60}`), T + 60)).toBe(false);
    expect(isRoundlistDelivery(SECRET, BODY, undefined, T)).toBe(false);
    expect(isRoundlistDelivery(SECRET, BODY, "", T)).toBe(false);
  });

  it("accepts any one of several v1 entries, and skips other schemes", () => {
    const old = signWebhook("whsec_old", BODY, T).split(",")[1];
    const current = signWebhook(SECRET, BODY, T).split(",")[1];
    expect(isRoundlistDelivery(SECRET, BODY, `t=${T}, v0=abc, ${old}, ${current}`, T)).toBe(true);
  });

  it("gives the server's own verdict on any body, secret, time and header", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string({ minLength: 1 }),
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.integer({ min: -400, max: 400 }),
        fc.boolean(),
        (body, secret, signedAt, drift, tamper) => {
          const header = signWebhook(secret, body, signedAt);
          const sent = tamper ? `${body}x` : body;
          const server = verifyWebhook(secret, sent, header, { nowUnix: signedAt + drift }).ok;
          expect(isRoundlistDelivery(secret, sent, header, signedAt + drift)).toBe(server);
        },
      ),
    );
  });

  it("is the code README.md shows", () => {
    const readme = readFileSync(path.join(import.meta.dirname, "../../README.md"), "utf8");
    expect(readme.includes(WEBHOOK_VERIFY_CODE), "README.md's webhook code differs from the page's").toBe(
      true,
    );
  });
});
