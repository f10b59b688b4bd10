import { sql } from "drizzle-orm";
import {
  type InvestorType,
  investorDomain,
  investorNameKey,
  investorSlug,
  matchInvestor,
  mergedInvestorType,
  type StoredInvestor,
} from "../../core/investor-match";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";

/** An investor as a source names it. */
export interface InvestorSpelling {
  name: string;
  website?: string | null;
  type?: InvestorType;
  city?: string | null;
  region?: string | null;
  country?: string | null;
}

interface KnownInvestor extends StoredInvestor {
  type: InvestorType;
}

/**
 * decision 030, investor matching against the stored investors: resolves a batch's spellings to investor
 * ids, creating the investors no stored one matches, with one query for the candidates and one insert for the
 * new ones. The map it returns is keyed by `spellingKey`. Call it in the transaction that writes the links.
 */
export async function resolveInvestors(
  db: Db,
  spellings: readonly InvestorSpelling[],
): Promise<{ ids: Map<string, number>; created: number }> {
  const ids = new Map<string, number>();
  if (spellings.length === 0) return { ids, created: 0 };
  const candidates = spellings
    .map((spelling) => ({
      spelling,
      nameKey: investorNameKey(spelling.name),
      domain: investorDomain(spelling.website),
    }))
    .filter((candidate) => candidate.nameKey !== "");
  const keys = [...new Set(candidates.map((candidate) => candidate.nameKey))];
  const domains = [
    ...new Set(candidates.flatMap((candidate) => (candidate.domain ? [candidate.domain] : []))),
  ];
  const stored: KnownInvestor[] = (
    await queryRows<{ id: number; name_key: string; website_domain: string | null; type: InvestorType }>(
      db,
      sql`select id, name_key, website_domain, type from investors
          where name_key = any(${sql.param(keys)}::text[]) or website_domain = any(${sql.param(domains)}::text[])`,
    )
  ).map((row) => ({ id: row.id, nameKey: row.name_key, domain: row.website_domain, type: row.type }));

  // matchInvestor looks only at investors sharing the candidate's domain or name key: indexed by both, a
  // batch's matching stays linear in its spellings.
  const storedIndex = new InvestorIndex<KnownInvestor>(stored);
  // New investors of this batch match later spellings of it too: they get provisional negative ids.
  const pending: Array<KnownInvestor & { spelling: InvestorSpelling }> = [];
  const pendingIndex = new InvestorIndex<KnownInvestor & { spelling: InvestorSpelling }>([]);
  const typeUpdates = new Map<number, InvestorType>();
  for (const candidate of candidates) {
    const key = spellingKey(candidate.spelling);
    if (ids.has(key)) continue;
    const incoming = candidate.spelling.type ?? "other";
    const match =
      matchInvestor(candidate, storedIndex.near(candidate)) ??
      matchInvestor(candidate, pendingIndex.near(candidate));
    if (match) {
      ids.set(key, match.id);
      const merged = mergedInvestorType(match.type, incoming);
      if (merged !== match.type) {
        match.type = merged;
        if (match.id > 0) typeUpdates.set(match.id, merged);
      }
      continue;
    }
    const provisional = {
      id: -(pending.length + 1),
      nameKey: candidate.nameKey,
      domain: candidate.domain,
      type: incoming,
      spelling: candidate.spelling,
    };
    pending.push(provisional);
    pendingIndex.add(provisional);
    ids.set(key, provisional.id);
  }

  if (typeUpdates.size > 0) {
    const updates = [...typeUpdates].map(([id, type]) => ({ id, type }));
    await db.execute(
      sql`update investors i set type = r.type, updated_at = now()
          from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as r(id integer, type text) where i.id = r.id`,
    );
  }
  if (pending.length === 0) return { ids, created: 0 };

  const bases = pending.map((investor) => investorSlug(investor.spelling.name, () => false));
  const taken = new Set(
    (
      await queryRows<{ slug: string }>(
        db,
        sql`select slug from investors where slug = any(${sql.param(bases)}::text[])
              or slug like any(${sql.param(bases.map((base) => `${base}-%`))}::text[])`,
      )
    ).map((row) => row.slug),
  );
  const records = pending.map((investor) => {
    const slug = investorSlug(investor.spelling.name, (candidate) => taken.has(candidate));
    taken.add(slug);
    return {
      provisional: investor.id,
      slug,
      name: investor.spelling.name.trim(),
      name_key: investor.nameKey,
      type: investor.type,
      website: investor.domain ? (investor.spelling.website?.trim() ?? null) : null,
      website_domain: investor.domain,
      city: investor.spelling.city ?? null,
      region: investor.spelling.region ?? null,
      country: investor.spelling.country ?? null,
    };
  });
  const inserted = await queryRows<{ id: number; slug: string }>(
    db,
    sql`insert into investors (slug, name, name_key, type, website, website_domain, city, region, country)
        select slug, name, name_key, type, website, website_domain, city, region, country
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
          as r(slug text, name text, name_key text, type text, website text, website_domain text, city text, region text, country text)
        returning id, slug`,
  );
  const idOfSlug = new Map(inserted.map((row) => [row.slug, row.id]));
  const realId = new Map(records.map((record) => [record.provisional, idOfSlug.get(record.slug) ?? 0]));
  for (const [key, id] of ids) if (id < 0) ids.set(key, realId.get(id) ?? 0);
  return { ids, created: inserted.length };
}

/** Investors by domain and by name key: the only ones matchInvestor can choose for a candidate. */
class InvestorIndex<T extends KnownInvestor> {
  readonly #byKey = new Map<string, T[]>();

  constructor(investors: readonly T[]) {
    for (const investor of investors) this.add(investor);
  }

  add(investor: T): void {
    this.#push(`n:${investor.nameKey}`, investor);
    if (investor.domain !== null) this.#push(`d:${investor.domain}`, investor);
  }

  /** The investors with the candidate's domain or name key (each once), in the order they were added. */
  near(candidate: { nameKey: string; domain: string | null }): T[] {
    const byName = this.#byKey.get(`n:${candidate.nameKey}`) ?? [];
    if (candidate.domain === null) return byName;
    const byDomain = this.#byKey.get(`d:${candidate.domain}`) ?? [];
    return [...new Set([...byDomain, ...byName])];
  }

  #push(key: string, investor: T): void {
    const list = this.#byKey.get(key);
    if (list) list.push(investor);
    else this.#byKey.set(key, [investor]);
  }
}

/** The key `resolveInvestors` answers a spelling under: its name and website as given. */
export function spellingKey(spelling: InvestorSpelling): string {
  return `${spelling.name}\u001f${spelling.website ?? ""}`;
}
