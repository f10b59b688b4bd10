import { sql } from "drizzle-orm";
import { COMPETITORS } from "~/core/competitors";
import { directoryPaths, isIndexableList } from "~/core/directory";
import {
  INVESTOR_LETTERS,
  type InvestorSummary,
  investorPaths,
  isIndexableInvestor,
} from "~/core/investor-pages";
import { cachedLru } from "../cache.server";
import { readDataVersion } from "../companies/data-version.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { getDirectoryCatalog } from "../directory/directory-catalog.server";
import { getInvestorCatalog } from "../investors/investor-catalog.server";

/**
 * docs/product.md#directory, sitemaps: `/sitemap.xml` is an index over `/sitemaps/static.xml`, `/sitemaps/directory.xml` and
 * `/sitemaps/companies-N.xml`. Company sitemaps hold the companies whose ids fall in one block of
 * `chunkSize` ids (45,000 by default, under Google's 50,000), so a company keeps its sitemap and a block
 * never exceeds the limit; empty blocks are left out. They stream from the database in keyset batches on
 * the primary key: never the whole table in memory. Suppressed companies and noindex lists are left out;
 * lastmod is the records' `updated_at`.
 */
export const SITEMAP_CHUNK_SIZE = 45_000;
/** Rows per query while a company sitemap streams. */
const BATCH_ROWS = 5_000;

/** The public pages not built from the data: home, marketing, legal, the API reference, comparison pages. */
export const STATIC_PATHS: readonly string[] = [
  "/",
  "/contact",
  "/request-trial",
  "/terms",
  "/privacy",
  "/do-not-sell",
  "/docs/api",
  "/compare",
  ...COMPETITORS.map((competitor) => `/compare/${competitor.slug}`),
];

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const URLSET_CLOSE = "</urlset>\n";

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function absolute(origin: string, path: string): string {
  return escapeXml(`${origin.replace(/\/+$/, "")}${path}`);
}

function urlEntry(origin: string, path: string, lastModified?: string | null): string {
  const lastmod = lastModified ? `<lastmod>${lastModified}</lastmod>` : "";
  return `<url><loc>${absolute(origin, path)}</loc>${lastmod}</url>\n`;
}

export function companySitemapPath(chunk: number): string {
  return `/sitemaps/companies-${chunk}.xml`;
}

/** The company sitemaps that hold at least one company: their numbers (from 1) and newest `updated_at`. */
export async function companySitemapChunks(
  db: Db,
  chunkSize = SITEMAP_CHUNK_SIZE,
): Promise<Array<{ chunk: number; lastModified: string }>> {
  const rows = await queryRows<{ chunk: number; last_modified: string | Date }>(
    db,
    sql`select ((id - 1) / ${chunkSize})::int + 1 as chunk, max(updated_at) as last_modified
        from companies where not suppressed group by 1 order by 1`,
  );
  return rows.map((row) => ({
    chunk: Number(row.chunk),
    lastModified: new Date(row.last_modified).toISOString(),
  }));
}

/**
 * What the sitemap index is built from, as a version: the companies' data version (any write to companies
 * or suppressed_companies in any process) and the current similarity generation with its refresh time
 * (company_pairs is written only as a new generation, made current last). Two one-row reads.
 */
async function sitemapIndexVersion(db: Db): Promise<string> {
  const [dataVersion, [state]] = await Promise.all([
    readDataVersion(db),
    queryRows<{ generation: number; refreshed_at: string | Date }>(
      db,
      sql`select generation, refreshed_at from similarity_state where id = 1`,
    ),
  ]);
  const similarity = state ? `${state.generation}@${new Date(state.refreshed_at).toISOString()}` : "none";
  return `${dataVersion}/${similarity}`;
}

// docs/decisions/018: the index groups the whole companies table and the pairs; it is built once per
// version and served from memory to every request until the data changes (the hour bounds an idle
// process's copy). Anyone may ask for it, as often as they like.
const indexCache = cachedLru<Db, string>({ ttlMs: 60 * 60_000, maxEntries: 4 });

/** Drops this process's sitemap index (tests; other processes follow the versions). */
export function invalidateSitemapIndex(): void {
  indexCache.invalidate();
}

/** The sitemap index: static, directory, then one sitemap per non-empty block of company ids. */
export async function sitemapIndex(db: Db, origin: string, chunkSize = SITEMAP_CHUNK_SIZE): Promise<string> {
  const version = await sitemapIndexVersion(db);
  return indexCache.get(db, `${chunkSize} ${origin}`, version, () =>
    buildSitemapIndex(db, origin, chunkSize),
  );
}

async function buildSitemapIndex(db: Db, origin: string, chunkSize: number): Promise<string> {
  const [catalog, chunks, compareChunks, investorChunks] = await Promise.all([
    getDirectoryCatalog(db),
    companySitemapChunks(db, chunkSize),
    compareSitemapChunks(db),
    investorSitemapChunks(db, chunkSize),
  ]);
  const entry = (path: string, lastModified: string | null) =>
    `<sitemap><loc>${absolute(origin, path)}</loc>${lastModified ? `<lastmod>${lastModified}</lastmod>` : ""}</sitemap>\n`;
  return [
    `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`,
    entry("/sitemaps/static.xml", null),
    entry("/sitemaps/directory.xml", catalog.lastModified),
    ...chunks.map(({ chunk, lastModified }) => entry(companySitemapPath(chunk), lastModified)),
    ...compareChunks.map(({ chunk, lastModified }) => entry(compareSitemapPath(chunk), lastModified)),
    ...investorChunks.map(({ chunk, lastModified }) => entry(investorSitemapPath(chunk), lastModified)),
    "</sitemapindex>\n",
  ].join("");
}

export function staticSitemap(origin: string): string {
  return URLSET_OPEN + STATIC_PATHS.map((path) => urlEntry(origin, path)).join("") + URLSET_CLOSE;
}

/**
 * The directory's pages worth indexing: the hub and index pages, and the first page of every city, industry
 * and letter list with at least MIN_INDEXABLE_COMPANIES companies (deeper pages are reached through their
 * links).
 */
export async function directorySitemap(db: Db, origin: string): Promise<string> {
  const catalog = await getDirectoryCatalog(db);
  const lines = [
    urlEntry(origin, directoryPaths.hub, catalog.lastModified),
    urlEntry(origin, directoryPaths.cities, catalog.lastModified),
    urlEntry(origin, directoryPaths.industries, catalog.lastModified),
    urlEntry(origin, directoryPaths.companies, catalog.lastModified),
  ];
  for (const city of catalog.cities) {
    if (isIndexableList(city.companies))
      lines.push(urlEntry(origin, directoryPaths.city(city.slug), city.lastModified));
  }
  for (const industry of catalog.industries) {
    if (isIndexableList(industry.companies)) {
      lines.push(urlEntry(origin, directoryPaths.industry(industry.slug), industry.lastModified));
    }
  }
  for (const letter of catalog.letters) {
    if (isIndexableList(letter.companies)) {
      lines.push(urlEntry(origin, directoryPaths.letter(letter.letter), letter.lastModified));
    }
  }
  // docs/product.md#investors: the investors hub and its A-Z pages with at least as many investors as a
  // directory list needs.
  const investors = await getInvestorCatalog(db);
  lines.push(urlEntry(origin, investorPaths.hub));
  for (const letter of INVESTOR_LETTERS) {
    if (isIndexableList(investors.byLetter.get(letter)?.length ?? 0)) {
      lines.push(urlEntry(origin, investorPaths.letter(letter)));
    }
  }
  return URLSET_OPEN + lines.join("") + URLSET_CLOSE;
}

export function investorSitemapPath(chunk: number): string {
  return `/sitemaps/investors-${chunk}.xml`;
}

/** The block of ids an investor's page is listed under (as companies: an investor keeps its sitemap). */
function investorChunkOf(investor: InvestorSummary, chunkSize: number): number {
  return Math.floor((investor.id - 1) / chunkSize) + 1;
}

/**
 * docs/product.md#investors: the investor sitemaps that hold an indexable investor page (thin pages are in
 * none), from the investor catalog (per data version), with their newest round as lastmod.
 */
export async function investorSitemapChunks(
  db: Db,
  chunkSize = SITEMAP_CHUNK_SIZE,
): Promise<Array<{ chunk: number; lastModified: string | null }>> {
  const newest = new Map<number, string | null>();
  for (const investor of (await getInvestorCatalog(db)).investors) {
    if (!isIndexableInvestor(investor.companies)) continue;
    const chunk = investorChunkOf(investor, chunkSize);
    const held = newest.get(chunk) ?? null;
    newest.set(chunk, held === null || (investor.lastRoundOn ?? "") > held ? investor.lastRoundOn : held);
  }
  return [...newest].sort(([a], [b]) => a - b).map(([chunk, lastModified]) => ({ chunk, lastModified }));
}

/** One investor sitemap: the indexable investor pages of block `chunk`, or null when it holds none. */
export async function investorSitemap(
  db: Db,
  origin: string,
  chunk: number,
  chunkSize = SITEMAP_CHUNK_SIZE,
): Promise<string | null> {
  const lines: string[] = [];
  for (const investor of (await getInvestorCatalog(db)).investors) {
    if (!isIndexableInvestor(investor.companies) || investorChunkOf(investor, chunkSize) !== chunk) continue;
    lines.push(urlEntry(origin, investorPaths.investor(investor.slug), investor.lastRoundOn));
  }
  return lines.length === 0 ? null : URLSET_OPEN + lines.join("") + URLSET_CLOSE;
}

/**
 * One company sitemap, streamed: the companies with ids in block `chunk` that are not suppressed, in id
 * order, read BATCH_ROWS at a time as the client reads (a pull stream). Null when the block holds none.
 */
export async function companySitemapStream(
  db: Db,
  origin: string,
  chunk: number,
  chunkSize = SITEMAP_CHUNK_SIZE,
): Promise<ReadableStream<Uint8Array> | null> {
  const first = (chunk - 1) * chunkSize;
  const last = chunk * chunkSize;
  const readBatch = (after: number) =>
    queryRows<{ id: number; slug: string; updated_at: string | Date }>(
      db,
      sql`select id, slug, updated_at from companies
          where id > ${after} and id <= ${last} and not suppressed order by id limit ${BATCH_ROWS}`,
    );
  const firstBatch = await readBatch(first);
  if (firstBatch.length === 0) return null;
  const encoder = new TextEncoder();
  let batch: typeof firstBatch | null = firstBatch;
  let isOpen = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!isOpen) {
          isOpen = true;
          controller.enqueue(encoder.encode(URLSET_OPEN));
        }
        if (batch === null || batch.length === 0) {
          controller.enqueue(encoder.encode(URLSET_CLOSE));
          controller.close();
          return;
        }
        const rows = batch;
        let text = "";
        for (const row of rows) {
          text += urlEntry(origin, directoryPaths.company(row.slug), new Date(row.updated_at).toISOString());
        }
        controller.enqueue(encoder.encode(text));
        batch = rows.length < BATCH_ROWS ? null : await readBatch(rows.at(-1)?.id ?? last);
      },
    },
    { highWaterMark: 0 },
  );
}

export function compareSitemapPath(chunk: number): string {
  return `/sitemaps/compare-${chunk}.xml`;
}

/** The compare sitemaps that hold a pair: their numbers (blocks) and the last similarity refresh's time. */
export async function compareSitemapChunks(db: Db): Promise<Array<{ chunk: number; lastModified: string }>> {
  const rows = await queryRows<{ chunk: number; last_modified: string | Date }>(
    db,
    sql`select distinct p.block as chunk, st.refreshed_at as last_modified
        from company_pairs p join similarity_state st on st.id = 1 and st.generation = p.generation
        order by 1`,
  );
  return rows.map((row) => ({
    chunk: Number(row.chunk),
    lastModified: new Date(row.last_modified).toISOString(),
  }));
}

/**
 * One compare sitemap, streamed: the pairs the last similarity refresh chose for the companies of block
 * `chunk` (server/similarity: each pair once, at its canonical path), read BATCH_ROWS at a time in primary-key
 * order, without the pairs of a suppressed company. lastmod is the refresh's time. Null when the block holds
 * no pair.
 */
export async function compareSitemapStream(
  db: Db,
  origin: string,
  chunk: number,
): Promise<ReadableStream<Uint8Array> | null> {
  const [state] = await queryRows<{ generation: number; refreshed_at: string | Date }>(
    db,
    sql`select generation, refreshed_at from similarity_state where id = 1`,
  );
  if (!state) return null;
  const lastModified = new Date(state.refreshed_at).toISOString();
  const readBatch = (after: { a: number; b: number }) =>
    queryRows<{ a_id: number; b_id: number; path: string }>(
      db,
      sql`select p.a_id, p.b_id, p.path from company_pairs p
          where p.generation = ${state.generation} and p.block = ${chunk} and (p.a_id, p.b_id) > (${after.a}, ${after.b})
            and not exists (select 1 from suppressed_companies s where s.company_id in (p.a_id, p.b_id))
          order by p.a_id, p.b_id limit ${BATCH_ROWS}`,
    );
  let batch = await readBatch({ a: 0, b: 0 });
  if (batch.length === 0) return null;
  const encoder = new TextEncoder();
  let isOpen = false;
  let isLast = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!isOpen) {
          isOpen = true;
          controller.enqueue(encoder.encode(URLSET_OPEN));
          return;
        }
        if (isLast) {
          controller.enqueue(encoder.encode(URLSET_CLOSE));
          controller.close();
          return;
        }
        let text = "";
        for (const row of batch) text += urlEntry(origin, row.path, lastModified);
        controller.enqueue(encoder.encode(text));
        const end = batch.at(-1);
        if (batch.length < BATCH_ROWS || !end) isLast = true;
        else {
          batch = await readBatch({ a: end.a_id, b: end.b_id });
          if (batch.length === 0) isLast = true;
        }
      },
    },
    { highWaterMark: 0 },
  );
}
