import { type SQL, sql } from "drizzle-orm";
import { type LpIndex, LpIndexBuilder, type LpIndexRow } from "~/core/lp-index";
import { readLpDataVersion } from "../companies/data-version.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { logger } from "../logger.server";

/**
 * docs/product.md#lps (decision 015): the in-memory LP index of this process (core/lp-index.ts), for the LP data
 * version it was read at. Every LP search reads the version (one primary-key row) and reloads the index
 * when another process, an import or a do-not-sell request changed the LPs: each process answers from the
 * current data. One load at a time per database: requests that arrive during a load wait for it.
 */
interface Loaded {
  version: string;
  index: Promise<LpIndex>;
}

const loaded = new WeakMap<Db, Loaded>();

interface IndexRowData {
  id: number;
  name_key: string;
  type: string;
  country: string | null;
  aum_usd: string | number | null;
  check_min_usd: string | number | null;
  check_max_usd: string | number | null;
  asset_classes: string[];
  stage_focus: string[];
  sector_focus: string[];
  accepts_emerging: string;
  backs_first_time_funds: boolean;
  search_text: string | null;
}

const amount = (value: string | number | null) => (value === null ? null : Number(value));

/** LPs read per query while loading: the row objects of one batch at a time, not of every LP at once. */
const LOAD_BATCH = 10_000;

/** Reads every LP into a new index, `batch` LPs a query. */
export async function loadLpIndex(db: Db, version: string, batch = LOAD_BATCH): Promise<LpIndex> {
  const started = performance.now();
  const builder = new LpIndexBuilder();
  // The name order as the database sorts it (lps_name_order_idx: the bytes of lower(name), then id), read
  // in keyset slices of that index.
  let after: { key: string; id: number } | null = null;
  for (;;) {
    const from: SQL = after
      ? sql`where (lower(name) collate "C", id) > (${after.key}::text collate "C", ${after.id})`
      : sql``;
    const rows = await queryRows<IndexRowData & Record<string, unknown>>(
      db,
      sql`select id, lower(name) as name_key, type, country, aum_usd, check_min_usd, check_max_usd,
                 asset_classes, stage_focus, sector_focus, accepts_emerging, backs_first_time_funds, search_text
            from lps ${from} order by lower(name) collate "C", id limit ${batch}`,
    );
    builder.add(rows.map(toIndexRow));
    const last = rows.at(-1);
    if (!last || rows.length < batch) break;
    after = { key: last.name_key, id: last.id };
  }
  const index = builder.finish();
  logger.debug(
    { lps: index.size, version, ms: Math.round(performance.now() - started) },
    "loaded the LP index",
  );
  return index;
}

function toIndexRow(row: IndexRowData): LpIndexRow {
  return {
    id: row.id,
    type: row.type,
    country: row.country,
    aumUsd: amount(row.aum_usd),
    checkMinUsd: amount(row.check_min_usd),
    checkMaxUsd: amount(row.check_max_usd),
    assetClasses: row.asset_classes,
    stageFocus: row.stage_focus,
    sectorFocus: row.sector_focus,
    acceptsEmerging: row.accepts_emerging,
    backsFirstTimeFunds: row.backs_first_time_funds,
    searchText: row.search_text,
  };
}

/** The LP index at the current LP data version (loaded now if the LPs changed since the last load). */
export async function lpIndexOf(db: Db): Promise<LpIndex> {
  const version = await readLpDataVersion(db);
  const current = loaded.get(db);
  if (current?.version === version) return current.index;
  const index = loadLpIndex(db, version);
  loaded.set(db, { version, index });
  // A failed load is forgotten, so the next search tries again.
  index.catch(() => {
    if (loaded.get(db)?.index === index) loaded.delete(db);
  });
  return index;
}

/**
 * The text query as lps.search_text holds text: NFC and lowered by the database's own lower() (JavaScript's
 * toLowerCase differs: "İ"), so a substring test in memory means what LIKE '%q%' means in SQL.
 */
export async function lpTextNeedle(db: Db, q: string): Promise<string> {
  if (q === "") return "";
  const [row] = await queryRows<{ needle: string }>(
    db,
    sql`select normalize(lower(${q}::text), NFC) as needle`,
  );
  return row?.needle ?? q.toLowerCase();
}
