import { sql } from "drizzle-orm";
import { type ContinentOrOther, continentOf } from "~/core/continents";
import { citySlug, type DirectoryLetter, industrySlug, letterOfSlug } from "~/core/directory";
import { cachedPerKey } from "../cache.server";
import { readDataVersion } from "../companies/data-version.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";

/** What a directory page says about a group of companies: how many, what they raised, when last changed. */
export interface GroupFigures {
  companies: number;
  /** Sum of Total Funding Amount (in USD) over the group (companies without one add nothing). */
  totalFundingUsd: number;
  /** The newest `updated_at` of the group's companies (ISO 8601): the sitemaps' lastmod. */
  lastModified: string;
}

export interface CityEntry extends GroupFigures {
  slug: string;
  city: string;
  country: string;
  /** The region when all of the city's companies name the same one ("Texas"), else null. */
  region: string | null;
  continent: ContinentOrOther;
}

export interface IndustryEntry extends GroupFigures {
  slug: string;
  /** An industry or an industry group: the search's industry filter matches either (docs/product.md#filters). */
  name: string;
}

export interface LetterEntry extends GroupFigures {
  letter: DirectoryLetter;
}

/**
 * Every figure the directory shows, from three aggregate queries over the companies that are not
 * suppressed. On a large table they take seconds together on the server (the industries' the most;
 * measured in decision 009), so they are computed
 * once per data version (data-version.server.ts) and shared by every directory page, sitemap and request
 * until the next write to companies or suppressed_companies in any process; that next read recomputes them.
 */
export interface DirectoryCatalog {
  totalCompanies: number;
  totalFundingUsd: number;
  lastModified: string | null;
  cities: CityEntry[];
  citiesBySlug: ReadonlyMap<string, CityEntry>;
  industries: IndustryEntry[];
  industriesBySlug: ReadonlyMap<string, IndustryEntry>;
  industriesByName: ReadonlyMap<string, IndustryEntry>;
  letters: LetterEntry[];
}

interface FigureRow extends Record<string, unknown> {
  companies: number;
  funding: string | number | null;
  last_modified: string | Date;
}

function figuresOf(row: FigureRow): GroupFigures {
  return {
    companies: Number(row.companies),
    totalFundingUsd: Number(row.funding ?? 0),
    lastModified: new Date(row.last_modified).toISOString(),
  };
}

const FIGURES = sql.raw(
  "count(*)::int as companies, sum(total_funding_amount_usd)::float8 as funding, max(updated_at) as last_modified",
);

/** Gives each name its slug; a second name with the same slug (rare: "E-Commerce", "Ecommerce") gets "-2". */
function assignSlugs<T extends { slug: string }>(entries: T[]): Map<string, T> {
  const bySlug = new Map<string, T>();
  for (const entry of entries) {
    let slug = entry.slug;
    for (let suffix = 2; bySlug.has(slug); suffix++) slug = `${entry.slug}-${suffix}`;
    entry.slug = slug;
    bySlug.set(slug, entry);
  }
  return bySlug;
}

async function loadCities(db: Db): Promise<CityEntry[]> {
  const rows = await queryRows<FigureRow & { city: string; country: string; region: string | null }>(
    db,
    sql`select city, country, case when count(distinct region) = 1 then min(region) end as region, ${FIGURES}
        from companies
        where not suppressed and city is not null and city <> '' and country is not null and country <> ''
        group by country, city order by country, city`,
  );
  return rows.map((row) => ({
    slug: citySlug(row.city, row.country),
    city: row.city,
    country: row.country,
    region: row.region,
    continent: continentOf(row.country),
    ...figuresOf(row),
  }));
}

async function loadIndustries(db: Db): Promise<IndustryEntry[]> {
  // A company counts once under a name that is both one of its industries and one of its groups: its groups
  // are counted only where its industries do not name them. (Lists hold no repeats: the importer and the
  // demo generator drop them.) Faster than a DISTINCT per row (decision 009 has the figures).
  const rows = await queryRows<FigureRow & { name: string }>(
    db,
    sql`select name, count(*)::int as companies, sum(funding)::float8 as funding, max(updated_at) as last_modified
        from (
          select unnest(c.industries) as name, c.total_funding_amount_usd as funding, c.updated_at
          from companies c where not c.suppressed
          union all
          select g, c.total_funding_amount_usd, c.updated_at
          from companies c cross join unnest(c.industry_groups) as g
          where not c.suppressed and not (g = any(c.industries))
        ) named
        where btrim(name) <> ''
        group by name order by name`,
  );
  return rows.map((row) => ({ slug: industrySlug(row.name), name: row.name, ...figuresOf(row) }));
}

async function loadLetters(db: Db): Promise<LetterEntry[]> {
  const rows = await queryRows<FigureRow & { first: string }>(
    db,
    sql`select left(slug, 1) as first, ${FIGURES} from companies where not suppressed group by 1 order by 1`,
  );
  const byLetter = new Map<DirectoryLetter, GroupFigures>();
  for (const row of rows) {
    const letter = letterOfSlug(row.first);
    const figures = figuresOf(row);
    const held = byLetter.get(letter);
    byLetter.set(
      letter,
      held
        ? {
            companies: held.companies + figures.companies,
            totalFundingUsd: held.totalFundingUsd + figures.totalFundingUsd,
            lastModified: [held.lastModified, figures.lastModified].sort().at(-1) as string,
          }
        : figures,
    );
  }
  return [...byLetter].map(([letter, figures]) => ({ letter, ...figures }));
}

async function loadCatalog(db: Db): Promise<DirectoryCatalog> {
  const [cities, industries, letters] = await Promise.all([
    loadCities(db),
    loadIndustries(db),
    loadLetters(db),
  ]);
  const industriesBySlug = assignSlugs(industries);
  const totalCompanies = letters.reduce((sum, entry) => sum + entry.companies, 0);
  const totalFundingUsd = letters.reduce((sum, entry) => sum + entry.totalFundingUsd, 0);
  const lastModified = letters.reduce<string | null>(
    (newest, entry) => (newest === null || entry.lastModified > newest ? entry.lastModified : newest),
    null,
  );
  return {
    totalCompanies,
    totalFundingUsd,
    lastModified,
    cities,
    citiesBySlug: assignSlugs(cities),
    industries,
    industriesBySlug,
    industriesByName: new Map(industries.map((entry) => [entry.name, entry])),
    letters,
  };
}

// The version decides freshness; the hour only bounds how long an idle process keeps a large value.
const catalogCache = cachedPerKey(60 * 60_000, loadCatalog);

export async function getDirectoryCatalog(db: Db): Promise<DirectoryCatalog> {
  return catalogCache.get(db, await readDataVersion(db));
}

/** Drops this process's catalog (tests; other processes follow the data version). */
export function invalidateDirectoryCatalog(): void {
  catalogCache.invalidate();
}
