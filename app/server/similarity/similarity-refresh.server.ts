import { sql } from "drizzle-orm";
import { comparePath } from "~/core/compare";
import { similarAll } from "~/core/similar-candidates";
import type { SimilarityProfile } from "~/core/similarity";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { CHOSEN_PAIRS_PER_COMPANY, COMPARE_BLOCK_COMPANIES } from "./similar-companies.server";

/** How many similar companies are kept per company: six for the page, spares for suppressed ones. */
export const SIMILAR_PER_COMPANY = 8;
/** Companies whose results are written per statement. */
const WRITE_BATCH = 5_000;
/** Companies read per query while loading. */
const READ_BATCH = 50_000;

/**
 * The app server refreshes the similarities itself (after seeding an empty database, or when none were
 * ever computed) only up to this many companies: a refresh holds every company's profile in memory, more
 * than the server's heap cap allows at a million. Larger databases run `npm run similarity:refresh`.
 */
export const IN_SERVER_REFRESH_LIMIT = 100_000;

export interface RefreshResult {
  generation: number;
  companies: number;
  ms: number;
  /** False when a newer refresh finished first (this one's rows were dropped). */
  isCurrent: boolean;
}

interface ProfileRow extends Record<string, unknown> {
  id: number;
  slug: string;
  industries: string[];
  stage: string | null;
  country: string | null;
  funding: string | number | null;
  day: number | null;
}

/**
 * Every visible company's similarity profile, with industry names mapped to small integers, and its slug
 * (by the same index) for the compare paths.
 */
async function loadProfiles(db: Db): Promise<{ profiles: SimilarityProfile[]; slugs: string[] }> {
  const industryIds = new Map<string, number>();
  const profiles: SimilarityProfile[] = [];
  const slugs: string[] = [];
  let after = 0;
  for (;;) {
    const rows = await queryRows<ProfileRow>(
      db,
      sql`select id, slug, industries, last_funding_type as stage, country,
            coalesce(total_funding_amount_usd, last_funding_amount_usd) as funding,
            (last_funding_date - date '1970-01-01') as day
          from companies where id > ${after} and not suppressed order by id limit ${READ_BATCH}`,
    );
    for (const row of rows) {
      const industries: number[] = [];
      for (const name of row.industries) {
        let id = industryIds.get(name);
        if (id === undefined) {
          id = industryIds.size;
          industryIds.set(name, id);
        }
        if (!industries.includes(id)) industries.push(id);
      }
      slugs.push(row.slug);
      profiles.push({
        id: row.id,
        industries,
        stage: row.stage,
        country: row.country,
        fundingUsd: row.funding === null ? null : Number(row.funding),
        lastFundingDay: row.day === null ? null : Number(row.day),
      });
    }
    if (rows.length < READ_BATCH) break;
    after = rows.at(-1)?.id ?? after;
  }
  return { profiles, slugs };
}

/**
 * The pairs the companies chose, each once: a pair both companies chose is kept for the company whose slug
 * sorts first. Written with their canonical path and the compare sitemap (block) of the choosing company.
 */
async function writePairs(
  db: Db,
  generation: number,
  profiles: readonly SimilarityProfile[],
  slugs: readonly string[],
  chosen: Int32Array,
): Promise<void> {
  const choosers = (index: number, other: number) => {
    for (let rank = 0; rank < CHOSEN_PAIRS_PER_COMPANY; rank++) {
      if (chosen[other * CHOSEN_PAIRS_PER_COMPANY + rank] === index) return true;
    }
    return false;
  };
  let rows = { block: [] as number[], a: [] as number[], b: [] as number[], path: [] as string[] };
  const flush = async () => {
    if (rows.block.length === 0) return;
    await db.execute(
      sql`insert into company_pairs (generation, block, a_id, b_id, path)
          select ${generation}, pair.block, pair.a, pair.b, pair.path
          from unnest(${sql.param(rows.block)}::int[], ${sql.param(rows.a)}::int[], ${sql.param(rows.b)}::int[],
            ${sql.param(rows.path)}::text[]) as pair(block, a, b, path)
          on conflict do nothing`,
    );
    rows = { block: [], a: [], b: [], path: [] };
  };
  for (let index = 0; index < profiles.length; index++) {
    const id = (profiles[index] as SimilarityProfile).id;
    const slug = slugs[index] as string;
    for (let rank = 0; rank < CHOSEN_PAIRS_PER_COMPANY; rank++) {
      const other = chosen[index * CHOSEN_PAIRS_PER_COMPANY + rank] as number;
      if (other < 0) continue;
      const otherSlug = slugs[other] as string;
      if (otherSlug < slug && choosers(index, other)) continue;
      rows.block.push(Math.floor((id - 1) / COMPARE_BLOCK_COMPANIES) + 1);
      rows.a.push(id);
      rows.b.push((profiles[other] as SimilarityProfile).id);
      rows.path.push(comparePath(slug, otherSlug));
    }
    if (rows.block.length >= WRITE_BATCH * CHOSEN_PAIRS_PER_COMPANY) await flush();
  }
  await flush();
}

async function writeBatch(
  db: Db,
  generation: number,
  companyIds: number[],
  similar: string[],
  scores: string[],
): Promise<void> {
  await db.execute(
    sql`insert into company_similarities (generation, company_id, similar_ids, scores)
        select ${generation}, batch.id, batch.ids::int[], batch.scores::real[]
        from unnest(${sql.param(companyIds)}::int[], ${sql.param(similar)}::text[], ${sql.param(scores)}::text[])
          as batch(id, ids, scores)`,
  );
}

/**
 * Computes every company's SIMILAR_PER_COMPANY most similar companies (core/similar-candidates.ts) and
 * makes them current. The new generation is written in batches (each its own statement, so nothing is
 * locked for long and pages keep reading the current generation), then switched to in one row, then the
 * older generations are deleted. Two refreshes at once each write their own generation; the newer one wins.
 * Yields to the event loop between batches, so a server that runs it keeps answering.
 */
export async function refreshSimilarities(
  db: Db,
  options: { onProgress?: (done: number, total: number) => void } = {},
): Promise<RefreshResult> {
  const started = performance.now();
  const { profiles, slugs } = await loadProfiles(db);
  // Each company's chosen companies (its CHOSEN_PAIRS_PER_COMPANY most similar), by profile index.
  const chosen = new Int32Array(profiles.length * CHOSEN_PAIRS_PER_COMPANY).fill(-1);
  const indexOfId = new Map(profiles.map((profile, index) => [profile.id, index]));
  const [allocated] = await queryRows<{ generation: number }>(
    db,
    sql`select nextval('similarity_generation_seq')::int as generation`,
  );
  const generation = allocated?.generation ?? 1;
  let companyIds: number[] = [];
  let similar: string[] = [];
  let scores: string[] = [];
  let done = 0;
  for (const best of similarAll(profiles, SIMILAR_PER_COMPANY)) {
    const profile = profiles[done] as SimilarityProfile;
    for (let rank = 0; rank < Math.min(best.length, CHOSEN_PAIRS_PER_COMPANY); rank++) {
      chosen[done * CHOSEN_PAIRS_PER_COMPANY + rank] = indexOfId.get(best[rank]?.id ?? -1) ?? -1;
    }
    done++;
    companyIds.push(profile.id);
    similar.push(`{${best.map((item) => item.id).join(",")}}`);
    scores.push(`{${best.map((item) => item.score).join(",")}}`);
    if (companyIds.length === WRITE_BATCH) {
      await writeBatch(db, generation, companyIds, similar, scores);
      options.onProgress?.(done, profiles.length);
      companyIds = [];
      similar = [];
      scores = [];
    }
  }
  if (companyIds.length > 0) await writeBatch(db, generation, companyIds, similar, scores);
  options.onProgress?.(done, profiles.length);
  await writePairs(db, generation, profiles, slugs, chosen);
  const [state] = await queryRows<{ generation: number }>(
    db,
    sql`insert into similarity_state (id, generation, companies, refreshed_at)
        values (1, ${generation}, ${profiles.length}, now())
        on conflict (id) do update set generation = excluded.generation, companies = excluded.companies,
          refreshed_at = excluded.refreshed_at
        where similarity_state.generation < excluded.generation
        returning generation`,
  );
  const isCurrent = state?.generation === generation;
  // Older generations go; a newer one being written meanwhile stays. A refresh that lost drops its own.
  for (const table of [sql.raw("company_similarities"), sql.raw("company_pairs")]) {
    await db.execute(
      isCurrent
        ? sql`delete from ${table} where generation < ${generation}`
        : sql`delete from ${table} where generation = ${generation}`,
    );
  }
  // Fresh statistics for the new rows (the pages and sitemaps read ranges of them).
  await db.execute(sql`analyze company_similarities, company_pairs`);
  return { generation, companies: profiles.length, ms: Math.round(performance.now() - started), isCurrent };
}

/** Whether similarities were ever computed for this database. */
export async function hasSimilarities(db: Db): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 as one from similarity_state where id = 1`);
  return rows.length > 0;
}
