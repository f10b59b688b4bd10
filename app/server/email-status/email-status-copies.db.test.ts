import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EMPTY_SEARCH } from "~/core/search-params";
import { companies } from "~/server/db/schema";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { searchCompanies } from "../companies/search.server";
import { queryRows } from "../db/query-rows.server";
import { seedCompanies } from "../demo-data/seed.server";

const database = setUpTestDatabase();
const TODAY = new Date("2026-11-24T12:00:00Z");

async function setStatus(email: string, status: string, checkedAt = "2026-11-01T00:00:00Z") {
  await database.db.execute(
    sql`insert into email_addresses (email, status, checked_at, method, source)
        values (${email}, ${status}, ${checkedAt}::timestamptz, 'mailbox', 'imported')
        on conflict (email) do update set status = excluded.status, checked_at = excluded.checked_at`,
  );
}

async function companyStatuses() {
  return queryRows<{ name: string; status: string | null; checked: string | null }>(
    database.db,
    sql`select organization_name as name, email_status as status, email_checked_at::text as checked
        from companies order by organization_name`,
  );
}

async function namesFound(email: "" | "valid" | "valid-or-accept-all") {
  const result = await searchCompanies(
    database.db,
    { ...EMPTY_SEARCH, email },
    { canSeeEmails: true, today: TODAY },
  );
  return result.companies.map((card) => card.organizationName).sort();
}

describe("decision 032: a company's email status copies its address's row", () => {
  it("copies the row a company is written with, and follows the address when it changes", async () => {
    await setStatus("ada@alpha.test", "valid");
    await setStatus("bo@beta.test", "accept_all");
    await database.db
      .insert(companies)
      .values([
        company("Alpha", { email: "Ada@Alpha.test" }),
        company("Beta", { email: "bo@beta.test" }),
        company("Gamma", { email: "cy@gamma.test" }),
        company("Delta"),
      ]);
    expect(await companyStatuses()).toEqual([
      { name: "Alpha", status: "valid", checked: "2026-11-01 00:00:00+00" },
      { name: "Beta", status: "accept_all", checked: "2026-11-01 00:00:00+00" },
      { name: "Delta", status: null, checked: null },
      { name: "Gamma", status: null, checked: null },
    ]);

    // A new address has no status until it is checked; one that is known brings its own.
    await database.db.execute(
      sql`update companies set email = 'bo@beta.test' where organization_name = 'Alpha'`,
    );
    await database.db.execute(
      sql`update companies set email = 'new@beta.test' where organization_name = 'Beta'`,
    );
    const after = await companyStatuses();
    expect(after.find((row) => row.name === "Alpha")?.status).toBe("accept_all");
    expect(after.find((row) => row.name === "Beta")?.status).toBeNull();
  });

  it("a status written or removed reaches every company showing the address, and the filter at once", async () => {
    await database.db
      .insert(companies)
      .values([
        company("Alpha", { email: "ada@alpha.test" }),
        company("Twin", { email: "ADA@alpha.test" }),
        company("Beta", { email: "bo@beta.test" }),
        company("Gamma", { email: "cy@gamma.test" }),
      ]);
    await setStatus("ada@alpha.test", "valid");
    await setStatus("bo@beta.test", "accept_all");
    await setStatus("cy@gamma.test", "invalid");
    expect(await namesFound("valid")).toEqual(["Alpha", "Twin"]);
    expect(await namesFound("valid-or-accept-all")).toEqual(["Alpha", "Beta", "Twin"]);
    expect(await namesFound("")).toEqual(["Alpha", "Beta", "Gamma", "Twin"]);

    await setStatus("ada@alpha.test", "bounced", "2026-11-20T00:00:00Z");
    expect(await namesFound("valid")).toEqual([]);
    expect(
      (await companyStatuses()).filter((row) => row.status === "bounced").map((row) => row.name),
    ).toEqual(["Alpha", "Twin"]);

    await database.db.execute(sql`delete from email_addresses where email = 'bo@beta.test'`);
    expect((await companyStatuses()).find((row) => row.name === "Beta")?.status).toBeNull();
  });

  it("the demo set carries a generated mix of statuses and dates, labelled demo, on every address", async () => {
    await seedCompanies(database.db, { count: 400, today: TODAY });
    const mix = await queryRows<{ status: string; n: number }>(
      database.db,
      sql`select status, count(*)::int as n from email_addresses group by status order by status`,
    );
    const total = mix.reduce((sum, row) => sum + row.n, 0);
    const share = (status: string) => (mix.find((row) => row.status === status)?.n ?? 0) / total;
    expect(share("valid")).toBeGreaterThan(0.5);
    expect(share("accept_all")).toBeGreaterThan(0.08);
    expect(share("bounced") + share("invalid")).toBeGreaterThan(0.02);
    const [facts] = await queryRows<{ undemo: number; unchecked: number; fresh: number; addresses: number }>(
      database.db,
      sql`select (select count(*)::int from email_addresses where not is_demo) as undemo,
                 (select count(*)::int from companies where email is not null and email_status is null) as unchecked,
                 (select count(*)::int from email_addresses where checked_at >= ${TODAY.toISOString()}::timestamptz - interval '90 days') as fresh,
                 (select count(*)::int from email_addresses) as addresses`,
    );
    expect(facts).toMatchObject({ undemo: 0, unchecked: 0 });
    expect(facts?.fresh).toBeGreaterThan((facts?.addresses ?? 0) * 0.4);
    expect(facts?.fresh).toBeLessThan(facts?.addresses ?? 0);
    // Every demo address is under the reserved .example TLD (no verifier is sent there).
    const [outside] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from email_addresses where email not like '%.example'`,
    );
    expect(outside?.n).toBe(0);
  });
});
