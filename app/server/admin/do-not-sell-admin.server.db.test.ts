import { asc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EMPTY_SEARCH } from "~/core/search-params";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company, user } from "~tests/fixtures/factories";
import { searchCompanies } from "../companies/search.server";
import { queryRows } from "../db/query-rows.server";
import {
  adminAuditLog,
  companies,
  publicFormHits,
  suppressedCompanies,
  suppressedContacts,
  users,
} from "../db/schema";
import { PUBLIC_FORM_RATE_LIMIT } from "../public-forms/rate-limit.server";
import { submitDoNotSell } from "../public-forms/submit-do-not-sell.server";
import { REFERENCE_LENGTH } from "../suppression/do-not-sell.server";
import { suppressionHash } from "../suppression/email-hash.server";
import type { AdminActor } from "./audit-log.server";
import { addSuppressionForAdmin, listSuppressions, suppressionSummary } from "./do-not-sell-admin.server";

const database = setUpTestDatabase();
const ADMIN: AdminActor = { id: "user_boss", email: "boss@example.com", ipAddress: "203.0.113.9" };
const ANN = "ann@quantix.example";

/** Ann founded two companies (one lists her as the contact only); Bob one. */
async function seed(): Promise<void> {
  await database.db.insert(users).values(user({ name: "Boss", email: ADMIN.email }));
  await database.db
    .insert(companies)
    .values([
      company("Quantix Labs", { email: ANN }),
      company("Quantix Two", { email: "founder@two.example", contactEmail: " Ann@Quantix.example" }),
      company("Northwind", { email: "bob@northwind.example" }),
    ]);
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

/** The suppression state, without its timestamps: what a request leaves behind. */
async function suppressionState() {
  const [contacts, hidden] = await Promise.all([
    database.db
      .select({ emailHash: suppressedContacts.emailHash, requestCount: suppressedContacts.requestCount })
      .from(suppressedContacts)
      .orderBy(asc(suppressedContacts.emailHash)),
    database.db
      .select({ companyId: suppressedCompanies.companyId, emailHash: suppressedCompanies.emailHash })
      .from(suppressedCompanies)
      .orderBy(asc(suppressedCompanies.companyId)),
  ]);
  return { contacts, hidden };
}

async function visibleNames(): Promise<string[]> {
  const result = await searchCompanies(database.db, EMPTY_SEARCH, { canSeeEmails: true });
  return result.companies.map((card) => card.organizationName).sort();
}

describe("addSuppressionForAdmin (docs/product.md#admin)", () => {
  it("suppresses exactly as the public /do-not-sell form does", async () => {
    await seed();
    const added = await addSuppressionForAdmin(
      database.db,
      ADMIN,
      form({ email: " ANN@quantix.example", confirm: "yes" }),
    );
    expect(added).toMatchObject({ status: "added", companiesHidden: 2, requestCount: 1 });
    const byAdmin = await suppressionState();
    expect(byAdmin.contacts).toEqual([{ emailHash: suppressionHash(ANN), requestCount: 1 }]);
    expect(byAdmin.hidden).toHaveLength(2);
    expect(await visibleNames()).toEqual(["Northwind"]);

    // The same request through the public form, on the same data from scratch.
    await database.reset();
    await seed();
    const publicResult = await submitDoNotSell(
      { db: database.db },
      form({ email: ANN, confirm: "yes" }),
      "198.51.100.7",
    );
    expect(publicResult).toEqual({ status: "done" });
    expect(await suppressionState()).toEqual(byAdmin);
  });

  it("logs the hash and the counts, never the address", async () => {
    await seed();
    await addSuppressionForAdmin(database.db, ADMIN, form({ email: "Ann@Quantix.example", confirm: "yes" }));
    const log = await database.db.select().from(adminAuditLog);
    expect(log).toHaveLength(1);
    const hash = suppressionHash(ANN);
    expect(log[0]).toMatchObject({
      action: "suppression.add",
      targetType: "suppression",
      targetId: hash,
      actorEmail: ADMIN.email,
      before: { listed: false },
      after: { listed: true, requestCount: 1, companiesHidden: 2 },
    });
    // Nothing the log holds names the address: not the label, not before or after, no column at all.
    const stored = await queryRows<Record<string, unknown>>(database.db, sql`select * from admin_audit_log`);
    expect(JSON.stringify(stored)).not.toMatch(/ann|quantix/i);
  });

  it("is idempotent: a second add of the same address hides nothing more", async () => {
    await seed();
    await addSuppressionForAdmin(database.db, ADMIN, form({ email: ANN, confirm: "yes" }));
    const once = await suppressionState();
    const again = await addSuppressionForAdmin(
      database.db,
      ADMIN,
      form({ email: "ann@QUANTIX.example ", confirm: "yes" }),
    );
    expect(again).toMatchObject({ status: "added", companiesHidden: 0, requestCount: 2 });
    const twice = await suppressionState();
    expect(twice.hidden).toEqual(once.hidden);
    expect(twice.contacts).toEqual([{ emailHash: suppressionHash(ANN), requestCount: 2 }]);
    const log = await database.db.select().from(adminAuditLog).orderBy(asc(adminAuditLog.id));
    expect(log.map((row) => [row.before, row.after])).toEqual([
      [{ listed: false }, { listed: true, requestCount: 1, companiesHidden: 2 }],
      [
        { listed: true, requestCount: 1 },
        { listed: true, requestCount: 2, companiesHidden: 0 },
      ],
    ]);
  });

  it("refuses a bad address or a missing confirmation, keeps what was typed, and writes nothing", async () => {
    await seed();
    expect(await addSuppressionForAdmin(database.db, ADMIN, form({ email: "ann@", confirm: "yes" }))).toEqual(
      {
        status: "invalid",
        fieldErrors: { email: "Enter a valid email address" },
        values: { email: "ann@", confirm: true },
      },
    );
    expect(await addSuppressionForAdmin(database.db, ADMIN, form({ email: ANN }))).toEqual({
      status: "invalid",
      fieldErrors: { confirm: "Tick the box to confirm the person asked for this" },
      values: { email: ANN, confirm: false },
    });
    expect(await suppressionState()).toEqual({ contacts: [], hidden: [] });
    expect(await database.db.select().from(adminAuditLog)).toEqual([]);
  });

  it("is not held to the public form's per-IP limit", async () => {
    await seed();
    for (let index = 0; index <= PUBLIC_FORM_RATE_LIMIT.max; index += 1) {
      const result = await addSuppressionForAdmin(
        database.db,
        ADMIN,
        form({ email: `person${index}@example.com`, confirm: "yes" }),
      );
      expect(result.status).toBe("added");
    }
    expect((await suppressionState()).contacts).toHaveLength(PUBLIC_FORM_RATE_LIMIT.max + 1);
    expect(await database.db.select().from(publicFormHits)).toEqual([]);
  });

  it("suppresses nothing when its audit entry cannot be written", async () => {
    await seed();
    const ghost: AdminActor = { id: "user_gone", email: "gone@example.com", ipAddress: null };
    await expect(
      addSuppressionForAdmin(database.db, ghost, form({ email: ANN, confirm: "yes" })),
    ).rejects.toThrow();
    expect(await suppressionState()).toEqual({ contacts: [], hidden: [] });
    expect(await visibleNames()).toEqual(["Northwind", "Quantix Labs", "Quantix Two"]);
  });
});

describe("the do-not-sell list for admins (docs/product.md#admin)", () => {
  it("counts addresses and hidden companies, with the first and latest request dates", async () => {
    await seed();
    expect(await suppressionSummary(database.db)).toEqual({
      addresses: 0,
      companies: 0,
      firstRequestedAt: null,
      lastRequestedAt: null,
    });
    await database.db.insert(suppressedContacts).values([
      {
        emailHash: suppressionHash("old@example.com"),
        requestedAt: new Date("2026-01-02T00:00:00Z"),
        lastRequestedAt: new Date("2026-03-04T00:00:00Z"),
      },
    ]);
    await addSuppressionForAdmin(database.db, ADMIN, form({ email: ANN, confirm: "yes" }));
    const summary = await suppressionSummary(database.db);
    expect(summary).toMatchObject({ addresses: 2, companies: 2 });
    expect(summary.firstRequestedAt?.toISOString()).toBe("2026-01-02T00:00:00.000Z");
    expect(summary.lastRequestedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("lists the latest request first, by reference and counts only, page by page", async () => {
    const hashes = ["a@example.com", "b@example.com", "c@example.com"].map((email) => suppressionHash(email));
    await database.db.insert(suppressedContacts).values(
      hashes.map((emailHash, index) => ({
        emailHash,
        requestedAt: new Date(Date.UTC(2026, 0, 1 + index)),
        lastRequestedAt: new Date(Date.UTC(2026, 0, 1 + index)),
        requestCount: index + 1,
      })),
    );
    const first = await listSuppressions(database.db, { page: 1, size: 2 });
    expect(first.map((entry) => entry.reference)).toEqual([
      hashes[2]?.slice(0, REFERENCE_LENGTH),
      hashes[1]?.slice(0, REFERENCE_LENGTH),
    ]);
    expect(first[0]).toEqual({
      reference: hashes[2]?.slice(0, REFERENCE_LENGTH),
      requestedAt: new Date("2026-01-03T00:00:00Z"),
      lastRequestedAt: new Date("2026-01-03T00:00:00Z"),
      requestCount: 3,
      companiesHidden: 0,
    });
    const second = await listSuppressions(database.db, { page: 2, size: 2 });
    expect(second.map((entry) => entry.requestCount)).toEqual([1]);
  });
});
