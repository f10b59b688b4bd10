import { sql } from "drizzle-orm";
import { LP_CSV_COLUMNS, LP_CSV_LIST_SEPARATOR } from "~/core/lp-csv-columns";
import { lpMatchingIds } from "~/core/lp-index";
import type { LpSearchState } from "~/core/lp-search-params";
import {
  ACCEPTS_EMERGING_OPTIONS,
  ASSET_CLASS_OPTIONS,
  GEO_FOCUS_OPTIONS,
  type LpOption,
  lpOptionLabel,
  lpTypeLabel,
  MFO_MODEL_OPTIONS,
  SECTOR_FOCUS_OPTIONS,
  STAGE_FOCUS_OPTIONS,
} from "~/core/lp-types";
import type { ExportOptions } from "../companies/export.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { type CsvExport, type CsvRecord, csvStream, type RecordSource } from "../http/csv-stream.server";
import { lpIndexOf, lpTextNeedle } from "./lp-catalog.server";

/**
 * LPs per batch: each batch is one short query for those LPs and their contacts (about 2.5 rows each), so
 * nothing stays open between batches and other requests run in between, on PGlite as on a server.
 */
const BATCH_LPS = 400;

interface ExportRow {
  name: string;
  type: string;
  city: string | null;
  region: string | null;
  country: string | null;
  website: string | null;
  aum_usd: string | null;
  aum_as_of: string | null;
  check_min_usd: string | null;
  check_max_usd: string | null;
  asset_classes: string[];
  stage_focus: string[];
  sector_focus: string[];
  geo_focus: string[];
  accepts_emerging: string;
  backs_first_time_funds: boolean;
  mfo_model: string | null;
  description: string | null;
  first_name: string | null;
  last_name: string | null;
  title: string | null;
  email: string | null;
  linkedin: string | null;
}

function labels(options: readonly LpOption[], slugs: readonly string[]): string {
  return slugs.map((slug) => lpOptionLabel(options, slug)).join(LP_CSV_LIST_SEPARATOR);
}

/** One CSV record in LP_CSV_COLUMNS order: labels rather than slugs, so the file reads (and imports) as is. */
function recordOf(row: ExportRow): CsvRecord {
  return [
    row.name,
    lpTypeLabel(row.type),
    row.city,
    row.region,
    row.country,
    row.website,
    row.aum_usd,
    row.aum_as_of,
    row.check_min_usd,
    row.check_max_usd,
    labels(ASSET_CLASS_OPTIONS, row.asset_classes),
    labels(STAGE_FOCUS_OPTIONS, row.stage_focus),
    labels(SECTOR_FOCUS_OPTIONS, row.sector_focus),
    labels(GEO_FOCUS_OPTIONS, row.geo_focus),
    lpOptionLabel(ACCEPTS_EMERGING_OPTIONS, row.accepts_emerging),
    row.backs_first_time_funds ? "Yes" : "No",
    row.mfo_model === null ? null : lpOptionLabel(MFO_MODEL_OPTIONS, row.mfo_model),
    row.description,
    row.first_name,
    row.last_name,
    row.title,
    row.email,
    row.linkedin,
  ];
}

/**
 * docs/product.md#lps: every LP the view matches, in its order, one row per contact (an LP without contacts is one row
 * with the contact columns empty). The matching ids come from the LP index once, in order (100,000 ids are
 * under 1 MB);
 * then each batch reads its LPs with their contacts. A contact removed meanwhile (a do-not-sell request
 * deletes it) is not in the batches read after that.
 */
export async function streamLpsCsv(db: Db, state: LpSearchState, options: ExportOptions): Promise<CsvExport> {
  options.signal?.throwIfAborted();
  const [index, needle] = await Promise.all([lpIndexOf(db), lpTextNeedle(db, state.q)]);
  const ids = lpMatchingIds(index, state, needle);
  let next = 0;
  const source: RecordSource = {
    async next() {
      const batch = ids.slice(next, next + BATCH_LPS);
      next += batch.length;
      if (batch.length === 0) return { records: [], isLast: true };
      const rows = await queryRows<ExportRow & Record<string, unknown>>(
        db,
        sql`select l.name, l.type, l.city, l.region, l.country, l.website, l.aum_usd::text as aum_usd,
                   l.aum_as_of::text as aum_as_of, l.check_min_usd::text as check_min_usd,
                   l.check_max_usd::text as check_max_usd, l.asset_classes, l.stage_focus, l.sector_focus,
                   l.geo_focus, l.accepts_emerging, l.backs_first_time_funds, l.mfo_model, l.description,
                   c.first_name, c.last_name, c.title, c.email, c.linkedin
              from unnest(${sql.param(batch)}::int[]) with ordinality as u(id, ord)
              join lps l on l.id = u.id
              left join lp_contacts c on c.lp_id = l.id
             order by u.ord, c.position, c.id`,
      );
      return { records: rows.map(recordOf), isLast: next >= ids.length };
    },
    async close() {
      next = ids.length;
    },
  };
  const { stream, done } = csvStream(source, { headers: LP_CSV_COLUMNS }, options.signal);
  return { stream, done };
}
