import { sql } from "drizzle-orm";
import { comparePath } from "~/core/compare";
import { similarAll, similarityIndex } from "~/core/similar-candidates";
import { compareScored, mostSimilar, type Scored, type SimilarityProfile } from "~/core/similarity";
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
  let rows: PairRows = { block: [], a: [], b: [], path: [] };
  // The database writes one block of pairs while the next is built; one write in flight at a time.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    await writing;
    writing = insertPairs(db, generation, rows);
    // Awaited before the next block or at the end; this keeps a failure meanwhile from going unhandled.
    writing.catch(() => {});
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
  await writing;
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
  return refreshWith(db, performance.now(), await loadProfiles(db), options);
}

/** refreshSimilarities of profiles loaded already (refreshSimilaritiesOf's whole refresh reads them once). */
async function refreshWith(
  db: Db,
  started: number,
  { profiles, slugs }: { profiles: SimilarityProfile[]; slugs: string[] },
  options: { onProgress?: (done: number, total: number) => void } = {},
): Promise<RefreshResult> {
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
  let writing: Promise<void> = Promise.resolve();
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
      // The database writes this batch while the next is computed; one write in flight at a time.
      await writing;
      writing = writeBatch(db, generation, companyIds, similar, scores);
      // Awaited before the next batch or at the end; this keeps a failure meanwhile from going unhandled.
      writing.catch(() => {});
      options.onProgress?.(done, profiles.length);
      companyIds = [];
      similar = [];
      scores = [];
    }
  }
  await writing;
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

/** What refreshSimilaritiesOf did: the companies it recomputed, or a whole refresh when that was cheaper. */
export interface PartialRefreshResult {
  /** Companies whose similar companies were recomputed. */
  companies: number;
  ms: number;
  /** True when it ran a whole refresh (no generation yet, or most companies were affected). */
  whole: boolean;
}

/** Past this share of the companies touched or recomputed, a whole refresh (a new generation) is done instead. */
const WHOLE_REFRESH_SHARE = 0.5;
/**
 * Past this share of the companies with a new list, a whole refresh is done instead: on PostgreSQL, rewriting
 * a row in place (with its pairs) costs several times what a whole refresh spends per company (measured in
 * decision 020).
 */
const WHOLE_REFRESH_WRITES = 0.2;
/**
 * The lists a touched company changes, about (measured in decision 020).
 * Decides on a whole refresh before the lists are computed when the import is that large.
 */
const LISTS_CHANGED_PER_TOUCHED = 12;

/**
 * After an import (docs/decisions/020): the similar companies of the companies `touchedIds` (created or
 * changed) and of their neighbours, in the current generation, instead of every company's.
 * - Recomputed as a whole refresh would: the touched companies, and the companies whose stored list names
 *   one of them (its score changed, or it moved away).
 * - Merged: every other company whose candidate windows may include a touched one keeps its stored list,
 *   with the touched company in it where it scores higher than the list's last; only changed lists are
 *   written. A whole refresh can differ for such a company at the margin: the company that a new one
 *   pushed out of its date window stays listed until the next whole refresh (`npm run similarity:refresh`).
 * The rewritten rows' pairs are deleted and written again by the whole refresh's rule. Each statement
 * rewrites a batch in place, so pages read the old or the new rows. With no generation yet, over half the
 * companies touched or recomputed, or over a fifth of them with a new list, it runs the whole refresh (on
 * the profiles it loaded) instead.
 */
export async function refreshSimilaritiesOf(
  db: Db,
  touchedIds: Iterable<number>,
): Promise<PartialRefreshResult> {
  const started = performance.now();
  const [state] = await queryRows<{ generation: number }>(
    db,
    sql`select generation from similarity_state where id = 1`,
  );
  const loaded = await loadProfiles(db);
  const whole = async (): Promise<PartialRefreshResult> => {
    const result = await refreshWith(db, started, loaded);
    return { companies: result.companies, ms: Math.round(performance.now() - started), whole: true };
  };
  if (state === undefined) return whole();
  const { generation } = state;
  const { profiles, slugs } = loaded;
  const indexOfId = new Map(profiles.map((profile, index) => [profile.id, index]));
  const touched = [...new Set(touchedIds)].flatMap((id) => {
    const index = indexOfId.get(id);
    return index === undefined ? [] : [index];
  });
  if (touched.length === 0)
    return { companies: 0, ms: Math.round(performance.now() - started), whole: false };
  if (touched.length * LISTS_CHANGED_PER_TOUCHED > profiles.length * WHOLE_REFRESH_WRITES) return whole();
  const index = similarityIndex(profiles);
  const idOf = (at: number) => (profiles[at] as SimilarityProfile).id;
  // Recomputed whole: the touched companies, and the companies whose stored list names one of them (its
  // score changed, or it moved away from them), found by a hash join of the listed ids with the touched ones.
  const recomputed = new Set(touched);
  const listing = await queryRows<{ id: number }>(
    db,
    sql`select distinct s.company_id as id
        from company_similarities s
        cross join lateral unnest(s.similar_ids) as listed(id)
        join unnest(${sql.param(touched.map(idOf))}::int[]) as touched(id) on touched.id = listed.id
        where s.generation = ${generation}`,
  );
  for (const { id } of listing) {
    const at = indexOfId.get(id);
    if (at !== undefined) recomputed.add(at);
  }
  if (recomputed.size > profiles.length * WHOLE_REFRESH_SHARE) return whole();
  // Merged: every other company whose candidates may include a touched one keeps its stored list, with a
  // touched company in it where it scores higher than the list's last.
  const additions = new Map<number, number[]>();
  for (const at of touched) {
    for (const other of index.affectedBy([at])) {
      if (recomputed.has(other)) continue;
      const list = additions.get(other);
      if (list) list.push(at);
      else additions.set(other, [at]);
    }
  }
  const storedLists = await storedSimilarIds(db, generation, [...additions.keys()].map(idOf));

  // Every new list first, in memory: past WHOLE_REFRESH_WRITES of the companies, rewriting rows in place
  // costs more than writing a new generation.
  const lists: Array<{ id: number; best: Scored[] }> = [];
  for (const at of [...recomputed].sort((x, y) => x - y)) {
    lists.push({ id: idOf(at), best: index.best(at, SIMILAR_PER_COMPANY) });
  }
  for (const [at, added] of additions) {
    const stored = storedLists.get(idOf(at));
    // No row yet (imported since the last refresh): computed as a whole refresh would.
    if (stored === undefined) {
      lists.push({ id: idOf(at), best: index.best(at, SIMILAR_PER_COMPANY) });
      continue;
    }
    const keptAt = stored.flatMap((id) => {
      const other = indexOfId.get(id);
      return other === undefined ? [] : [other];
    });
    const best = mostSimilar(
      profiles[at] as SimilarityProfile,
      [...keptAt, ...added].map((other) => profiles[other] as SimilarityProfile),
      SIMILAR_PER_COMPANY,
    ).sort(compareScored);
    const same = best.length === stored.length && best.every((item, rank) => item.id === stored[rank]);
    if (!same) lists.push({ id: idOf(at), best });
  }
  if (lists.length > profiles.length * WHOLE_REFRESH_WRITES) return whole();

  const chosenOf = new Map<number, number[]>();
  for (let from = 0; from < lists.length; from += WRITE_BATCH) {
    const batch = lists.slice(from, from + WRITE_BATCH);
    for (const { id, best } of batch) {
      chosenOf.set(
        id,
        best.slice(0, CHOSEN_PAIRS_PER_COMPANY).map((item) => item.id),
      );
    }
    await db.execute(
      sql`insert into company_similarities (generation, company_id, similar_ids, scores)
          select ${generation}, batch.id, batch.ids::int[], batch.scores::real[]
          from unnest(
            ${sql.param(batch.map(({ id }) => id))}::int[],
            ${sql.param(batch.map(({ best }) => `{${best.map((item) => item.id).join(",")}}`))}::text[],
            ${sql.param(batch.map(({ best }) => `{${best.map((item) => item.score).join(",")}}`))}::text[]
          ) as batch(id, ids, scores)
          on conflict (generation, company_id) do update
            set similar_ids = excluded.similar_ids, scores = excluded.scores`,
    );
  }
  await rewritePairs(db, generation, chosenOf, (id) => slugs[indexOfId.get(id) ?? -1]);
  await db.execute(
    sql`update similarity_state set companies = ${profiles.length}, refreshed_at = now()
        where id = 1 and generation = ${generation}`,
  );
  return { companies: lists.length, ms: Math.round(performance.now() - started), whole: false };
}

/** The stored similar ids of `ids` in `generation`, by company id. */
async function storedSimilarIds(db: Db, generation: number, ids: number[]): Promise<Map<number, number[]>> {
  const lists = new Map<number, number[]>();
  if (ids.length === 0) return lists;
  const rows = await queryRows<{ id: number; ids: number[] }>(
    db,
    sql`select company_id as id, similar_ids as ids from company_similarities
        where generation = ${generation} and company_id = any(${sql.param(ids)}::int[])`,
  );
  for (const row of rows) lists.set(Number(row.id), row.ids.map(Number));
  return lists;
}

/**
 * The chosen pairs of the recomputed companies (`chosenOf`: id -> its CHOSEN_PAIRS_PER_COMPANY best ids):
 * every pair naming one of them is deleted, then written again by writePairs' rule (each pair once, kept
 * for the company whose slug sorts first when both chose it), the other companies' choices read from
 * their stored rows.
 */
async function rewritePairs(
  db: Db,
  generation: number,
  chosenOf: Map<number, number[]>,
  slugOf: (id: number) => string | undefined,
): Promise<void> {
  const recomputed = [...chosenOf.keys()];
  const removed = await queryRows<{ a: number; b: number }>(
    db,
    sql`delete from company_pairs
        where generation = ${generation}
          and (a_id = any(${sql.param(recomputed)}::int[]) or b_id = any(${sql.param(recomputed)}::int[]))
        returning a_id as a, b_id as b`,
  );
  // The other side of every pair involved: its stored choices decide who keeps a pair both chose.
  const others = new Set<number>();
  for (const { a, b } of removed) for (const id of [a, b]) if (!chosenOf.has(id)) others.add(id);
  for (const chosen of chosenOf.values()) for (const id of chosen) if (!chosenOf.has(id)) others.add(id);
  const stored = new Map<number, number[]>();
  if (others.size > 0) {
    const rows = await queryRows<{ id: number; chosen: number[] }>(
      db,
      sql`select company_id as id, similar_ids[1:${CHOSEN_PAIRS_PER_COMPANY}] as chosen from company_similarities
          where generation = ${generation} and company_id = any(${sql.param([...others])}::int[])`,
    );
    for (const row of rows) stored.set(row.id, row.chosen.map(Number));
  }
  const choices = (id: number) => chosenOf.get(id) ?? stored.get(id) ?? [];
  const rows: PairRows = { block: [], a: [], b: [], path: [] };
  const add = (chooser: number, other: number) => {
    const slug = slugOf(chooser);
    const otherSlug = slugOf(other);
    if (slug === undefined || otherSlug === undefined) return;
    if (otherSlug < slug && choices(other).includes(chooser)) return;
    rows.block.push(Math.floor((chooser - 1) / COMPARE_BLOCK_COMPANIES) + 1);
    rows.a.push(chooser);
    rows.b.push(other);
    rows.path.push(comparePath(slug, otherSlug));
  };
  for (const [chooser, chosen] of chosenOf) for (const other of chosen) add(chooser, other);
  // Pairs another company chose of a recomputed one: deleted above with the rest, written back.
  for (const id of others) for (const other of choices(id)) if (chosenOf.has(other)) add(id, other);
  await insertPairs(db, generation, rows);
}

/** Chosen pairs to write, column by column. */
interface PairRows {
  block: number[];
  a: number[];
  b: number[];
  path: string[];
}

/** Writes pairs into a generation (one statement); a pair written already stays as it is. */
async function insertPairs(db: Db, generation: number, rows: PairRows): Promise<void> {
  if (rows.block.length === 0) return;
  await db.execute(
    sql`insert into company_pairs (generation, block, a_id, b_id, path)
        select ${generation}, pair.block, pair.a, pair.b, pair.path
        from unnest(${sql.param(rows.block)}::int[], ${sql.param(rows.a)}::int[], ${sql.param(rows.b)}::int[],
          ${sql.param(rows.path)}::text[]) as pair(block, a, b, path)
        on conflict do nothing`,
  );
}
