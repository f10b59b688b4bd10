import { sql } from "drizzle-orm";
import { takeTransactionLock } from "../db/advisory-locks.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { lps } from "../db/schema";
import { DEFAULT_DEMO_LP_COUNT, DEFAULT_DEMO_LP_SEED, type DemoLp, generateLps } from "./generate-lps";

export interface SeedLpsOptions {
  count?: number;
  seed?: number;
  /** The demo's "now" (AUM dates and vintages lie before it); default: now. */
  today?: Date;
  /** LPs per batch (each batch: their ids, then their contacts, then the LPs with their commitments). */
  batchSize?: number;
  onProgress?: (inserted: number) => void;
  /** seedLpsIfEmpty: called once the table is found empty, before seeding starts (the start-up's progress line). */
  onStart?: (count: number) => void;
}

export interface SeedLpsResult {
  inserted: number;
  contacts: number;
  commitments: number;
  ms: number;
}

/**
 * A batch is written so that each LP is written once, with its whole search text (migration 0020): ids are
 * taken from the LPs' sequence first, the contacts go in under them while their foreign key is deferred (their
 * statement trigger finds no LP to touch yet), then the LPs with their commitments, whose own trigger reads
 * their contacts. The contacts' foreign key is checked at the end of the batch. Each table's rows travel as
 * one JSON parameter unpacked by jsonb_to_recordset, as the companies' bulk insert does: a statement with a
 * parameter per value costs more CPU than the database spends inserting.
 */
async function insertBatch(db: Db, batch: readonly DemoLp[]): Promise<BatchCounts> {
  const ids = await queryRows<{ id: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence('lps', 'id'))::int as id
        from generate_series(1, ${batch.length}::int) order by 1`,
  );
  if (ids.length !== batch.length) throw new Error("seedLps: the LPs' sequence gave too few ids");
  const idOf = (index: number) => (ids[index] as { id: number }).id;
  const lpRecords = batch.map((lp, index) => ({
    id: idOf(index),
    slug: lp.slug,
    name: lp.name,
    type: lp.type,
    city: lp.city,
    region: lp.region,
    country: lp.country,
    website: lp.website,
    website_domain: lp.websiteDomain,
    aum_usd: lp.aumUsd,
    aum_as_of: lp.aumAsOf,
    check_min_usd: lp.checkMinUsd,
    check_max_usd: lp.checkMaxUsd,
    asset_classes: lp.assetClasses,
    stage_focus: lp.stageFocus,
    sector_focus: lp.sectorFocus,
    geo_focus: lp.geoFocus,
    accepts_emerging: lp.acceptsEmerging,
    backs_first_time_funds: lp.backsFirstTimeFunds,
    mfo_model: lp.mfoModel,
    description: lp.description,
  }));
  const contactRecords = batch.flatMap((lp, index) =>
    lp.contacts.map((contact) => ({
      lp_id: idOf(index),
      position: contact.position,
      first_name: contact.firstName,
      last_name: contact.lastName,
      title: contact.title,
      email: contact.email,
      linkedin: contact.linkedin,
    })),
  );
  const commitmentRecords = batch.flatMap((lp, index) =>
    lp.commitments.map((commitment) => ({
      lp_id: idOf(index),
      fund_name: commitment.fundName,
      vintage: commitment.vintage,
      amount_usd: commitment.amountUsd,
    })),
  );
  await db.execute(sql`set constraints lp_contacts_lp_id_lps_id_fk deferred`);
  const [contacts] = await queryRows<{ n: number }>(
    db,
    sql`with inserted as (
          insert into lp_contacts (lp_id, position, first_name, last_name, title, email, linkedin)
          select lp_id, position, first_name, last_name, title, email, linkedin
          from jsonb_to_recordset(${JSON.stringify(contactRecords)}::jsonb) as c(
            lp_id integer, position integer, first_name text, last_name text, title text, email text,
            linkedin text)
          returning 1)
        select count(*)::int as n from inserted`,
  );
  const [lpCounts] = await queryRows<{ lps: number; commitments: number }>(
    db,
    sql`with inserted as (
          insert into lps (id, slug, name, type, city, region, country, website, website_domain, aum_usd,
                           aum_as_of, check_min_usd, check_max_usd, asset_classes, stage_focus, sector_focus,
                           geo_focus, accepts_emerging, backs_first_time_funds, mfo_model, description)
          select id, slug, name, type, city, region, country, website, website_domain, aum_usd, aum_as_of,
                 check_min_usd, check_max_usd, asset_classes, stage_focus, sector_focus, geo_focus,
                 accepts_emerging, backs_first_time_funds, mfo_model, description
          from jsonb_to_recordset(${JSON.stringify(lpRecords)}::jsonb) as r(
            id integer, slug text, name text, type text, city text, region text, country text, website text,
            website_domain text, aum_usd bigint, aum_as_of date, check_min_usd bigint, check_max_usd bigint,
            asset_classes text[], stage_focus text[], sector_focus text[], geo_focus text[],
            accepts_emerging text, backs_first_time_funds boolean, mfo_model text, description text)
          returning 1
        ), commitments as (
          insert into lp_commitments (lp_id, fund_name, vintage, amount_usd)
          select lp_id, fund_name, vintage, amount_usd
          from jsonb_to_recordset(${JSON.stringify(commitmentRecords)}::jsonb) as m(
            lp_id integer, fund_name text, vintage integer, amount_usd bigint)
          returning 1
        )
        select (select count(*) from inserted)::int as lps, (select count(*) from commitments)::int as commitments`,
  );
  // Checks the batch's contacts against their LPs now, and puts the constraint back as it was.
  await db.execute(sql`set constraints lp_contacts_lp_id_lps_id_fk immediate`);
  return { lps: lpCounts?.lps ?? 0, contacts: contacts?.n ?? 0, commitments: lpCounts?.commitments ?? 0 };
}

type BatchCounts = { lps: number; contacts: number; commitments: number };

/**
 * Inserts the deterministic demo LP set (docs/product.md#lps) with its contacts and commitments, in a transaction of its
 * own (a savepoint inside the caller's), which deferring a constraint needs. Callers decide on emptiness.
 */
export async function seedLps(db: Db, options: SeedLpsOptions = {}): Promise<SeedLpsResult> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 1_000;
  const rows = generateLps({
    count: options.count ?? DEFAULT_DEMO_LP_COUNT,
    seed: options.seed ?? DEFAULT_DEMO_LP_SEED,
    today: options.today ?? new Date(),
  });
  const result = { inserted: 0, contacts: 0, commitments: 0 };
  await db.transaction(async (tx) => {
    let batch: DemoLp[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const counts = await insertBatch(tx, batch);
      result.inserted += counts.lps;
      result.contacts += counts.contacts;
      result.commitments += counts.commitments;
      batch = [];
      options.onProgress?.(result.inserted);
    };
    for (const row of rows) {
      batch.push(row);
      if (batch.length >= batchSize) await flush();
    }
    await flush();
  });
  return { ...result, ms: Math.round(performance.now() - started) };
}

/** After a bulk load: planner statistics and the visibility map of the three LP tables (outside a transaction). */
export async function tidyLpsAfterBulkLoad(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze lps, lp_contacts, lp_commitments`);
}

/**
 * Seeds the demo LP set only when there are no LPs at all, in one transaction, so a start that dies half-way
 * leaves no LPs (and the next start seeds again). Returns null when it did nothing.
 */
export async function seedLpsIfEmpty(db: Db, options: SeedLpsOptions = {}): Promise<SeedLpsResult | null> {
  const result = await db.transaction(async (tx) => {
    await takeTransactionLock(tx, "lpSeed");
    const existing = await tx.select({ id: lps.id }).from(lps).limit(1);
    if (existing.length > 0) return null;
    options.onStart?.(options.count ?? DEFAULT_DEMO_LP_COUNT);
    return seedLps(tx, options);
  });
  if (result) await tidyLpsAfterBulkLoad(db);
  return result;
}

/** `npm run db:seed -- --lps N --replace`: deletes every LP with its contacts and commitments; ids restart. */
export async function deleteAllLps(db: Db): Promise<void> {
  await db.execute(sql`truncate lps, lp_contacts, lp_commitments restart identity`);
}
