import { sql } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { recordImportedAddresses } from "./address-statuses.server";

/** The marker in data_backfills: done once per database. */
const STATUS_BACKFILL = "email_statuses";
/** Addresses a transaction: each is a statement of the form check and one insert. */
const CHUNK = 20_000;

/**
 * decision 032: the addresses stored before statuses existed get their form's status, once per database
 * (after that, every import records its own). Returns how many addresses it gave one, or null when it had
 * run before.
 */
export async function backfillAddressStatuses(db: Db): Promise<number | null> {
  const done = await queryRows(db, sql`select name from data_backfills where name = ${STATUS_BACKFILL}`);
  if (done.length > 0) return null;
  let recorded = 0;
  for (;;) {
    const rows = await queryRows<{ email: string }>(
      db,
      sql`select distinct lower(p.email) as email from people p
          where p.email is not null and btrim(p.email) <> ''
            and not exists (select 1 from email_addresses a where a.email = lower(p.email))
          limit ${CHUNK}`,
    );
    if (rows.length === 0) break;
    const added = await recordImportedAddresses(
      db,
      rows.map((row) => row.email),
    );
    recorded += added;
    // An address the form check could not key (only spaces around it) would come back forever.
    if (added === 0) break;
  }
  await db.execute(
    sql`insert into data_backfills (name) values (${STATUS_BACKFILL}) on conflict (name) do nothing`,
  );
  return recorded;
}
