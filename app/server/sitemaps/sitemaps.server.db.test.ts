import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { comparePath } from "~/core/compare";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { queryRows } from "../db/query-rows.server";
import { companies } from "../db/schema";
import { invalidateDirectoryCatalog } from "../directory/directory-catalog.server";
import { similarCompanyIds } from "../similarity/similar-companies.server";
import { refreshSimilarities } from "../similarity/similarity-refresh.server";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import {
  companySitemapChunks,
  companySitemapStream,
  compareSitemapChunks,
  compareSitemapStream,
  directorySitemap,
  invalidateSitemapIndex,
  sitemapIndex,
  staticSitemap,
} from "./sitemaps.server";

const database = setUpTestDatabase();
const ORIGIN = "https://roundlist.example";
const SECRET = "sitemap-test-secret-0123456789abcdef";

beforeEach(() => {
  invalidateDirectoryCatalog();
  invalidateSitemapIndex();
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");

async function text(stream: ReadableStream<Uint8Array> | null): Promise<string> {
  if (!stream) throw new Error("no sitemap");
  return new Response(stream).text();
}

/** Ten companies with ids 1-10 (the identity restarts with each test's database). */
async function seedTen() {
  const rows = Array.from({ length: 10 }, (_, index) =>
    company(`Co ${index}`, {
      slug: `co-${index}`,
      city: "Austin",
      country: "United States",
      industries: ["SaaS"],
    }),
  );
  await database.db.insert(companies).values(rows);
  const ids = await queryRows<{ id: number; slug: string }>(
    database.db,
    sql`select id, slug from companies order by id`,
  );
  return ids;
}

describe("company sitemaps", () => {
  it("split companies into blocks of ids, leave out suppressed ones and empty blocks, stream every block", async () => {
    const ids = await seedTen();
    const chunkSize = 4;
    await database.db.update(companies).set({ email: "x@co3.example" }).where(sql`slug = 'co-3'`);
    await requestDoNotSell(database.db, "x@co3.example", SECRET);
    const firstId = ids[0]?.id ?? 1;
    const chunks = await companySitemapChunks(database.db, chunkSize);
    const expectedChunks = [
      ...new Set(
        ids.filter((row) => row.slug !== "co-3").map((row) => Math.floor((row.id - 1) / chunkSize) + 1),
      ),
    ];
    expect(chunks.map((chunk) => chunk.chunk)).toEqual(expectedChunks);
    const all: string[] = [];
    for (const { chunk } of chunks) {
      const xml = await text(await companySitemapStream(database.db, ORIGIN, chunk, chunkSize));
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
      expect(xml.trim().endsWith("</urlset>")).toBe(true);
      const urls = locs(xml);
      expect(urls.length).toBeLessThanOrEqual(chunkSize);
      all.push(...urls);
    }
    expect(all).toEqual(
      ids.filter((row) => row.slug !== "co-3").map((row) => `${ORIGIN}/company/${row.slug}`),
    );
    expect(firstId).toBeGreaterThan(0);
    expect(await companySitemapStream(database.db, ORIGIN, 99, chunkSize)).toBeNull();
  });

  it("gives each URL its record's updated_at as lastmod", async () => {
    await seedTen();
    await database.db
      .update(companies)
      .set({ updatedAt: new Date("2026-05-06T07:08:09Z") })
      .where(sql`slug = 'co-0'`);
    const [chunk] = await companySitemapChunks(database.db, 100);
    const xml = await text(await companySitemapStream(database.db, ORIGIN, chunk?.chunk ?? 1, 100));
    expect(xml).toContain(
      `<url><loc>${ORIGIN}/company/co-0</loc><lastmod>2026-05-06T07:08:09.000Z</lastmod></url>`,
    );
  });

  it("streams a block larger than one query batch completely", async () => {
    const rows = Array.from({ length: 5_200 }, (_, index) =>
      company(`Bulk ${index}`, { slug: `bulk-${index}` }),
    );
    for (let start = 0; start < rows.length; start += 1_000) {
      await database.db.insert(companies).values(rows.slice(start, start + 1_000));
    }
    const chunks = await companySitemapChunks(database.db, 45_000);
    expect(chunks).toHaveLength(1);
    const urls = locs(await text(await companySitemapStream(database.db, ORIGIN, chunks[0]?.chunk ?? 1)));
    expect(urls).toHaveLength(5_200);
    expect(new Set(urls).size).toBe(5_200);
  });
});

describe("the sitemap index and the other sitemaps", () => {
  it("lists static, directory and each non-empty company sitemap", async () => {
    await seedTen();
    const index = await sitemapIndex(database.db, ORIGIN, 4);
    const listed = locs(index);
    expect(listed.slice(0, 2)).toEqual([`${ORIGIN}/sitemaps/static.xml`, `${ORIGIN}/sitemaps/directory.xml`]);
    expect(listed.slice(2).every((url) => /\/sitemaps\/companies-\d+\.xml$/.test(url))).toBe(true);
    expect(listed.length - 2).toBe((await companySitemapChunks(database.db, 4)).length);
    expect(locs(staticSitemap(ORIGIN))).toContain(`${ORIGIN}/privacy`);
    expect(locs(staticSitemap(ORIGIN))).toContain(`${ORIGIN}/docs/api`);
  });

  it("lists directory pages with at least 5 companies and leaves thin ones out", async () => {
    await seedTen();
    await database.db
      .insert(companies)
      .values(company("Lonely", { slug: "lonely", city: "Oslo", country: "Norway", industries: ["Niche"] }));
    const urls = locs(await directorySitemap(database.db, ORIGIN));
    expect(urls).toContain(`${ORIGIN}/directory/cities/austin-united-states`);
    expect(urls).toContain(`${ORIGIN}/directory/industries/saas`);
    expect(urls).toContain(`${ORIGIN}/directory/companies/c`);
    expect(urls).not.toContain(`${ORIGIN}/directory/cities/oslo-norway`);
    expect(urls).not.toContain(`${ORIGIN}/directory/industries/niche`);
    expect(urls).not.toContain(`${ORIGIN}/directory/companies/l`);
  });
});

describe("compare sitemaps", () => {
  it("list each chosen pair once, at its canonical URL, and no suppressed company", async () => {
    const rows = Array.from({ length: 9 }, (_, index) =>
      company(`Peer ${index}`, {
        slug: `peer-${index}`,
        industries: ["SaaS"],
        lastFundingType: "Seed",
        country: "Germany",
        email: `f${index}@peer${index}.example`,
      }),
    );
    await database.db.insert(companies).values(rows);
    await refreshSimilarities(database.db);
    await requestDoNotSell(database.db, "f8@peer8.example", SECRET);
    // Nine companies: all in the first block of 15,000 ids.
    const chunks = await compareSitemapChunks(database.db);
    expect(chunks.map((chunk) => chunk.chunk)).toEqual([1]);
    const urls: string[] = [];
    for (const { chunk } of chunks) {
      const stream = await compareSitemapStream(database.db, ORIGIN, chunk);
      if (stream) urls.push(...locs(await text(stream)));
    }
    expect(await compareSitemapStream(database.db, ORIGIN, 2)).toBeNull();
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) {
      const [a = "", b = ""] = url.replace(`${ORIGIN}/compare/`, "").split("-vs-");
      expect(a < b, url).toBe(true);
      expect(url).not.toContain("peer-8");
    }
    // Every chosen pair of a visible company is there: each company's three most similar.
    const ids = await queryRows<{ id: number; slug: string }>(
      database.db,
      sql`select id, slug from companies`,
    );
    const slugOf = new Map(ids.map((row) => [row.id, row.slug]));
    for (const row of ids.filter((row) => row.slug !== "peer-8")) {
      const top = (await similarCompanyIds(database.db, row.id, 3)) ?? [];
      for (const { id, rank } of top) {
        if (rank > 3) continue;
        expect(urls).toContain(`${ORIGIN}${comparePath(row.slug, slugOf.get(id) ?? "")}`);
      }
    }
  });
});

describe("the sitemap index (docs/decisions/018)", () => {
  it("is built once per data version and similarity generation, not per request", async () => {
    await seedTen();
    await refreshSimilarities(database.db);
    const first = await sitemapIndex(database.db, ORIGIN);
    expect(locs(first)).toContain(`${ORIGIN}/sitemaps/compare-1.xml`);
    // A pair row no refresh made current: the aggregation would list its block; the cached index does not,
    // because neither version moved (the request did not group the tables again).
    const [state] = await queryRows<{ generation: number }>(
      database.db,
      sql`select generation from similarity_state where id = 1`,
    );
    await database.db.execute(
      sql`insert into company_pairs (generation, block, a_id, b_id, path)
          values (${state?.generation ?? 0}, 77, 1, 2, '/compare/x-vs-y')`,
    );
    expect(await sitemapIndex(database.db, ORIGIN)).toBe(first);
    // A new refresh time is a new version: the index is built again and shows the block.
    await database.db.execute(sql`update similarity_state set refreshed_at = now() + interval '1 second'`);
    const rebuilt = await sitemapIndex(database.db, ORIGIN);
    expect(locs(rebuilt)).toContain(`${ORIGIN}/sitemaps/compare-77.xml`);
    // A write to companies is a new data version: a new block of ids appears at once.
    await database.db.insert(companies).values(company("Far", { slug: "far", id: 90_001 }));
    expect(locs(await sitemapIndex(database.db, ORIGIN))).toContain(`${ORIGIN}/sitemaps/companies-3.xml`);
  });
});
