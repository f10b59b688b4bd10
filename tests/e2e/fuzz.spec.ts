/**
 * docs/product.md#security: no input gives a 5xx, or takes over 2 s. One property-based fuzz test per endpoint that
 * takes input, over HTTP, against servers of this spec's own (never the shared e2e server: the public forms
 * are rate-limited per IP and do-not-sell requests change the data other specs count on):
 * - "demo": the demo payment provider, test routes on, the client IP taken from X-Forwarded-For (each request
 *   comes from a random address, so the per-IP limits of the public forms do not end the runs early);
 * - "stripe": Stripe configured with a test key (never called: no generated event names a known user), for
 *   the webhook, signed and unsigned.
 * FUZZ_RUNS (default 1,000; `npm run fuzz` 5,000) runs per endpoint; FUZZ_SEED replays a run. Each request is
 * sent alone, with a timeout; the counts per endpoint (runs, statuses, longest answer) are printed.
 */
import fc from "fast-check";
import { fieldPaths, signStripeEvent, stripeEvent, withFieldReplaced } from "../fixtures/stripe-events";
import { E2E_PORT } from "./e2e-config";
import { expect, test } from "./fixtures";
import {
  bodies,
  type EndpointStats,
  emailish,
  type FieldsArbitrary,
  type FuzzRequest,
  formatStats,
  formFields,
  nastyString,
  newStats,
  originChoice,
  pathSegment,
  plausible,
  queryStrings,
  sendAndCheck,
} from "./fuzz-inputs";
import { type PrivateServer, startPrivateServer } from "./private-server";

const RUNS = Number(process.env.FUZZ_RUNS ?? 1_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const WEBHOOK_SECRET = "whsec_fuzz_0123456789abcdef";
/** The signed-in accounts' password: never generated, so no run deletes the account or changes its password. */
const ACCOUNT_PASSWORD = "fuzz-account-secret-6d1f0b";

test.describe.configure({ mode: "serial" });

let demo: PrivateServer;
let stripeServer: PrivateServer;
const cookies: Record<"profile" | "checkout" | "trial" | "export" | "lps", string> = {
  profile: "",
  checkout: "",
  trial: "",
  export: "",
  lps: "",
};
const summary: string[] = [];

/** A confirmed, signed-in account on the demo server (through /__test/login): its Cookie header. */
async function signedIn(email: string, plan: string | null, status: "active" | "trialing"): Promise<string> {
  const response = await fetch(`${demo.url}/__test/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: demo.url },
    body: JSON.stringify({ email, password: ACCOUNT_PASSWORD, plan, status }),
  });
  expect(response.status, await response.text()).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const started = Date.now();
  const common = { AUTH_RATE_LIMIT_MAX: "1000000", ENABLE_TEST_ROUTES: "true", LOG_LEVEL: "fatal" };
  [demo, stripeServer] = await Promise.all([
    startPrivateServer({
      port: E2E_PORT + 2,
      seedCount: 300,
      name: "fuzz-demo",
      env: { ...common, TRUSTED_PROXIES: "127.0.0.1" },
    }),
    startPrivateServer({
      port: E2E_PORT + 3,
      seedCount: 20,
      name: "fuzz-stripe",
      env: {
        ...common,
        STRIPE_SECRET_KEY: "sk_test_fuzz",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_MONTHLY: "price_fuzz_monthly",
        STRIPE_PRICE_ANNUAL: "price_fuzz_annual",
      },
    }),
  ]);
  cookies.profile = await signedIn("fuzz-profile@e2e.example", null, "active");
  cookies.checkout = await signedIn("fuzz-checkout@e2e.example", null, "active");
  cookies.trial = await signedIn("fuzz-trial@e2e.example", "monthly", "trialing");
  cookies.export = await signedIn("fuzz-export@e2e.example", "pro", "active");
  cookies.lps = await signedIn("fuzz-lps@e2e.example", "lps", "active");
  console.log(`Private servers ready in ${Math.round((Date.now() - started) / 1000)} s`);
});

test.afterAll(async () => {
  console.log(`\nFuzz summary (${RUNS} runs per endpoint${SEED === undefined ? "" : `, seed ${SEED}`}):`);
  for (const line of summary) console.log(`  ${line}`);
  await Promise.all([demo?.remove(), stripeServer?.remove()]);
});

/**
 * The client's address (the demo server believes X-Forwarded-For from 127.0.0.1): usually one of its own, so
 * the per-IP limits of the public forms (5 an hour) do not turn the runs into 429s; sometimes a random one,
 * so the limits are reached too.
 */
let addressCounter = 0;
const forwardedFor = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constant(null).map(() => {
      addressCounter += 1;
      return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
    }),
  },
  { weight: 1, arbitrary: fc.ipV4() },
  { weight: 1, arbitrary: fc.ipV6() },
);

interface Endpoint {
  name: string;
  server: () => PrivateServer;
  cookie?: () => string;
  request: fc.Arbitrary<FuzzRequest>;
}

/** Runs the endpoint's property RUNS times; prints and keeps its counts. */
async function fuzz(endpoint: Endpoint): Promise<EndpointStats> {
  test.setTimeout(60_000 + RUNS * 150);
  const stats = newStats();
  const property = fc.asyncProperty(endpoint.request, forwardedFor, async (request, ip) => {
    const headers = { ...request.headers, "x-forwarded-for": ip };
    await sendAndCheck(endpoint.server().url, { ...request, headers }, stats, endpoint.cookie?.());
  });
  const details = await fc.check(property, { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) });
  const line = formatStats(endpoint.name, stats);
  summary.push(line);
  console.log(line);
  if (details.failed) {
    // The shrunk input's own message (the request, its status or time); the generated values can be MBs.
    throw new Error(
      `${endpoint.name} failed after ${details.numRuns} runs (replay: FUZZ_SEED=${details.seed}, path ${details.counterexamplePath}): ${
        details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)
      }`,
    );
  }
  return stats;
}

function postForm(
  path: string,
  fields: FieldsArbitrary,
  extraJson?: fc.Arbitrary<unknown>,
): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(bodies(fields, extraJson), originChoice)
    .map(([body, origin]) => ({ method: "POST" as const, path, body, origin: origin as "self" | "none" }));
}

function get(path: string, params: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<FuzzRequest> {
  return queryStrings(params).map((query) => ({ method: "GET" as const, path: `${path}?${query}` }));
}

const password = plausible("violet-harbor-71", "short", "x".repeat(129), "correct-horse-9");
const names = plausible("Ada", "Lovelace", "");
const redirectTo = plausible(
  "/search",
  "/profile?x=1",
  "//evil.example",
  "https://evil.example",
  "/\\evil",
  "",
);

// ------------------------------------------------------------------------------------------------
// The auth dialog's action, one property per intent

for (const intent of ["signin", "signup", "reset", "resend"] as const) {
  test(`fuzz POST /auth (${intent})`, async () => {
    const fields: Record<string, fc.Arbitrary<string>> = {
      intent: plausible(intent),
      // A resend for a well-formed address is padded by better-auth to ~500 ms (no account enumeration), the
      // same path every time: fewer of them keep the spec near 2 minutes.
      email:
        intent === "resend"
          ? fc.oneof({ weight: 1, arbitrary: emailish }, { weight: 3, arbitrary: nastyString })
          : emailish,
      ...(intent === "signin" ? { password, redirectTo } : {}),
      ...(intent === "signup"
        ? {
            firstName: names,
            lastName: names,
            password,
            confirmPassword: password,
            acceptTerms: plausible("on"),
            heardAboutUs: nastyString,
          }
        : {}),
    };
    await fuzz({
      name: `POST /auth ${intent}`,
      server: () => demo,
      request: postForm("/auth", formFields(fields)),
    });
  });
}

// ------------------------------------------------------------------------------------------------
// Page actions

test("fuzz POST /reset-password", async () => {
  const fields = formFields({ token: plausible("abc123", ""), password, confirmPassword: password });
  await fuzz({
    name: "POST /reset-password",
    server: () => demo,
    request: postForm("/reset-password", fields),
  });
});

test("fuzz POST /contact", async () => {
  const fields = formFields({
    name: names,
    email: emailish,
    company: plausible("Navy Labs"),
    message: plausible("We sell cloud tooling to seed-stage startups, can we talk?"),
    website: plausible(""),
  });
  await fuzz({ name: "POST /contact", server: () => demo, request: postForm("/contact", fields) });
});

test("fuzz POST /request-trial", async () => {
  const fields = formFields({
    name: names,
    email: emailish,
    company: plausible("Analytical Engines"),
    teamSize: plausible("1", "2-10", "11-50", "51-200", "201+"),
    message: plausible("Outbound to Series A fintechs in Europe."),
    website: plausible(""),
  });
  await fuzz({
    name: "POST /request-trial",
    server: () => demo,
    request: postForm("/request-trial", fields),
  });
});

test("fuzz POST /do-not-sell", async () => {
  const fields = formFields({ email: emailish, confirm: plausible("yes"), website: plausible("") });
  await fuzz({ name: "POST /do-not-sell", server: () => demo, request: postForm("/do-not-sell", fields) });
});

test("fuzz POST /profile (signed in)", async () => {
  // Never the account's password (ACCOUNT_PASSWORD): the runs must not delete the account or change its password.
  const fields = formFields({
    intent: plausible("profile", "password", "cancel", "resume", "switch", "payment-method", "delete"),
    plan: plausible("monthly", "pro"),
    card: plausible("visa", "amex"),
    firstName: names,
    lastName: names,
    currentPassword: plausible("wrong-password-1"),
    password,
    confirmPassword: password,
  });
  await fuzz({
    name: "POST /profile",
    server: () => demo,
    cookie: () => cookies.profile,
    request: postForm("/profile", fields),
  });
  // Still signed in: the runs reached the action, not the sign-in redirect.
  const page = await fetch(`${demo.url}/profile`, {
    headers: { cookie: cookies.profile },
    redirect: "manual",
  });
  expect(page.status).toBe(200);
});

// ------------------------------------------------------------------------------------------------
// JSON endpoints

test("fuzz POST /api/checkout (signed in)", async () => {
  const plan = plausible("monthly", "pro", "lifetime", "lps");
  const fields = formFields({ plan, priceId: plan });
  const shaped = fc.oneof(
    fc.record({ plan: fc.oneof(plan, fc.jsonValue({ maxDepth: 1 })) }, { requiredKeys: [] }),
    fc.record({ priceId: plan }),
    fc.jsonValue({ maxDepth: 2 }),
  );
  await fuzz({
    name: "POST /api/checkout",
    server: () => demo,
    cookie: () => cookies.checkout,
    request: postForm("/api/checkout", fields, shaped),
  });
});

test("fuzz POST /api/upgrade-trial (signed in, on a trial)", async () => {
  await fuzz({
    name: "POST /api/upgrade-trial",
    server: () => demo,
    cookie: () => cookies.trial,
    request: postForm(
      "/api/upgrade-trial",
      formFields({ plan: plausible("monthly") }),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  });
});

const SEARCH_PARAMS: Record<string, fc.Arbitrary<string>> = {
  q: plausible("health", "Zürich", "İSTANBUL"),
  industry: plausible("Fintech", "Health", "AI"),
  stage: plausible("Seed", "Series A", "Series B"),
  location: plausible(
    "continent:Europe",
    "country:Germany",
    "state:California",
    "Berlin",
    "continent:__proto__",
  ),
  amount: plausible("any", "0-1m", "1m-5m", "5m-20m", "20m+"),
  date: plausible("any", "30d", "90d", "1y"),
  // decision 030: the investor, 'led by' and rounds filters.
  investor: plausible("miller-hill", "no-such-investor", "Not A Slug", "a".repeat(500)),
  led: plausible("1", "0", "true", "maybe"),
  rounds: plausible("1", "4-5", "6+", "6-plus", "7"),
  // decision 032: the email status filter.
  email: plausible("valid", "VALID-OR-ACCEPT-ALL", "any", "bounced", "__proto__"),
  page: plausible("1", "2", "0", "-1", "2001", "1.5", "1e3"),
  sort: plausible("newest", "amount"),
};

test("fuzz GET /api/export-csv (signed in, pro)", async () => {
  await fuzz({
    name: "GET /api/export-csv",
    server: () => demo,
    cookie: () => cookies.export,
    // docs/product.md#export: the rows option too (one row per person).
    request: get("/api/export-csv", { ...SEARCH_PARAMS, rows: plausible("people", "companies", "person") }),
  });
});

test("fuzz POST /api/export-csv (signed in, pro)", async () => {
  const value = fc.oneof(nastyString, fc.jsonValue({ maxDepth: 1 }));
  const shaped = fc.oneof(
    fc.record(
      {
        searchQuery: fc.oneof(SEARCH_PARAMS.q as fc.Arbitrary<unknown>, value),
        filters: fc.oneof(
          fc.record(
            {
              industry: fc.oneof(SEARCH_PARAMS.industry as fc.Arbitrary<unknown>, value),
              fundingStage: fc.oneof(SEARCH_PARAMS.stage as fc.Arbitrary<unknown>, value),
              location: fc.oneof(SEARCH_PARAMS.location as fc.Arbitrary<unknown>, value),
              fundingAmount: fc.oneof(SEARCH_PARAMS.amount as fc.Arbitrary<unknown>, value),
              fundingDate: fc.oneof(SEARCH_PARAMS.date as fc.Arbitrary<unknown>, value),
            },
            { requiredKeys: [] },
          ),
          value,
        ),
      },
      { requiredKeys: [] },
    ),
    fc.dictionary(nastyString, value, { maxKeys: 4 }),
  );
  await fuzz({
    name: "POST /api/export-csv",
    server: () => demo,
    cookie: () => cookies.export,
    request: postForm("/api/export-csv", formFields(SEARCH_PARAMS), shaped),
  });
});

// docs/product.md#lps: the LP database's page, option counts and export, as an LP subscriber (the sample answers
// everyone else whatever they ask).
const LP_PARAMS: Record<string, fc.Arbitrary<string>> = {
  q: plausible("family", "Zürich", "İSTANBUL", "100%_"),
  type: plausible("endowment", "single-family-office", "bank", "__proto__"),
  location: plausible("region:europe", "country:Germany", "region:__proto__", "country:", "Berlin"),
  asset: plausible("venture-capital", "hedge-funds", "toString"),
  stage: plausible("seed", "growth", "series-a"),
  sector: plausible("fintech", "ai", ""),
  aum: plausible("any", "1b-10b", "100b-plus", "huge"),
  check: plausible("any", "1m-5m", "100m-plus", "0"),
  emerging: plausible("yes", "no", "1"),
  first_time: plausible("yes", "true"),
  sort: plausible("aum-desc", "name-asc", "name-desc", "date-desc"),
  size: plausible("25", "100", "1000"),
  page: plausible("1", "2", "0", "-1", "2001", "1.5", "1e3"),
};

// docs/product.md#converter: the converter's conversion request, as a signed-in user: any body is a 4xx with a message.
test("fuzz POST /api/converter/convert (signed in)", async () => {
  await fuzz({
    name: "POST /api/converter/convert",
    server: () => demo,
    cookie: () => cookies.profile,
    request: postForm(
      "/api/converter/convert",
      formFields({
        uploadId: plausible("00000000-0000-4000-8000-000000000000", "../etc/passwd", ""),
        target: plausible("instantly", "excel-eu", "__proto__"),
      }),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  });
});

for (const path of ["/lps", "/api/lps-facets", "/api/export-lps"]) {
  test(`fuzz GET ${path} (signed in, lps)`, async () => {
    await fuzz({
      name: `GET ${path}`,
      server: () => demo,
      cookie: () => cookies.lps,
      request: get(path, LP_PARAMS),
    });
  });
}

// docs/product.md#alerts: saved searches (save; rename, alert, delete through a plain form's intent), the new-leads count
// before an export, and a digest's unsubscribe link (no session: the token is the authority).
test("fuzz POST /api/saved-searches (signed in, pro)", async () => {
  await fuzz({
    name: "POST /api/saved-searches",
    server: () => demo,
    cookie: () => cookies.export,
    request: postForm(
      "/api/saved-searches",
      formFields({
        name: plausible("Berlin fintech", "", " ", "x".repeat(121), "a\u0000b"),
        query: plausible("stage=Seed&industry=FinTech", "", "page=3", "amount=huge", "?q=a&q=b", "%zz"),
        alert: plausible("off", "daily", "weekly", "hourly", ""),
      }),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  });
});

const savedSearchId = fc.oneof(
  plausible("1", "2", "0", "-1", "1.5", "99999999999999999999", "abc"),
  pathSegment,
);

test("fuzz POST /api/saved-searches/:id (signed in, pro)", async () => {
  const request = fc
    .tuple(
      savedSearchId,
      bodies(
        formFields({
          intent: plausible("rename", "alert", "delete", "explode", ""),
          name: plausible("Renamed", "", "x".repeat(200)),
          alert: plausible("off", "daily", "weekly", "monthly"),
        }),
        fc.jsonValue({ maxDepth: 2 }),
      ),
      originChoice,
    )
    .map(([id, body, origin]) => ({
      method: "POST" as const,
      path: `/api/saved-searches/${id}`,
      body,
      origin: origin as "self" | "none",
    }));
  await fuzz({
    name: "POST /api/saved-searches/:id",
    server: () => demo,
    cookie: () => cookies.export,
    request,
  });
});

test("fuzz GET /api/export-preview (signed in, pro)", async () => {
  await fuzz({
    name: "GET /api/export-preview",
    server: () => demo,
    cookie: () => cookies.export,
    request: get("/api/export-preview", { ...SEARCH_PARAMS, newOnly: plausible("1", "0", "true", "maybe") }),
  });
});

const unsubscribeToken = fc.oneof(
  plausible("1.abc", "1.", ".x", "0.0", "99999999999999999999.ff", "1.a.b"),
  pathSegment,
);

test("fuzz GET and POST /alerts/unsubscribe/:token (signed out)", async () => {
  const request = fc
    .tuple(unsubscribeToken, fc.boolean(), bodies(formFields({ intent: plausible("unsubscribe", "") })))
    .map(([token, isPost, body]) =>
      isPost
        ? { method: "POST" as const, path: `/alerts/unsubscribe/${token}`, body, origin: "none" as const }
        : { method: "GET" as const, path: `/alerts/unsubscribe/${token}` },
    );
  await fuzz({ name: "GET/POST /alerts/unsubscribe/:token", server: () => demo, request });
});

// docs/decisions/018: the compare and company pages read their path segment as slugs; overlapping "-vs-"
// (every split of which once went to the database), and any other segment, stay a quick 404 or a page.
const vsSegment = fc
  .tuple(fc.constantFrom("a", "acme", ""), fc.integer({ min: 0, max: 5_000 }), fc.constantFrom("b", "-b", ""))
  .map(([first, repeats, last]) => `${first}${"-vs".repeat(repeats)}${last}`);

test("fuzz GET /compare/:slug and /company/:slug (signed out)", async () => {
  const request = fc
    .tuple(fc.oneof(vsSegment, pathSegment), fc.constantFrom("/compare/", "/company/"))
    .map(([segment, prefix]): FuzzRequest => ({ method: "GET", path: `${prefix}${segment}` }));
  await fuzz({ name: "GET /compare/:slug, /company/:slug", server: () => demo, request });
});

// ------------------------------------------------------------------------------------------------
// Pages with query parameters

test("fuzz GET /search", async () => {
  await fuzz({ name: "GET /search", server: () => demo, request: get("/search", SEARCH_PARAMS) });
});

test("fuzz GET /api/investor-options (signed out)", async () => {
  await fuzz({
    name: "GET /api/investor-options",
    server: () => demo,
    request: get("/api/investor-options", { q: plausible("miller", "société", "", "%", "a".repeat(5_000)) }),
  });
});

test("fuzz GET /signin?redirectTo=", async () => {
  await fuzz({ name: "GET /signin", server: () => demo, request: get("/signin", { redirectTo }) });
});

// ------------------------------------------------------------------------------------------------
// better-auth's link routes

test("fuzz GET /api/auth/verify-email", async () => {
  await fuzz({
    name: "GET /api/auth/verify-email",
    server: () => demo,
    request: get("/api/auth/verify-email", {
      token: plausible("eyJhbGciOiJIUzI1NiJ9.e30.x", ""),
      callbackURL: plausible("/", "/search", "https://evil.example", "//evil.example"),
    }),
  });
});

test("fuzz GET /api/auth/reset-password/:token", async () => {
  const request = fc
    .tuple(
      pathSegment,
      queryStrings({ callbackURL: plausible("/reset-password", "https://evil.example", "") }),
    )
    .map(([token, query]) => ({
      method: "GET" as const,
      path: `/api/auth/reset-password/${token}?${query}`,
    }));
  await fuzz({ name: "GET /api/auth/reset-password/:token", server: () => demo, request });
});

// ------------------------------------------------------------------------------------------------
// The Stripe webhook (on the server with Stripe configured)

const signatureHeader = fc.oneof(
  fc.constant(null),
  nastyString.map((text) => text.replace(/[^\x20-\x7e]/g, "")),
  fc
    .tuple(
      fc.integer({ min: 0, max: 2 ** 40 }),
      fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), maxLength: 64 }),
    )
    .map(([time, signature]) => `t=${time},v1=${signature}`),
);

test("fuzz POST /api/webhooks/stripe (unsigned or wrongly signed)", async () => {
  const request = fc
    .tuple(bodies(formFields({ id: nastyString, type: nastyString }), fc.jsonValue()), signatureHeader)
    .map(
      ([body, signature]): FuzzRequest => ({
        method: "POST",
        path: "/api/webhooks/stripe",
        body,
        ...(signature === null ? {} : { headers: { "stripe-signature": signature } }),
        origin: "none",
      }),
    );
  await fuzz({ name: "POST /api/webhooks/stripe unsigned", server: () => stripeServer, request });
});

/** Events of the handled types with any field replaced by any value, random JSON, and text that is not JSON. */
function signedEvents(): fc.Arbitrary<string> {
  const now = Math.floor(Date.now() / 1000);
  const subscription = {
    id: "sub_fuzz",
    object: "subscription",
    status: "active",
    customer: "cus_fuzz",
    metadata: { userId: "user_unknown", plan: "monthly" },
    trial_start: null,
    trial_end: null,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    items: {
      data: [{ price: { id: "price_fuzz_monthly" }, current_period_start: now, current_period_end: now + 1 }],
    },
  };
  const invoice = {
    id: "in_fuzz",
    parent: { subscription_details: { subscription: "sub_fuzz" } },
    lines: {
      data: [
        {
          period: { start: now, end: now + 1 },
          parent: { subscription_item_details: { subscription: "sub_fuzz" } },
        },
      ],
    },
  };
  const session = {
    mode: "subscription",
    client_reference_id: "user_unknown",
    metadata: { userId: "user_unknown" },
    customer: "cus_fuzz",
    subscription,
  };
  const objects: Record<string, Record<string, unknown>> = {
    "checkout.session.completed": session,
    "customer.subscription.created": subscription,
    "customer.subscription.updated": subscription,
    "customer.subscription.deleted": subscription,
    "customer.subscription.trial_will_end": subscription,
    "invoice.paid": invoice,
    "invoice.payment_failed": invoice,
    "customer.created": { id: "cus_fuzz" },
  };
  const odd = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    nastyString,
    fc.constantFrom(null, "", "\u0000", 1e20, -1, 1.5, [], {}, true, "x".repeat(300)),
  );
  const mutated = fc
    .tuple(fc.constantFrom(...Object.keys(objects)), fc.uuid())
    .map(([type, id]) => stripeEvent(`evt_${id}`, type, now, objects[type] ?? {}))
    .chain((event) => fc.tuple(fc.constant(event), fc.constantFrom(...fieldPaths(event)), odd, fc.nat(4)))
    .map(([event, path, value, keep]) =>
      JSON.stringify(keep === 0 ? event : withFieldReplaced(event, path, value)),
    );
  return fc.oneof(
    { weight: 6, arbitrary: mutated },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: nastyString },
  );
}

test("fuzz POST /api/webhooks/stripe (signed, malformed)", async () => {
  const request = signedEvents().map((payload): FuzzRequest => {
    const { body, signature } = signStripeEvent(payload, WEBHOOK_SECRET);
    return {
      method: "POST",
      path: "/api/webhooks/stripe",
      body: {
        kind: "signed-event",
        contentType: "application/json",
        body: new TextEncoder().encode(body),
      },
      headers: { "stripe-signature": signature },
      origin: "none",
    };
  });
  const stats = await fuzz({ name: "POST /api/webhooks/stripe signed", server: () => stripeServer, request });
  // The signature was accepted: the events reached the handler (200 ignored, or 400 malformed).
  expect(stats.statuses.get("200") ?? 0).toBeGreaterThan(0);
});
