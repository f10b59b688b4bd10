import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { expectDerivedEqualRecomputation } from "~tests/fixtures/derived-fields";
import { company } from "~tests/fixtures/factories";
import { refreshSummaries } from "../company-summary/refresh-summaries.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { companies, suppressedContacts } from "../db/schema";
import { generateCompanies } from "../demo-data/generate-companies";
import { seedCompanies } from "../demo-data/seed.server";
import { suppressionHash } from "../suppression/email-hash.server";
import { insertCompaniesStatement } from "./bulk-insert.server";
import {
  backfillRoundsAndPeople,
  ensureCompanyGraphs,
  founderNames,
  legacyGraph,
} from "./rounds-backfill.server";

const database = setUpTestDatabase();
const SECRET = "test-secret-for-backfill";

const SPEC_FIELDS = sql`id, first_name, last_name, role, email, founders, last_funding_date::text as last_funding_date,
  last_funding_type, last_funding_amount_usd::float8 as last_funding_amount_usd,
  last_funding_amount::float8 as last_funding_amount, last_funding_currency,
  total_funding_amount_usd::float8 as total_funding_amount_usd`;

async function specFields(db: Db) {
  return queryRows<Record<string, unknown>>(db, sql`select ${SPEC_FIELDS} from companies order by id`);
}

describe("the rounds and people backfill (decision 030)", () => {
  it("reads a Founders cell as names", () => {
    expect(founderNames("Ada Lovelace,  Alan  Turing; Grace Hopper")).toEqual([
      "Ada Lovelace",
      "Alan Turing",
      "Grace Hopper",
    ]);
    expect(founderNames(null)).toEqual([]);
  });

  it("makes the contact a founder where Founders names them, else an executive, and keeps Founders' order", () => {
    const base = {
      id: 1,
      last_funding_date: null,
      last_funding_type: null,
      last_funding_amount_usd: null,
      last_funding_amount: null,
      last_funding_currency: null,
      total_funding_amount_usd: null,
      first_name: "Alan",
      last_name: "Turing",
      role: "CEO",
      email: "alan@acme.example",
      founders: "Ada Lovelace, Alan Turing",
    };
    const listed = legacyGraph(base, () => false);
    expect(listed.round).toBeNull();
    expect(listed.people.map((p) => [p.position, p.firstName, p.roleKind, p.email])).toEqual([
      [0, "Ada", "founder", null],
      [1, "Alan", "founder", "alan@acme.example"],
    ]);
    const hired = legacyGraph({ ...base, founders: "Ada Lovelace" }, () => false);
    expect(hired.people.map((p) => [p.position, p.firstName, p.roleKind])).toEqual([
      [0, "Alan", "executive"],
      [1, "Ada", "founder"],
    ]);
    const optedOut = legacyGraph(base, (email) => email === "alan@acme.example");
    expect(optedOut.people.map((p) => p.firstName)).toEqual(["Ada"]);
  });

  it("gives every demo company its round and people, leaves the spec fields as they were, and runs once", async () => {
    // Companies as they were stored before rounds and people existed: the demo set's rows alone.
    const rows = [...generateCompanies({ count: 1_500, today: new Date("2026-11-01T00:00:00Z") })].map(
      ({ row }) => row,
    );
    for (let at = 0; at < rows.length; at += 500) {
      await database.db.execute(insertCompaniesStatement(rows.slice(at, at + 500)));
    }
    const before = await specFields(database.db);

    const result = await backfillRoundsAndPeople(database.db, { secret: SECRET, batchSize: 400 });
    expect(result).toMatchObject({ companies: 1_500 });
    expect(result?.rounds).toBeGreaterThan(1_400);
    expect(result?.people).toBeGreaterThanOrEqual(1_500);

    expect(await specFields(database.db)).toEqual(before);
    await expectDerivedEqualRecomputation(database.db);
    expect(await backfillRoundsAndPeople(database.db, { secret: SECRET })).toBeNull();
  });

  it("finds every founder by the text search, and leaves a do-not-sell address out", async () => {
    const hash = suppressionHash("Gone@Optout.example", SECRET);
    await database.db.insert(suppressedContacts).values({ emailHash: hash });
    await database.db.insert(companies).values([
      company("Lovelace Labs", {
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@lovelace.example",
        founders: "Ada Lovelace, Charles Babbage",
        lastFundingType: "Seed",
        lastFundingDate: "2025-01-01",
      }),
      company("Opt Out Inc", {
        firstName: "Gone",
        lastName: "Away",
        email: "gone@optout.example",
        founders: "Gone Away, Still Here",
      }),
    ]);
    await backfillRoundsAndPeople(database.db, { secret: SECRET });

    const found = await queryRows<{ organization_name: string }>(
      database.db,
      sql`select organization_name from companies where search_text like '%babbage%'`,
    );
    expect(found.map((row) => row.organization_name)).toEqual(["Lovelace Labs"]);
    const people = await queryRows<{ first_name: string; email: string | null }>(
      database.db,
      sql`select p.first_name, p.email from people p join companies c on c.id = p.company_id
          where c.organization_name = 'Opt Out Inc' order by p.position`,
    );
    expect(people).toEqual([{ first_name: "Still", email: null }]);
    await expectDerivedEqualRecomputation(database.db);
  });

  it("derives the fields again when a round is added or removed, and records a new latest round for alerts", async () => {
    await database.db.insert(companies).values(
      company("Acme", {
        lastFundingType: "Seed",
        lastFundingDate: "2024-03-01",
        lastFundingAmountUsd: 2_000_000,
        totalFundingAmountUsd: 2_500_000,
      }),
    );
    await backfillRoundsAndPeople(database.db, { secret: SECRET });
    const [acme] = await queryRows<{ id: number; recorded: string }>(
      database.db,
      sql`select id, round_recorded_at::text as recorded from companies`,
    );
    if (!acme) throw new Error("no company");
    const recordedAt = async () =>
      (
        await queryRows<{ recorded: string }>(
          database.db,
          sql`select round_recorded_at::text as recorded from companies`,
        )
      )[0]?.recorded;

    // An older round joins the history: the last round stays, the total grows, no alert.
    await database.db.execute(
      sql`insert into funding_rounds (company_id, announced_on, funding_type, amount_usd, source)
          values (${acme.id}, '2023-01-01', 'Pre-Seed', 900000, 'crunchbase_rounds')`,
    );
    await refreshSummaries(database.db, [acme.id]);
    await expectDerivedEqualRecomputation(database.db);
    expect(await recordedAt()).toBe(acme.recorded);
    const [older] = await queryRows<{ type: string; total: number; rounds: number }>(
      database.db,
      sql`select last_funding_type as type, total_funding_amount_usd::float8 as total, funding_round_count as rounds from companies`,
    );
    expect(older).toEqual({ type: "Seed", total: 2_900_000, rounds: 2 });

    // A newer round: it becomes the last, and the company is recorded again.
    const [added] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into funding_rounds (company_id, announced_on, funding_type, amount_usd, source)
          values (${acme.id}, '2026-06-01', 'Series A', 12000000, 'crunchbase_rounds') returning id`,
    );
    await refreshSummaries(database.db, [acme.id]);
    await expectDerivedEqualRecomputation(database.db);
    expect(await recordedAt()).not.toBe(acme.recorded);

    // Removed again: the Seed round is the last once more.
    await database.db.execute(sql`delete from funding_rounds where id = ${added?.id ?? 0}`);
    await refreshSummaries(database.db, [acme.id]);
    await expectDerivedEqualRecomputation(database.db);
    const [after] = await queryRows<{ type: string }>(
      database.db,
      sql`select last_funding_type as type from companies`,
    );
    expect(after?.type).toBe("Seed");
  });

  it("converts a company written without rounds or people before its fields are derived, so nothing is lost", async () => {
    await backfillRoundsAndPeople(database.db, { secret: SECRET });
    const [written] = await database.db
      .insert(companies)
      .values(
        company("Late Co", {
          firstName: "Lee",
          lastName: "Late",
          email: "lee@late.example",
          lastFundingType: "Seed",
          lastFundingDate: "2025-05-05",
        }),
      )
      .returning({ id: companies.id });
    const id = written?.id ?? 0;
    const before = await specFields(database.db);
    expect(await ensureCompanyGraphs(database.db, [id], SECRET)).toBe(1);
    expect(await ensureCompanyGraphs(database.db, [id], SECRET)).toBe(0);
    await refreshSummaries(database.db, [id]);
    // The fields stay, completed by the rule: a contact with no role and no other founder named is the
    // founder, and the total is at least the round we hold.
    expect(await specFields(database.db)).toEqual(
      before.map((row) => ({
        ...row,
        founders: "Lee Late",
        total_funding_amount_usd: row.last_funding_amount_usd,
      })),
    );
  });

  it("finds the demo seed's companies complete: their fields equal a recomputation, nothing to backfill", async () => {
    await seedCompanies(database.db, { count: 800, batchSize: 300, today: new Date("2026-11-01T00:00:00Z") });
    await expectDerivedEqualRecomputation(database.db);
    const [counts] = await queryRows<{ rounds: number; links: number; people: number; investors: number }>(
      database.db,
      sql`select (select count(*)::int from funding_rounds) as rounds, (select count(*)::int from round_investors) as links,
                 (select count(*)::int from people) as people, (select count(*)::int from investors) as investors`,
    );
    expect(counts?.rounds).toBeGreaterThan(800);
    expect(counts?.links).toBeGreaterThan(counts?.rounds ?? 0);
    expect(counts?.people).toBeGreaterThanOrEqual(800);
    expect(counts?.investors).toBe(3_000);
    expect(await backfillRoundsAndPeople(database.db, { secret: SECRET })).toMatchObject({ companies: 0 });
  });
});
