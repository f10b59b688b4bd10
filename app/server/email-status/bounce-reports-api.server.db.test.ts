import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SubscriptionStatus } from "~/core/access";
import { BOUNCE_TEXTS, MAX_BOUNCE_LIST_BYTES } from "~/core/bounce-report";
import {
  insertSubscription,
  signedUpCookie,
  TEST_APP_URL,
  testAccountServices,
  testAuthConfig,
} from "~tests/fixtures/accounts";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { queryRows } from "../db/query-rows.server";
import { companies, people, users } from "../db/schema";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import { type BounceServices, handleBounceListUpload, handleBounceReport } from "./bounce-reports-api.server";

// Accounts and companies are made once; each test that reports clears the reports it made.
const database = setUpTestDatabase({ reset: "file" });
const PASSWORD = "violet-harbor-71";
const SECRET = "test-secret-test-secret-test-secret-1234";
let services: BounceServices;
const cookies = new Map<string, string>();
let alphaId = 0;
let hiddenId = 0;
let noMailId = 0;
let personId = 0;
let otherPersonId = 0;

async function setSubscription(email: string, status: SubscriptionStatus) {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  await insertSubscription(database.db, row.id, status);
}

beforeAll(async () => {
  const accounts = testAccountServices(database.db, testAuthConfig({ AUTH_RATE_LIMIT_MAX: 1_000 }));
  // No verifier beyond syntax is configured here: reports are recorded without a new check.
  services = { db: database.db, auth: accounts.auth, reports: { recheck: false } };
  for (const name of ["none", "trialing", "active", "second"]) {
    cookies.set(name, await signedUpCookie(accounts, `${name}@example.com`, PASSWORD, "10.0.32.1"));
  }
  await setSubscription("trialing@example.com", "trialing");
  await setSubscription("active@example.com", "active");
  await setSubscription("second@example.com", "active");
  const [alpha, hidden, noMail, beta] = await database.db
    .insert(companies)
    .values([
      company("Alpha", { email: "ada@alpha.test" }),
      company("Hidden", { email: "hid@hidden.test" }),
      company("No Mail"),
      company("Beta", { email: "bo@beta.test" }),
    ])
    .returning({ id: companies.id });
  if (!alpha || !hidden || !noMail || !beta) throw new Error("no companies");
  alphaId = alpha.id;
  hiddenId = hidden.id;
  noMailId = noMail.id;
  const [person, other] = await database.db
    .insert(people)
    .values([
      { companyId: alpha.id, firstName: "Gus", roleKind: "founder", email: "gus@alpha.test", source: "demo" },
      { companyId: beta.id, firstName: "Bea", roleKind: "founder", email: "bea@beta.test", source: "demo" },
    ])
    .returning({ id: people.id });
  if (!person || !other) throw new Error("no people");
  personId = person.id;
  otherPersonId = other.id;
  await requestDoNotSell(database.db, "hid@hidden.test", SECRET);
});

async function clearReports() {
  await database.db.execute(sql`delete from email_bounce_reports`);
  await database.db.execute(sql`delete from email_addresses`);
}

function post(
  path: string,
  options: { account?: string; json?: unknown; raw?: string; body?: BodyInit; type?: string },
) {
  const headers = new Headers({ "user-agent": "vitest", origin: TEST_APP_URL });
  const cookie = options.account ? cookies.get(options.account) : undefined;
  if (cookie) headers.set("cookie", cookie);
  if (options.type) headers.set("content-type", options.type);
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined || options.raw !== undefined) {
    headers.set("content-type", "application/json");
    body = options.raw ?? JSON.stringify(options.json);
  }
  return new Request(`${TEST_APP_URL}${path}`, {
    method: "POST",
    headers,
    ...(body === undefined ? {} : { body }),
  });
}

const report = (account: string | undefined, json: unknown) =>
  handleBounceReport(services, post("/api/email-bounces", { ...(account ? { account } : {}), json }));

function upload(account: string | undefined, csv: string) {
  const form = new FormData();
  form.set("file", new File([csv], "bounces.csv", { type: "text/csv" }));
  return handleBounceListUpload(
    services,
    post("/api/email-bounces/upload", { ...(account ? { account } : {}), body: form }),
  );
}

async function reportRows() {
  return queryRows<{ email: string }>(
    database.db,
    sql`select email from email_bounce_reports order by email`,
  );
}

describe("decision 032: POST /api/email-bounces needs access", () => {
  it.each([
    ["a visitor", undefined, 401, BOUNCE_TEXTS.signedOut],
    ["a user without a plan", "none", 403, BOUNCE_TEXTS.noAccess],
  ])("refuses %s (%i) and records nothing", async (_label, account, status, message) => {
    await clearReports();
    for (const response of [
      await report(account, { companyId: alphaId }),
      await upload(account, "Email\nada@alpha.test\n"),
    ]) {
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error: message });
    }
    expect(await reportRows()).toEqual([]);
  });

  it("takes a report from a trialing user (active access, as for seeing emails)", async () => {
    await clearReports();
    const response = await report("trialing", { companyId: alphaId });
    expect(response.status).toBe(201);
    expect(await reportRows()).toEqual([{ email: "ada@alpha.test" }]);
  });
});

describe("decision 032: a report is idempotent per user and address", () => {
  it("answers 201 the first time and 200 'already reported' after, with one row; a second user marks it bounced", async () => {
    await clearReports();
    const first = await report("active", { companyId: alphaId });
    expect(first.status).toBe(201);
    // No new check here (recheck: false): the toast does not promise one.
    expect(await first.json()).toMatchObject({
      outcome: "reported",
      toast: { title: BOUNCE_TEXTS.reportedTitle, description: BOUNCE_TEXTS.reportedUncheckedDescription },
    });
    const again = await report("active", { companyId: String(alphaId) });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      outcome: "already-reported",
      toast: { title: BOUNCE_TEXTS.alreadyTitle },
    });
    expect(await reportRows()).toEqual([{ email: "ada@alpha.test" }]);
    const second = await report("second", { companyId: alphaId });
    expect(second.status).toBe(201);
    expect(await second.json()).toMatchObject({ outcome: "bounced", status: "bounced" });
    const [row] = await queryRows<{ email_status: string }>(
      database.db,
      sql`select email_status from companies where id = ${alphaId}`,
    );
    expect(row?.email_status).toBe("bounced");
  });

  it("does not claim a demo address (decision 028) is marked bounced: its generated status stays", async () => {
    await clearReports();
    await database.db.execute(
      sql`insert into email_addresses (email, status, method, source, is_demo)
          values ('ada@alpha.test', 'valid', 'mailbox', 'imported', true)`,
    );
    await report("active", { companyId: alphaId });
    const second = await report("second", { companyId: alphaId });
    expect(await second.json()).toMatchObject({
      outcome: "reported",
      status: "valid",
      toast: { description: BOUNCE_TEXTS.thanks },
    });
  });

  it("reports a person's address by the person's id", async () => {
    await clearReports();
    const response = await report("active", { companyId: alphaId, personId });
    expect(response.status).toBe(201);
    expect(await reportRows()).toEqual([{ email: "gus@alpha.test" }]);
  });
});

describe("decision 032: a report cannot reveal an address", () => {
  it("never answers with an address, masked or not", async () => {
    await clearReports();
    for (const response of [
      await report("active", { companyId: alphaId }),
      await report("active", { companyId: alphaId, personId }),
      await upload("active", "Email\nada@alpha.test\nnobody@nowhere.test\n"),
    ]) {
      const text = await response.text();
      expect(text).not.toMatch(/@|alpha\.test|\*\*\*/);
    }
  });

  it.each([
    ["an unknown company", () => ({ companyId: 999_999 }), 404, BOUNCE_TEXTS.noCompany],
    ["a company a do-not-sell request hides", () => ({ companyId: hiddenId }), 404, BOUNCE_TEXTS.noCompany],
    [
      "another company's person",
      () => ({ companyId: alphaId, personId: otherPersonId }),
      404,
      BOUNCE_TEXTS.noPerson,
    ],
    ["a company without an address", () => ({ companyId: noMailId }), 409, BOUNCE_TEXTS.noAddress],
    ["no company id", () => ({ personId }), 400, BOUNCE_TEXTS.badBody],
    ["a company id that is not a number", () => ({ companyId: "1; drop table" }), 400, BOUNCE_TEXTS.badBody],
    ["a negative person id", () => ({ companyId: alphaId, personId: -3 }), 400, BOUNCE_TEXTS.badBody],
  ])("refuses %s with a message", async (_label, body, status, message) => {
    await clearReports();
    const response = await report("active", body());
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: message });
    expect(await reportRows()).toEqual([]);
  });

  it("refuses a body that is not a JSON object with a 4xx", async () => {
    for (const request of [
      post("/api/email-bounces", { account: "active", raw: "{not json" }),
      post("/api/email-bounces", { account: "active", raw: "[1,2]" }),
      post("/api/email-bounces", {
        account: "active",
        body: "companyId=1",
        type: "application/x-www-form-urlencoded",
      }),
    ]) {
      const response = await handleBounceReport(services, request);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(typeof ((await response.json()) as { error: unknown }).error).toBe("string");
    }
  });
});

describe("decision 032: a bounce list upload", () => {
  it("reports the held addresses of the email column, counts the rest, and names each rejected row by line", async () => {
    await clearReports();
    const csv = [
      "Name,Email Address,Reason",
      "Ada,ADA@alpha.test,hard bounce",
      "Gus,gus@alpha.test,hard bounce",
      "Nobody,nobody@nowhere.test,hard bounce",
      "Bad,not-an-address,hard bounce",
      "Empty,,hard bounce",
      "Again,ada@alpha.test,hard bounce",
      "Hidden,hid@hidden.test,hard bounce",
    ].join("\n");
    const response = await upload("active", csv);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      reported: 2,
      alreadyReported: 0,
      notFound: 2,
      markedBounced: 0,
      rejected: [
        { line: 5, reason: BOUNCE_TEXTS.badAddress },
        { line: 6, reason: BOUNCE_TEXTS.emptyCell },
        { line: 7, reason: BOUNCE_TEXTS.duplicate },
      ],
    });
    expect(await reportRows()).toEqual([{ email: "ada@alpha.test" }, { email: "gus@alpha.test" }]);
    // Uploaded again: nothing new.
    expect(await (await upload("active", csv)).json()).toMatchObject({ reported: 0, alreadyReported: 2 });
  });

  it("takes a raw CSV body, and refuses a file with no email column, an empty file, and one over the limit", async () => {
    await clearReports();
    const raw = await handleBounceListUpload(
      services,
      post("/api/email-bounces/upload", { account: "active", body: "bo@beta.test\n", type: "text/csv" }),
    );
    expect(await raw.json()).toMatchObject({ reported: 1 });
    const noColumn = await upload("active", "Name,Reason\nAda,bounce\n");
    expect(noColumn.status).toBe(400);
    expect(await noColumn.json()).toEqual({ error: BOUNCE_TEXTS.noEmailColumn });
    const empty = await upload("active", "");
    expect(empty.status).toBe(400);
    const large = await upload("active", `Email\n${"x".repeat(MAX_BOUNCE_LIST_BYTES + 10)}\n`);
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({ error: BOUNCE_TEXTS.tooLarge });
    const json = await handleBounceListUpload(
      services,
      post("/api/email-bounces/upload", { account: "active", json: {} }),
    );
    expect(json.status).toBe(415);
  });
});
