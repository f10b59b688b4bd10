import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { LP_TYPES, type LpRegion, lpRegionOf, MAX_CHECK_SHARE_OF_AUM } from "../../core/lp-types";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { DEFAULT_DEMO_LP_COUNT, DEMO_LP_TYPE_SHARES } from "./generate-lps";
import { deleteAllLps, seedLps, seedLpsIfEmpty } from "./lp-seed.server";

const database = setUpTestDatabase();
const TODAY = new Date("2026-11-25T12:00:00Z");

async function count(db: Db, table: "lps" | "lp_contacts" | "lp_commitments"): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return row?.n ?? -1;
}

/** A digest of every LP, contact and commitment without ids and times, in slug order. */
async function digest(db: Db): Promise<string> {
  const [row] = await queryRows<{ digest: string }>(
    db,
    sql`select md5(string_agg(t.line, E'\n' order by t.slug, t.kind, t.n)) as digest from (
          select slug, 0 as kind, 0 as n,
                 concat_ws('|', slug, name, type, city, region, country, website, website_domain, aum_usd,
                           aum_as_of, check_min_usd, check_max_usd, asset_classes, stage_focus, sector_focus,
                           geo_focus, accepts_emerging, backs_first_time_funds, mfo_model, description,
                           search_text) as line
          from lps
          union all
          select l.slug, 1, c.position, concat_ws('|', c.first_name, c.last_name, c.title, c.email, c.linkedin)
          from lp_contacts c join lps l on l.id = c.lp_id
          union all
          select l.slug, 2, row_number() over (partition by l.id order by m.id),
                 concat_ws('|', m.fund_name, m.vintage, m.amount_usd)
          from lp_commitments m join lps l on l.id = m.lp_id
        ) t`,
  );
  return row?.digest ?? "";
}

async function searchTextOf(db: Db, slug: string): Promise<string> {
  const [row] = await queryRows<{ text: string }>(
    db,
    sql`select search_text as text from lps where slug = ${slug}`,
  );
  return row?.text ?? "";
}

describe("seedLps", () => {
  it("is deterministic: the same seed gives the same rows, another seed others", async () => {
    await seedLps(database.db, { count: 400, today: TODAY, batchSize: 150 });
    const first = await digest(database.db);
    await deleteAllLps(database.db);
    await seedLps(database.db, { count: 400, today: TODAY, batchSize: 1_000 });
    expect(await digest(database.db)).toBe(first);
    await deleteAllLps(database.db);
    await seedLps(database.db, { count: 400, today: TODAY, seed: 99 });
    expect(await digest(database.db)).not.toBe(first);
  });

  it("seeds about 3,000 LPs in realistic shares, with 1-3 contacts each and checks that fit the AUM", async () => {
    const result = await seedLps(database.db, { today: TODAY });
    expect(result.inserted).toBe(DEFAULT_DEMO_LP_COUNT);
    expect(await count(database.db, "lps")).toBe(3_000);
    expect(await count(database.db, "lp_contacts")).toBe(result.contacts);
    expect(await count(database.db, "lp_commitments")).toBe(result.commitments);

    const types = await queryRows<{ type: string; n: number }>(
      database.db,
      sql`select type, count(*)::int as n from lps group by type`,
    );
    expect(types.map((row) => row.type).sort()).toEqual([...LP_TYPES].sort());
    for (const row of types) {
      // 3,000 rows: a 25% share varies by about 0.8 points, a 2% one by 0.25.
      const percent = (row.n / 3_000) * 100;
      expect(
        Math.abs(percent - DEMO_LP_TYPE_SHARES[row.type as keyof typeof DEMO_LP_TYPE_SHARES]),
      ).toBeLessThan(2.5);
    }

    const countries = await queryRows<{ country: string; n: number }>(
      database.db,
      sql`select country, count(*)::int as n from lps group by country`,
    );
    const byRegion = new Map<LpRegion | undefined, number>();
    for (const row of countries) {
      const region = lpRegionOf(row.country);
      byRegion.set(region, (byRegion.get(region) ?? 0) + row.n);
    }
    const percentIn = (...regions: LpRegion[]) =>
      (regions.reduce((sum, region) => sum + (byRegion.get(region) ?? 0), 0) / 3_000) * 100;
    expect(byRegion.get(undefined)).toBeUndefined();
    expect(Math.abs(percentIn("north-america") - 55)).toBeLessThan(3);
    expect(Math.abs(percentIn("europe") - 25)).toBeLessThan(3);
    expect(Math.abs(percentIn("asia-pacific") - 12)).toBeLessThan(2.5);
    expect(Math.abs(percentIn("middle-east") - 5)).toBeLessThan(2);
    expect(Math.abs(percentIn("latin-america", "africa") - 3)).toBeLessThan(1.5);

    const [stats] = await queryRows<{
      fewest: number;
      most: number;
      withoutContacts: number;
      checkAboveShare: number;
      reversed: number;
      withoutChecks: number;
      emerging: number;
      commitmentsOutside: number;
    }>(
      database.db,
      sql`select
            (select min(n) from (select count(c.id)::int as n from lps l left join lp_contacts c on c.lp_id = l.id group by l.id) s) as fewest,
            (select max(n) from (select count(*)::int as n from lp_contacts group by lp_id) s) as most,
            (select count(*)::int from lps l where not exists (select from lp_contacts c where c.lp_id = l.id)) as "withoutContacts",
            (select count(*)::int from lps where check_max_usd > aum_usd * ${MAX_CHECK_SHARE_OF_AUM}::numeric) as "checkAboveShare",
            (select count(*)::int from lps where check_min_usd > check_max_usd) as reversed,
            (select count(*)::int from lps where check_min_usd is null or check_max_usd is null) as "withoutChecks",
            (select count(*)::int from lps where accepts_emerging = 'yes') as emerging,
            (select count(*)::int from lp_commitments m join lps l on l.id = m.lp_id
              where m.amount_usd < l.check_min_usd or m.amount_usd > l.check_max_usd) as "commitmentsOutside"`,
    );
    expect(stats).toMatchObject({
      fewest: 1,
      most: 3,
      withoutContacts: 0,
      checkAboveShare: 0,
      reversed: 0,
      withoutChecks: 0,
      commitmentsOutside: 0,
    });
    expect(Math.abs((stats?.emerging ?? 0) / 3_000 - 0.4)).toBeLessThan(0.04);
  });

  it("leaves the contacts' foreign key checked at once after a seed, as it was", async () => {
    let refusedAtOnce = false;
    await expect(
      database.db.transaction(async (tx) => {
        await seedLps(tx, { count: 5, today: TODAY });
        await tx
          .execute(sql`insert into lp_contacts (lp_id, first_name) values (999999, 'Nobody')`)
          .catch(() => {
            refusedAtOnce = true;
          });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(refusedAtOnce).toBe(true);
    expect(await count(database.db, "lps")).toBe(0);
  });

  it("uses reserved .example domains only, in websites, emails and profiles", async () => {
    await seedLps(database.db, { count: 1_500, today: TODAY });
    const [stats] = await queryRows<{ lps: number; contacts: number; emails: number }>(
      database.db,
      sql`select
            (select count(*)::int from lps
              where website !~ '^https://[a-z0-9-]+\\.example$' or website_domain !~ '^[a-z0-9-]+\\.example$') as lps,
            (select count(*)::int from lp_contacts
              where email !~ '@[a-z0-9-]+\\.example$' or linkedin !~ '^https://linkedin\\.example/') as contacts,
            (select count(*)::int from lp_contacts where email is not null) as emails`,
    );
    expect(stats).toEqual({ lps: 0, contacts: 0, emails: expect.any(Number) });
    expect(stats?.emails).toBe(await count(database.db, "lp_contacts"));
  });
});

describe("lps.search_text", () => {
  it("holds the name, the city and every contact's name, lower-cased, and finds an LP by a contact", async () => {
    await seedLps(database.db, { count: 200, today: TODAY });
    const rows = await queryRows<{ slug: string; name: string; city: string; text: string; names: string[] }>(
      database.db,
      sql`select l.slug, l.name, l.city, l.search_text as text,
                 array_agg(c.first_name || ' ' || c.last_name order by c.position) as names
          from lps l join lp_contacts c on c.lp_id = l.id group by l.id`,
    );
    expect(rows).toHaveLength(200);
    // Lower-cased by the database's lower() (as the search will lower queries): compared with it.
    const [expected] = await queryRows<{ texts: string[] }>(
      database.db,
      sql`select array_agg(normalize(lower(t), NFC) order by n) as texts
          from jsonb_array_elements_text(${JSON.stringify(
            rows.map((row) => [row.name, row.city, ...row.names].join("\x1f")),
          )}::jsonb) with ordinality as u(t, n)`,
    );
    expect(rows.map((row) => row.text)).toEqual(expected?.texts);
    // A contact's full name finds its LP through the trigram index's column.
    const contact = rows[17]?.names[0]?.toLowerCase() ?? "";
    const found = await queryRows<{ slug: string }>(
      database.db,
      sql`select slug from lps where search_text like ${`%${contact}%`}`,
    );
    expect(found.map((row) => row.slug)).toContain(rows[17]?.slug);
  });

  it("follows contacts as they are added, renamed, moved and removed, and ignores other changes", async () => {
    const [a, b] = await queryRows<{ id: number; slug: string }>(
      database.db,
      sql`insert into lps (slug, name, type, city) values
            ('a', 'Alpha Family Office', 'single-family-office', 'Zu' || chr(776) || 'rich'),
            ('b', 'Beta Endowment', 'endowment', 'Boston')
          returning id, slug`,
    );
    expect(await searchTextOf(database.db, "a")).toBe("alpha family office\x1fzürich");
    await database.db.execute(sql`insert into lp_contacts (lp_id, position, first_name, last_name) values
      (${a?.id}, 1, 'Ines', 'Okafor'), (${a?.id}, 0, 'Mark', 'Lee'), (${b?.id}, 0, 'Sara', null)`);
    expect(await searchTextOf(database.db, "a")).toBe(
      "alpha family office\x1fzürich\x1fmark lee\x1fines okafor",
    );
    expect(await searchTextOf(database.db, "b")).toBe("beta endowment\x1fboston\x1fsara");

    await database.db.execute(sql`update lp_contacts set first_name = 'Inès' where first_name = 'Ines'`);
    expect(await searchTextOf(database.db, "a")).toContain("inès okafor");

    // A new email or title leaves the LP row alone (no rewrite of the LP, its indexes or its text).
    const [before] = await queryRows<{ xmin: string }>(
      database.db,
      sql`select xmin::text from lps where slug = 'a'`,
    );
    await database.db.execute(sql`update lp_contacts set email = 'mark.lee@alpha.example', title = 'CIO'`);
    const [after] = await queryRows<{ xmin: string }>(
      database.db,
      sql`select xmin::text from lps where slug = 'a'`,
    );
    expect(after?.xmin).toBe(before?.xmin);

    await database.db.execute(
      sql`update lp_contacts set lp_id = ${b?.id}, position = 1 where last_name = 'Lee'`,
    );
    expect(await searchTextOf(database.db, "a")).toBe("alpha family office\x1fzürich\x1finès okafor");
    expect(await searchTextOf(database.db, "b")).toBe("beta endowment\x1fboston\x1fsara\x1fmark lee");

    await database.db.execute(sql`delete from lp_contacts where first_name = 'Sara'`);
    expect(await searchTextOf(database.db, "b")).toBe("beta endowment\x1fboston\x1fmark lee");

    // The LP's own changes keep its contacts' names.
    await database.db.execute(sql`update lps set name = 'Beta University Endowment' where slug = 'b'`);
    expect(await searchTextOf(database.db, "b")).toBe("beta university endowment\x1fboston\x1fmark lee");

    // Deleting an LP takes its contacts and commitments with it.
    await database.db.execute(
      sql`insert into lp_commitments (lp_id, fund_name, vintage, amount_usd) values (${b?.id}, 'Oak Fund I', 2024, 5000000)`,
    );
    await database.db.execute(sql`delete from lps where slug = 'b'`);
    expect(await count(database.db, "lp_contacts")).toBe(1);
    expect(await count(database.db, "lp_commitments")).toBe(0);
  });

  it("refuses an unknown type, an MFO model on another type, negative amounts and a reversed check range", async () => {
    const insert = (values: ReturnType<typeof sql>) =>
      database.db.execute(sql`insert into lps (slug, name, type, aum_usd, check_min_usd, check_max_usd, mfo_model)
                              values ${values}`);
    await expect(insert(sql`('x', 'X', 'bank', null, null, null, null)`)).rejects.toThrow();
    await expect(insert(sql`('x', 'X', 'hnwi', null, null, null, 'advisory')`)).rejects.toThrow();
    await expect(
      insert(sql`('x', 'X', 'multi-family-office', null, null, null, 'passive')`),
    ).rejects.toThrow();
    await expect(insert(sql`('x', 'X', 'hnwi', -1, null, null, null)`)).rejects.toThrow();
    await expect(insert(sql`('x', 'X', 'hnwi', null, 5, 4, null)`)).rejects.toThrow();
    await insert(sql`('x', 'X', 'multi-family-office', 1000, 4, 5, 'advisory')`);
    await expect(
      database.db.execute(sql`update lps set accepts_emerging = 'maybe' where slug = 'x'`),
    ).rejects.toThrow();
  });
});

describe("seedLpsIfEmpty", () => {
  it("seeds once: an lps table with any LP is left alone, even by two seeds at once", async () => {
    const [first, second] = await Promise.all([
      seedLpsIfEmpty(database.db, { count: 250, today: TODAY }),
      seedLpsIfEmpty(database.db, { count: 250, today: TODAY }),
    ]);
    expect([first?.inserted ?? null, second?.inserted ?? null].sort()).toEqual([250, null]);
    expect(await seedLpsIfEmpty(database.db, { count: 100 })).toBeNull();
    expect(await count(database.db, "lps")).toBe(250);
  });

  it("is all or nothing: a failure half-way leaves no LP", async () => {
    await database.db.execute(sql`
      create or replace function fail_after_300_lps() returns trigger language plpgsql as $$
      begin
        if (select count(*) from lps) >= 300 then raise exception 'simulated failure'; end if;
        return null;
      end $$`);
    await database.db.execute(
      sql`create trigger fail_after_300_lps after insert on lps for each statement execute function fail_after_300_lps()`,
    );
    try {
      await expect(seedLpsIfEmpty(database.db, { count: 600, batchSize: 200 })).rejects.toThrow();
      expect(await count(database.db, "lps")).toBe(0);
      expect(await count(database.db, "lp_contacts")).toBe(0);
    } finally {
      await database.db.execute(sql`drop trigger fail_after_300_lps on lps`);
      await database.db.execute(sql`drop function fail_after_300_lps()`);
    }
  });
});
