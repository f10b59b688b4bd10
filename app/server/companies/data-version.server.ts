import { sql } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";

/** The version before any write has set one (the row is missing only while a reset is half done). */
const NO_VERSION = "none";

/**
 * The current version of what searches see (docs/product.md#security): the id of the last transaction that wrote
 * companies or suppressed_companies, shared by every app process (schema.ts dataVersions, migration 0010's
 * triggers). A cached count, home figure or filter list is served only while the version it was loaded at
 * is still the current one, so a do-not-sell request, an import, a seed or an admin edit in any process
 * shows in every process on its next read.
 *
 * Read once per read of a cache, never cached itself: a single-row primary-key read costs about what
 * `select 1` does (measured in decision 005), and any
 * cache of it, even for a second, would let a process serve the old total over the new list for that
 * long after a do-not-sell request elsewhere. Read it before loading a value: the load then sees data at
 * least as new as the version it is stored under, so a write that commits meanwhile only makes the
 * value look older than it is (it is reloaded next time), never newer.
 */
export async function readDataVersion(db: Db): Promise<string> {
  const [row] = await queryRows<{ version: string }>(
    db,
    sql`select version::text as version from data_versions where id = 1`,
  );
  return row?.version ?? NO_VERSION;
}

/**
 * docs/product.md#lps: the version of what LP searches see (lps, lp_contacts; migration 0023's row 2), read like
 * readDataVersion and for the same reasons, before loading anything cached under it.
 */
export async function readLpDataVersion(db: Db): Promise<string> {
  const [row] = await queryRows<{ version: string }>(
    db,
    sql`select version::text as version from data_versions where id = 2`,
  );
  return row?.version ?? NO_VERSION;
}
