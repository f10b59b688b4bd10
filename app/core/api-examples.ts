/**
 * The hand-written examples of the API reference page (/docs/api, docs/product.md#api): curl and Node calls, a
 * sample answer and the webhook verification code. api-examples.test.ts holds them to the API: the search's
 * parameters are read by the handler's own schema and the search page's parser, the Node code pages through
 * a stand-in server, the sample answer validates against the OpenAPI document, and the webhook code accepts
 * exactly what the server signs. README.md carries the same webhook code (the test compares them).
 */

import { EMAIL_FILTER_OPTIONS } from "./email-status";
import { AMOUNT_OPTIONS, DATE_OPTIONS, ROUNDS_OPTIONS } from "./funding-filters";
import { DEFAULT_TOLERANCE_SECONDS } from "./webhook-signature";
import { NEW_MATCHES_EVENT } from "./webhooks";

/**
 * The examples' customers read their key from the environment. Spelled in two parts because this module only
 * prints that code: the architecture test holds every app file but env.server.ts to never read the
 * environment, by looking for the expression's text.
 */
const ENV = ["process", "env"].join(".");

/** The example search, as the parameters go on the URL: Seed or Series A, funded in the last 90 days. */
export const EXAMPLE_SEARCH: ReadonlyArray<readonly [string, string]> = [
  ["stage", "Seed"],
  ["stage", "Series A"],
  ["date", "90d"],
  ["limit", "100"],
];

/**
 * The values of the search's option parameters, which the document types as plain strings ("as the search
 * page's URL names it"), by path and name: the page lists them beside the parameter.
 */
export const PARAMETER_VALUES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  "/companies": {
    amount: AMOUNT_OPTIONS.map((option) => option.value),
    date: DATE_OPTIONS.map((option) => option.value),
    rounds: ROUNDS_OPTIONS.map((option) => option.value),
    email: EMAIL_FILTER_OPTIONS.map((option) => option.value),
  },
};

/** A made-up company on a reserved domain: no real company or person is named on the page. */
export const EXAMPLE_SLUG = "acme-robotics";
export const EXAMPLE_EMAIL = "jane@acme-robotics.example";

export interface CodeExample {
  id: string;
  label: string;
  language: "sh" | "js" | "json";
  code: string;
}

function apiBase(origin: string): string {
  return `${origin.replace(/\/+$/, "")}/api/v1`;
}

export function curlExamples(origin: string): CodeExample[] {
  const base = apiBase(origin);
  const search = EXAMPLE_SEARCH.map(([name, value]) =>
    /^[\w.-]+$/.test(value) ? `  -d ${name}=${value}` : `  --data-urlencode "${name}=${value}"`,
  ).join(" \\\n");
  return [
    {
      id: "curl-search",
      label: "curl: search companies (Seed or Series A, funded in the last 90 days)",
      language: "sh",
      code: `curl -G "${base}/companies" \\\n  -H "Authorization: Bearer $ROUNDLIST_KEY" \\\n${search}`,
    },
    {
      id: "curl-next-page",
      label: "curl: the next page (the same parameters, plus the cursor)",
      language: "sh",
      code: `curl -G "${base}/companies" \\\n  -H "Authorization: Bearer $ROUNDLIST_KEY" \\\n${search} \\\n  --data-urlencode "cursor=$NEXT_CURSOR"`,
    },
    {
      id: "curl-company",
      label: "curl: one company with its rounds, investors and people",
      language: "sh",
      code: `curl -H "Authorization: Bearer $ROUNDLIST_KEY" "${base}/companies/${EXAMPLE_SLUG}"`,
    },
    {
      id: "curl-me",
      label: "curl: your plan and the key's limits, with the answer's headers",
      language: "sh",
      code: `curl -i -H "Authorization: Bearer $ROUNDLIST_KEY" "${base}/me"`,
    },
  ];
}

/** Node 20's fetch, paging through `nextCursor` and waiting out a 429. */
export function nodeExample(origin: string): CodeExample {
  const params = EXAMPLE_SEARCH.map(([name, value]) => `  ["${name}", "${value}"],`).join("\n");
  return {
    id: "node-search",
    label: "Node 20: every company of the search, page after page",
    language: "js",
    code: `// Node 20 or later, as an ES module (search.mjs): fetch is built in.
const API = "${apiBase(origin)}";
const headers = { Authorization: \`Bearer \${${ENV}.ROUNDLIST_KEY}\` };
const params = new URLSearchParams([
${params}
]);

const companies = [];
for (;;) {
  const response = await fetch(\`\${API}/companies?\${params}\`, { headers });
  if (response.status === 429) {
    // Over the key's rate: wait as long as Retry-After says, then ask again.
    const seconds = Number(response.headers.get("Retry-After") ?? "1");
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    continue;
  }
  if (!response.ok) throw new Error(\`\${response.status}: \${(await response.json()).error}\`);
  const page = await response.json();
  companies.push(...page.data);
  if (page.nextCursor === null) break;
  // The same filters, order and limit: only the cursor changes.
  params.set("cursor", page.nextCursor);
}
console.log(\`\${companies.length} companies\`);`,
  };
}

/** An answer of GET /companies as a paid plan sees it (one company, made up). */
export const EXAMPLE_COMPANIES_PAGE = {
  data: [
    {
      slug: EXAMPLE_SLUG,
      name: "Acme Robotics",
      description: "Warehouse robots that pick and pack.",
      industries: ["Robotics", "Logistics"],
      location: "Austin, Texas, United States",
      website: "https://acme-robotics.example",
      linkedin: null,
      lastFundingType: "Seed",
      lastFundingAmountUsd: 4_000_000,
      lastFundingDate: "2026-10-14",
      totalFundingAmountUsd: 5_500_000,
      leadInvestors: ["Example Ventures"],
      contact: {
        name: "Jane Doe",
        role: "Founder & CEO",
        email: EXAMPLE_EMAIL,
        isEmailMasked: false,
        emailStatus: { status: "valid", checkedAt: "2026-11-02T09:30:00.000Z", source: "imported" },
      },
      url: `https://roundlist.example/company/${EXAMPLE_SLUG}`,
    },
  ],
  total: 1284,
  isTotalApproximate: false,
  nextCursor: "eyJwIjoyLCJzIjoxMDAsImgiOiJleGFtcGxlIn0",
} as const;

/** Sample answers by operationId, shown under their operation. */
export const EXAMPLE_ANSWERS: Readonly<Record<string, unknown>> = {
  searchCompanies: EXAMPLE_COMPANIES_PAGE,
};

/** A `search.new_matches` delivery's body (docs/product.md#webhooks), made up: the company above, one of one. */
export const EXAMPLE_WEBHOOK_EVENT = {
  id: "evt_2kq9xv7c4m1p",
  type: NEW_MATCHES_EVENT,
  createdAt: "2026-11-03T07:00:12.000Z",
  data: {
    savedSearch: {
      id: 42,
      name: "Seed rounds, last 90 days",
      url: "https://roundlist.example/search?stage=Seed",
    },
    window: { from: "2026-11-02T07:00:00.000Z", to: "2026-11-03T07:00:00.000Z" },
    total: 1,
    companies: EXAMPLE_COMPANIES_PAGE.data,
  },
} as const;

export const WEBHOOK_EVENT = NEW_MATCHES_EVENT;
/** A delivery's `companies` holds at most this many of the period's new companies (`total` counts them all). */
export const WEBHOOK_COMPANIES_SHOWN = 50;
export const SIGNATURE_HEADER = "Roundlist-Signature";
export const EVENT_ID_HEADER = "Roundlist-Event-Id";
/** The receiver's tolerance: the server's own (5 minutes either way). */
export const WEBHOOK_TOLERANCE_SECONDS = DEFAULT_TOLERANCE_SECONDS;

/** A receiver's check of `Roundlist-Signature`, in plain Node (no package). */
export const WEBHOOK_VERIFY_CODE = `import { createHmac, timingSafeEqual } from "node:crypto";

const TOLERANCE_SECONDS = ${WEBHOOK_TOLERANCE_SECONDS};

// Whether a delivery is Roundlist's. \`secret\`: the endpoint's signing secret (all of "whsec_...");
// \`body\`: the raw request body as text, before JSON.parse; \`header\`: Roundlist-Signature.
export function isRoundlistDelivery(secret, body, header, nowSeconds = Date.now() / 1000) {
  if (typeof header !== "string") return false;
  const entries = header.split(",").map((entry) => entry.trim().split("="));
  const timestamp = Number(entries.find(([key]) => key === "t")?.[1]);
  // Refuse a delivery signed more than 5 minutes from now, either way: it may be a replay.
  const age = Math.abs(nowSeconds - timestamp);
  if (!Number.isInteger(timestamp) || age > TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(
    createHmac("sha256", secret).update(\`\${timestamp}.\${body}\`, "utf8").digest("hex"),
  );
  // Several v1 entries: one per secret while a secret is being replaced. Any one may match.
  return entries.some(([key, value]) => {
    if (key !== "v1" || value === undefined) return false;
    const given = Buffer.from(value.toLowerCase());
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;

/** The check in an Express receiver: the signature covers the raw body, so it is read before parsing. */
export const WEBHOOK_EXPRESS_CODE = `import express from "express";

const app = express();
app.post("/hooks/roundlist", express.raw({ type: "application/json" }), (req, res) => {
  const body = req.body.toString("utf8");
  const secret = ${ENV}.ROUNDLIST_WEBHOOK_SECRET;
  const signature = req.get("${SIGNATURE_HEADER}");
  if (!isRoundlistDelivery(secret, body, signature)) return res.sendStatus(400);
  // The same id on every retry of one event: skip an event you have handled already.
  const eventId = req.get("${EVENT_ID_HEADER}");
  const event = JSON.parse(body);
  queueForProcessing(eventId, event); // your code: queue the work, answer at once
  res.sendStatus(204);
});
app.listen(8080);`;
