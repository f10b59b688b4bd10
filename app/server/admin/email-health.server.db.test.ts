import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company, user } from "~tests/fixtures/factories";
import { companies, people, users } from "../db/schema";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import { getDataHealth } from "./data-health.server";

const database = setUpTestDatabase();
const NOW = new Date("2026-11-26T12:00:00Z"); // a Thursday: its week starts Monday 2026-11-23
const SECRET = "test-secret-test-secret-test-secret-1234";

async function setStatus(email: string, status: string, checkedAt: string) {
  await database.db.execute(
    sql`insert into email_addresses (email, status, checked_at, method, source)
        values (${email}, ${status}, ${checkedAt}::timestamptz, 'mailbox', 'imported')`,
  );
}

async function report(userId: string, email: string, at: string) {
  await database.db.execute(
    sql`insert into email_bounce_reports (user_id, email, reported_at) values (${userId}, ${email}, ${at}::timestamptz)`,
  );
}

describe("decision 032: the console's email data health", () => {
  it("counts the companies' addresses by status and by check age, 'Not checked' included; hidden companies left out", async () => {
    await setStatus("a@a.test", "valid", "2026-11-20T00:00:00Z");
    await setStatus("b@b.test", "valid", "2026-10-01T00:00:00Z");
    await setStatus("c@c.test", "bounced", "2026-03-01T00:00:00Z");
    await setStatus("d@d.test", "accept_all", "2024-01-01T00:00:00Z");
    await setStatus("h@h.test", "valid", "2026-11-25T00:00:00Z");
    await database.db
      .insert(companies)
      .values([
        company("A", { email: "a@a.test" }),
        company("B", { email: "B@b.test" }),
        company("C", { email: "c@c.test" }),
        company("D", { email: "d@d.test" }),
        company("E", { email: "e@e.test" }),
        company("F"),
        company("Hidden", { email: "h@h.test" }),
      ]);
    await requestDoNotSell(database.db, "h@h.test", SECRET);
    const { email } = await getDataHealth(database.db, NOW);
    expect(email.statuses).toEqual({
      valid: 2,
      accept_all: 1,
      invalid: 0,
      disposable: 0,
      role: 0,
      unknown: 0,
      bounced: 1,
    });
    expect(email.notChecked).toBe(1);
    expect(email.checkAge).toEqual({ within30: 1, within90: 1, within365: 1, older: 1, never: 1 });
  });

  it("counts the people with no address whose company has no known domain", async () => {
    const [withDomain, without] = await database.db
      .insert(companies)
      .values([
        company("Known", { websiteDomain: "known.test" }),
        company("Unknown", { websiteDomain: null }),
      ])
      .returning({ id: companies.id });
    if (!withDomain || !without) throw new Error("no companies");
    const person = (companyId: number, firstName: string, email: string | null) => ({
      companyId,
      firstName,
      roleKind: "founder" as const,
      email,
      source: "demo" as const,
    });
    await database.db
      .insert(people)
      .values([
        person(withDomain.id, "Kay", null),
        person(without.id, "Una", null),
        person(without.id, "Uri", " "),
        person(without.id, "Ula", "ula@mail.test"),
      ]);
    expect((await getDataHealth(database.db, NOW)).email.peopleWithoutDomain).toBe(2);
  });

  it("counts bounce reports per week for 12 weeks, and the domains with most bounced addresses", async () => {
    await database.db.insert(users).values([user({ name: "Ada" }), user({ name: "Bob" })]);
    await report("user_ada", "x@one.test", "2026-11-23T00:00:00Z"); // this week (Monday)
    await report("user_bob", "x@one.test", "2026-11-25T10:00:00Z"); // this week, same address
    await report("user_ada", "y@two.test", "2026-11-22T23:59:59Z"); // last week (Sunday)
    await report("user_ada", "z@two.test", "2026-08-01T00:00:00Z"); // before the 12 weeks
    await setStatus("x@one.test", "bounced", "2026-11-25T10:00:00Z");
    await setStatus("y@two.test", "bounced", "2026-11-22T00:00:00Z");
    await setStatus("z@two.test", "bounced", "2026-08-01T00:00:00Z");
    await setStatus("ok@two.test", "valid", "2026-08-01T00:00:00Z");
    const { bounces } = await getDataHealth(database.db, NOW);
    expect(bounces.weeks).toHaveLength(12);
    expect(bounces.weeks[0]?.week).toBe("2026-09-07");
    expect(bounces.weeks.slice(-2)).toEqual([
      { week: "2026-11-16", reports: 1, addresses: 1 },
      { week: "2026-11-23", reports: 2, addresses: 1 },
    ]);
    expect(bounces.weeks.slice(0, -2).every((week) => week.reports === 0)).toBe(true);
    expect(bounces.topDomains).toEqual([
      { domain: "two.test", addresses: 2 },
      { domain: "one.test", addresses: 1 },
    ]);
  });
});
