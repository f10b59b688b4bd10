import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { queryRows } from "../db/query-rows.server";
import { companies, type NewCompanyRow } from "../db/schema";
import { refreshSimilarities, refreshSimilaritiesOf } from "./similarity-refresh.server";

const database = setUpTestDatabase();

const INDUSTRIES = ["SaaS", "FinTech", "Biotechnology", "Robotics", "Energy", "Retail", "Gaming", "Security"];
const STAGES = ["Seed", "Series A", "Series B"];
const COUNTRIES = ["Germany", "France", "United States", "Japan"];

/** A varied set: `count` companies over eight industries, three stages, four countries and two years. */
function companiesFrom(prefix: string, count: number, offset = 0): NewCompanyRow[] {
  return Array.from({ length: count }, (_, position) => {
    const n = position + offset;
    return company(`${prefix} ${n}`, {
      industries: [INDUSTRIES[n % 8] as string, INDUSTRIES[(n * 3 + 1) % 8] as string],
      lastFundingType: STAGES[n % 3] as string,
      country: COUNTRIES[(n * 7) % 4] as string,
      lastFundingDate: `${2024 + (n % 2)}-${String((n % 12) + 1).padStart(2, "0")}-${String((n % 27) + 1).padStart(2, "0")}`,
      lastFundingAmountUsd: 500_000 + ((n * 7919) % 40) * 250_000,
    });
  });
}

/** The current generation's rows and pairs, without the generation number. */
async function currentSimilarities() {
  const rows = await queryRows<{ id: number; ids: number[]; scores: number[] }>(
    database.db,
    sql`select s.company_id as id, s.similar_ids as ids, s.scores from company_similarities s
        join similarity_state st on st.id = 1 and st.generation = s.generation order by s.company_id`,
  );
  const pairs = await queryRows<{ block: number; a: number; b: number; path: string }>(
    database.db,
    sql`select p.block, p.a_id as a, p.b_id as b, p.path from company_pairs p
        join similarity_state st on st.id = 1 and st.generation = p.generation order by p.a_id, p.b_id`,
  );
  return { rows, pairs };
}

describe("refreshSimilaritiesOf (after an import: the touched companies and their neighbours)", () => {
  it("gives the companies an import created what a whole refresh gives them, and their neighbours nearly so", async () => {
    // Buckets far wider than the candidate windows, so a few new companies affect a few hundred others.
    for (let offset = 0; offset < 3_000; offset += 1_000) {
      await database.db.insert(companies).values(companiesFrom("Old", 1_000, offset));
    }
    await refreshSimilarities(database.db);
    const before = await currentSimilarities();
    const added = await database.db
      .insert(companies)
      .values(companiesFrom("New", 3, 5_000))
      .returning({ id: companies.id });
    const addedIds = new Set(added.map(({ id }) => id));

    const partial = await refreshSimilaritiesOf(database.db, addedIds);
    expect(partial.whole).toBe(false);
    expect(partial.companies).toBeGreaterThan(added.length);
    expect(partial.companies).toBeLessThan(3_003 / 10);
    const afterPartial = await currentSimilarities();
    // Only the new companies and the lists they entered were rewritten.
    const changed = afterPartial.rows.filter(
      (row) => JSON.stringify(row) !== JSON.stringify(before.rows.find((old) => old.id === row.id)),
    );
    expect(changed.length).toBe(partial.companies);
    expect(
      changed.filter((row) => !addedIds.has(row.id)).every((row) => row.ids.some((id) => addedIds.has(id))),
    ).toBe(true);

    await refreshSimilarities(database.db);
    const afterWhole = await currentSimilarities();
    expect(afterPartial.rows).toHaveLength(3_003);
    const byId = new Map(afterWhole.rows.map((row) => [row.id, row]));
    for (const id of addedIds) expect(afterPartial.rows.find((row) => row.id === id)).toEqual(byId.get(id));
    // A neighbour keeps a stored entry a whole refresh's shifted window can drop: rare, and each entry is real.
    const differing = afterPartial.rows.filter(
      (row) => JSON.stringify(row) !== JSON.stringify(byId.get(row.id)),
    );
    expect(differing.length).toBeLessThan(3_003 / 100);
    // Each pair is chosen by one of its companies among its three best.
    const chosen = new Map(afterPartial.rows.map((row) => [row.id, row.ids.slice(0, 3)]));
    for (const pair of afterPartial.pairs) {
      expect(chosen.get(pair.a)?.includes(pair.b) || chosen.get(pair.b)?.includes(pair.a)).toBe(true);
    }
    const pairKeys = new Set(afterPartial.pairs.map(({ a, b }) => `${Math.min(a, b)}-${Math.max(a, b)}`));
    for (const [a, best] of chosen)
      for (const b of best) expect(pairKeys.has(`${Math.min(a, b)}-${Math.max(a, b)}`)).toBe(true);
  });

  it("runs a whole refresh when there is no generation yet, or when most companies are touched", async () => {
    const [before] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from similarity_state`,
    );
    expect(before?.n).toBe(0);
    const inserted = await database.db
      .insert(companies)
      .values(companiesFrom("First", 30))
      .returning({ id: companies.id });
    const ids = inserted.map(({ id }) => id);
    expect(await refreshSimilaritiesOf(database.db, ids)).toMatchObject({ whole: true, companies: 30 });
    expect(await refreshSimilaritiesOf(database.db, ids)).toMatchObject({ whole: true, companies: 30 });
    expect((await currentSimilarities()).rows).toHaveLength(30);
  });

  it("does nothing for no touched company", async () => {
    await database.db.insert(companies).values(companiesFrom("Some", 10));
    await refreshSimilarities(database.db);
    expect(await refreshSimilaritiesOf(database.db, [])).toMatchObject({ whole: false, companies: 0 });
  });
});
