import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { companies, people } from "~/server/db/schema";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { startDnsServer, type TestDnsServer } from "~tests/fixtures/dns-server";
import { company } from "~tests/fixtures/factories";
import { localSmtpConfig, mxRecords } from "~tests/fixtures/mail-domains";
import { type SmtpMx, startSmtpMx } from "~tests/fixtures/smtp-mx";
import { queryRows } from "../db/query-rows.server";
import { createVerifier, type Verifier } from "../email-verify/verifier.server";
import { recordImportedAddresses } from "./address-statuses.server";
import {
  addressesOf,
  carryOutVerificationRun,
  latestVerificationRuns,
  startVerificationRun,
  VerificationRunRefused,
} from "./verification-runs.server";

const database = setUpTestDatabase();
let dns: TestDnsServer;
let mx: SmtpMx;
let verifier: Verifier;

beforeAll(async () => {
  dns = await startDnsServer({ records: mxRecords(["acme.test", "catchall.test", "flast.test"]) });
  mx = await startSmtpMx({
    domains: new Map([
      ["acme.test", { kind: "mailboxes", mailboxes: ["ada", "grace"] }],
      ["catchall.test", { kind: "accept_all" }],
      ["flast.test", { kind: "mailboxes", mailboxes: ["alovelace", "aturing", "ghopper"] }],
    ]),
  });
});

afterEach(async () => {
  await verifier?.close();
});

afterAll(async () => {
  await mx?.close();
  await dns?.close();
});

function smtpVerifier(): Verifier {
  verifier = createVerifier(localSmtpConfig({ dnsAddress: dns.address, smtpPort: mx.port }));
  return verifier;
}

async function statuses() {
  return queryRows<{ email: string; status: string; method: string; source: string }>(
    database.db,
    sql`select email, status, method, source from email_addresses order by email`,
  );
}

describe("decision 032: verification runs against a real local DNS server and MX", () => {
  it("checks the due addresses (form only, old, retry due), never demo or .example ones, and records each", async () => {
    await recordImportedAddresses(database.db, [
      "Ada@acme.test",
      "nobody@acme.test",
      "anyone@catchall.test",
      "info@acme.test",
    ]);
    await database.db.execute(
      sql`insert into email_addresses (email, status, method, checked_at, is_demo) values
            ('demo@acme.test', 'unknown', 'syntax', now(), true),
            ('someone@startup.example', 'unknown', 'syntax', now(), false),
            ('grace@acme.test', 'valid', 'mailbox', now() - interval '200 days', false),
            ('fresh@acme.test', 'valid', 'mailbox', now() - interval '10 days', false)`,
    );
    expect(await addressesOf(database.db, "due", 100)).toEqual([
      "grace@acme.test",
      "ada@acme.test",
      "anyone@catchall.test",
      "nobody@acme.test",
    ]);

    const { id } = await startVerificationRun(database.db, { trigger: "admin", selection: "due" });
    await expect(
      startVerificationRun(database.db, { trigger: "schedule", selection: "due" }),
    ).rejects.toBeInstanceOf(VerificationRunRefused);
    await carryOutVerificationRun(database.db, id, smtpVerifier(), { selection: "due", limit: 100 });

    expect(await statuses()).toEqual([
      { email: "ada@acme.test", status: "valid", method: "mailbox", source: "imported" },
      { email: "anyone@catchall.test", status: "accept_all", method: "mailbox", source: "imported" },
      { email: "demo@acme.test", status: "unknown", method: "syntax", source: "imported" },
      { email: "fresh@acme.test", status: "valid", method: "mailbox", source: "imported" },
      { email: "grace@acme.test", status: "valid", method: "mailbox", source: "imported" },
      // A role box is checked like any other, and keeps its status `role`.
      { email: "info@acme.test", status: "role", method: "syntax", source: "imported" },
      { email: "nobody@acme.test", status: "invalid", method: "mailbox", source: "imported" },
      { email: "someone@startup.example", status: "unknown", method: "syntax", source: "imported" },
    ]);
    expect(mx.rcptTo.some((address) => address.endsWith(".example") || address === "demo@acme.test")).toBe(
      false,
    );
    const [run] = await latestVerificationRuns(database.db);
    expect(run).toMatchObject({
      id,
      status: "done",
      total: 4,
      checked: 4,
      counts: { valid: 2, accept_all: 1, invalid: 1 },
    });
    // Nothing is due any more; a second run may start now the first has ended.
    expect(await addressesOf(database.db, "due", 100)).toEqual([]);
    await expect(
      startVerificationRun(database.db, { trigger: "schedule", selection: "due" }),
    ).resolves.toMatchObject({ id: id + 1 });
  });

  it("finds an address by the domain's learnt pattern, found by pattern; an accept-all domain's stays accept-all", async () => {
    const [flast, open] = await database.db
      .insert(companies)
      .values([
        company("Flast", { websiteDomain: "flast.test" }),
        company("Open", { websiteDomain: "catchall.test" }),
      ])
      .returning({ id: companies.id });
    await database.db.insert(people).values([
      {
        companyId: flast?.id as number,
        roleKind: "founder",
        firstName: "Ada",
        lastName: "Lovelace",
        email: "alovelace@flast.test",
        source: "demo",
        position: 0,
      },
      {
        companyId: flast?.id as number,
        roleKind: "founder",
        firstName: "Alan",
        lastName: "Turing",
        email: "aturing@flast.test",
        source: "demo",
        position: 1,
      },
      {
        companyId: flast?.id as number,
        roleKind: "executive",
        firstName: "Grace",
        lastName: "Hopper",
        source: "demo",
        position: 2,
      },
      {
        companyId: open?.id as number,
        roleKind: "founder",
        firstName: "Joan",
        lastName: "Clarke",
        source: "demo",
        position: 0,
      },
    ]);
    const { id } = await startVerificationRun(database.db, { trigger: "admin", selection: "find" });
    await carryOutVerificationRun(database.db, id, smtpVerifier(), { selection: "find", limit: 10 });

    const found = await queryRows<{ name: string; email: string | null; status: string; source: string }>(
      database.db,
      sql`select p.first_name as name, p.email, a.status, a.source from people p
          join email_addresses a on a.email = lower(p.email)
          where p.first_name in ('Grace', 'Joan') order by p.first_name`,
    );
    expect(found).toEqual([
      { name: "Grace", email: "ghopper@flast.test", status: "valid", source: "pattern" },
      { name: "Joan", email: "joan.clarke@catchall.test", status: "accept_all", source: "pattern" },
    ]);
    // The company without an address before now shows the found one, with its status.
    const [openRow] = await queryRows<{ email: string; email_status: string; email_source: string }>(
      database.db,
      sql`select email, email_status, email_source from companies where id = ${open?.id}`,
    );
    expect(openRow).toEqual({
      email: "joan.clarke@catchall.test",
      email_status: "accept_all",
      email_source: "pattern",
    });
  });
});
