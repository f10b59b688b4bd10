import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_SEARCH } from "~/core/search-params";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { startDnsServer, type TestDnsServer } from "~tests/fixtures/dns-server";
import { company, user } from "~tests/fixtures/factories";
import { localSmtpConfig, mxRecords } from "~tests/fixtures/mail-domains";
import { type SmtpMx, startSmtpMx } from "~tests/fixtures/smtp-mx";
import { invalidateSearchCounts, searchCompanies } from "../companies/search.server";
import { queryRows } from "../db/query-rows.server";
import { companies, people, users } from "../db/schema";
import { createVerifier, type Verifier } from "../email-verify/verifier.server";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import { markBounced, recordVerdicts } from "./address-statuses.server";
import { reportBounces, settledBounceRechecks } from "./bounce-reports.server";

const database = setUpTestDatabase();
const TODAY = new Date("2026-11-28T12:00:00Z");
const SECRET = "test-secret-test-secret-test-secret-1234";
let dns: TestDnsServer;
let mx: SmtpMx;
let verifier: Verifier;

beforeAll(async () => {
  dns = await startDnsServer({ records: mxRecords(["bounce.test"]) });
  mx = await startSmtpMx({
    domains: new Map([["bounce.test", { kind: "mailboxes", mailboxes: ["ada", "bo"] }]]),
  });
  verifier = createVerifier(localSmtpConfig({ dnsAddress: dns.address, smtpPort: mx.port }));
});

afterAll(async () => {
  await verifier?.close();
  await mx?.close();
  await dns?.close();
});

/** Alpha (ada@, a mailbox the MX accepts) with a person (gone@, refused) and Beta (cy@, refused); two users. */
async function seed() {
  await database.db.insert(users).values([user({ name: "Ada" }), user({ name: "Bob" })]);
  const [alpha, beta] = await database.db
    .insert(companies)
    .values([company("Alpha", { email: "Ada@bounce.test" }), company("Beta", { email: "cy@bounce.test" })])
    .returning({ id: companies.id });
  if (!alpha || !beta) throw new Error("no companies");
  await database.db.insert(people).values({
    companyId: alpha.id,
    firstName: "Gus",
    lastName: "Gone",
    roleKind: "founder",
    email: "gone@bounce.test",
    source: "demo",
  });
  // Every address checked once, as the freshness job leaves them: all valid.
  await recordVerdicts(database.db, [
    { email: "ada@bounce.test", status: "valid", method: "mailbox", detail: "250" },
    { email: "cy@bounce.test", status: "valid", method: "mailbox", detail: "250" },
    { email: "gone@bounce.test", status: "valid", method: "mailbox", detail: "250" },
  ]);
  invalidateSearchCounts();
}

async function statusOf(email: string): Promise<string | null> {
  const [row] = await queryRows<{ status: string }>(
    database.db,
    sql`select status from email_addresses where email = ${email}`,
  );
  return row?.status ?? null;
}

async function reportRows() {
  return queryRows<{ user_id: string; email: string }>(
    database.db,
    sql`select user_id, email from email_bounce_reports order by email, user_id`,
  );
}

async function verifiedOnly(): Promise<string[]> {
  invalidateSearchCounts();
  const result = await searchCompanies(
    database.db,
    { ...EMPTY_SEARCH, email: "valid" },
    { canSeeEmails: true, today: TODAY },
  );
  return result.companies.map((card) => card.organizationName).sort();
}

describe("decision 032: bounce reports", () => {
  it("records one user's report and checks the address again: a refused mailbox is bounced and leaves 'valid only'", async () => {
    await seed();
    expect(await verifiedOnly()).toEqual(["Alpha", "Beta"]);
    const outcome = await reportBounces(database.db, "user_ada", ["CY@bounce.test "], { verifier });
    expect(outcome).toMatchObject({
      reported: 1,
      alreadyReported: 0,
      notFound: 0,
      markedBounced: 0,
      rechecking: 1,
    });
    // The answer comes before the check: wait for it.
    await settledBounceRechecks();
    expect(mx.rcptTo).toContain("cy@bounce.test");
    expect(await statusOf("cy@bounce.test")).toBe("bounced");
    expect(await reportRows()).toEqual([{ user_id: "user_ada", email: "cy@bounce.test" }]);
    expect(await verifiedOnly()).toEqual(["Alpha"]);
  });

  it("keeps an address whose new check passes as it is after one report", async () => {
    await seed();
    const outcome = await reportBounces(database.db, "user_ada", ["ada@bounce.test"], { verifier });
    await outcome.recheck;
    expect(await statusOf("ada@bounce.test")).toBe("valid");
    expect(await verifiedOnly()).toEqual(["Alpha", "Beta"]);
  });

  it("is idempotent per user and address: a repeat changes nothing and is not checked again", async () => {
    await seed();
    await (await reportBounces(database.db, "user_ada", ["ada@bounce.test"], { verifier })).recheck;
    const asked = mx.rcptTo.length;
    const again = await reportBounces(database.db, "user_ada", ["ada@bounce.test", "Ada@Bounce.test"], {
      verifier,
    });
    await again.recheck;
    expect(again).toMatchObject({ reported: 0, alreadyReported: 1, markedBounced: 0, rechecking: 0 });
    expect(mx.rcptTo.length).toBe(asked);
    expect(await reportRows()).toEqual([{ user_id: "user_ada", email: "ada@bounce.test" }]);
    expect(await statusOf("ada@bounce.test")).toBe("valid");
  });

  it("marks an address bounced at once on a second user's report, whatever a check says, and it leaves 'valid only'", async () => {
    await seed();
    await (await reportBounces(database.db, "user_ada", ["ada@bounce.test"], { verifier })).recheck;
    expect(await statusOf("ada@bounce.test")).toBe("valid");
    const second = await reportBounces(database.db, "user_bob", ["ada@bounce.test"], { verifier });
    expect(second).toMatchObject({ reported: 1, markedBounced: 1, rechecking: 0 });
    expect(await statusOf("ada@bounce.test")).toBe("bounced");
    expect(await verifiedOnly()).toEqual(["Beta"]);
    // A later check that passes leaves it bounced: the reports stand.
    await recordVerdicts(database.db, [
      { email: "ada@bounce.test", status: "valid", method: "mailbox", detail: "250" },
    ]);
    expect(await statusOf("ada@bounce.test")).toBe("bounced");
  });

  it("reports a person's address, and counts addresses Roundlist does not hold as not found (no row)", async () => {
    await seed();
    const outcome = await reportBounces(
      database.db,
      "user_ada",
      ["gone@bounce.test", "stranger@elsewhere.test", "not an address"],
      { verifier },
    );
    await outcome.recheck;
    expect(outcome).toMatchObject({ reported: 1, notFound: 2 });
    expect(await reportRows()).toEqual([{ user_id: "user_ada", email: "gone@bounce.test" }]);
    expect(await statusOf("gone@bounce.test")).toBe("bounced");
    expect(await statusOf("stranger@elsewhere.test")).toBeNull();
  });

  it("keeps a do-not-sell address hidden whatever its status, and takes no report of it", async () => {
    await seed();
    await requestDoNotSell(database.db, "ada@bounce.test", SECRET);
    for (const status of ["valid", "bounced"] as const) {
      if (status === "bounced") await markBounced(database.db, ["ada@bounce.test"], "test");
      else
        await recordVerdicts(database.db, [
          { email: "ada@bounce.test", status, method: "mailbox", detail: "250" },
        ]);
      expect(await statusOf("ada@bounce.test")).toBe(status);
      expect(await verifiedOnly()).toEqual(["Beta"]);
      invalidateSearchCounts();
      const all = await searchCompanies(database.db, EMPTY_SEARCH, { canSeeEmails: true, today: TODAY });
      expect(all.companies.map((card) => card.organizationName)).toEqual(["Beta"]);
    }
    const outcome = await reportBounces(database.db, "user_bob", ["ada@bounce.test"], { verifier });
    expect(outcome).toMatchObject({ reported: 0, notFound: 1 });
    expect(await reportRows()).toEqual([]);
  });
});
