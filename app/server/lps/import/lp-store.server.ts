import { asc, inArray, sql } from "drizzle-orm";
import type { ImportedLp, ImportedLpContact } from "../../../core/lp-import-row";
import { slugify } from "../../../core/slug";
import type { Db } from "../../db/database.server";
import { queryRows } from "../../db/query-rows.server";
import { lpContacts, lps } from "../../db/schema";
import { allocateSlugsAmong } from "../../imports/slug-allocation.server";
import type { LpValueKey } from "./lp-keys";

/** A stored LP an import may match: its id and the values an import compares. */
export type StoredLp = ImportedLp & { id: number };

/** A stored contact of an LP an import replaces the contacts of. */
export type StoredContact = ImportedLpContact & { id: number; lpId: number; position: number };

const LP_VALUES = {
  id: lps.id,
  name: lps.name,
  type: lps.type,
  city: lps.city,
  region: lps.region,
  country: lps.country,
  website: lps.website,
  websiteDomain: lps.websiteDomain,
  aumUsd: lps.aumUsd,
  aumAsOf: lps.aumAsOf,
  checkMinUsd: lps.checkMinUsd,
  checkMaxUsd: lps.checkMaxUsd,
  assetClasses: lps.assetClasses,
  stageFocus: lps.stageFocus,
  sectorFocus: lps.sectorFocus,
  geoFocus: lps.geoFocus,
  acceptsEmerging: lps.acceptsEmerging,
  backsFirstTimeFunds: lps.backsFirstTimeFunds,
  mfoModel: lps.mfoModel,
  description: lps.description,
};

/**
 * The stored LPs rows could match: those with one of the website domains, or one of the names, ignoring
 * case (the country is compared by the caller). One query per batch; the name probe is spelled as the name
 * order index reads (`lower(name) collate "C"`), so it is an index lookup, and lower-cases the names with
 * the database's own lower(), so a name matches whatever case rules the database's collation has.
 */
export async function loadStoredLps(tx: Db, domains: string[], names: string[]): Promise<StoredLp[]> {
  if (domains.length === 0 && names.length === 0) return [];
  const rows = await tx
    .select(LP_VALUES)
    .from(lps)
    .where(
      sql`${lps.websiteDomain} = any(${sql.param(domains)}::text[])
          or lower(${lps.name}) collate "C" = any(array(select lower(n) from unnest(${sql.param(names)}::text[]) n))`,
    )
    .orderBy(asc(lps.id));
  return rows as StoredLp[];
}

/** The stored contacts of these LPs, each LP's in its order. */
export async function loadStoredContacts(tx: Db, lpIds: number[]): Promise<StoredContact[]> {
  if (lpIds.length === 0) return [];
  return tx
    .select({
      id: lpContacts.id,
      lpId: lpContacts.lpId,
      position: lpContacts.position,
      firstName: lpContacts.firstName,
      lastName: lpContacts.lastName,
      title: lpContacts.title,
      email: lpContacts.email,
      linkedin: lpContacts.linkedin,
    })
    .from(lpContacts)
    .where(inArray(lpContacts.lpId, lpIds))
    .orderBy(asc(lpContacts.lpId), asc(lpContacts.position), asc(lpContacts.id));
}

/** A contact to insert (new) or to update (`id` set), at its position among its LP's contacts. */
export type ContactWrite = ImportedLpContact & { id: number | null; lpId: number; position: number };

/** What one batch writes. New LPs get their ids here (`assignIds`) before their contacts are written. */
export interface LpWrites {
  newLps: Array<{ lp: ImportedLp; setId(id: number): void }>;
  /** New LPs' contacts: their LP id is known once `newLps` have ids. */
  newLpContacts: Array<{ lpIndex: number; contact: ImportedLpContact; position: number }>;
  updatedLps: Array<{ id: number; lp: ImportedLp }>;
  contacts: ContactWrite[];
}

/** LP columns (snake case) with their SQL types, for jsonb_to_recordset. */
const LP_COLUMNS: ReadonlyArray<{ key: LpValueKey; name: string; type: string }> = [
  { key: "name", name: "name", type: "text" },
  { key: "type", name: "type", type: "text" },
  { key: "city", name: "city", type: "text" },
  { key: "region", name: "region", type: "text" },
  { key: "country", name: "country", type: "text" },
  { key: "website", name: "website", type: "text" },
  { key: "websiteDomain", name: "website_domain", type: "text" },
  { key: "aumUsd", name: "aum_usd", type: "bigint" },
  { key: "aumAsOf", name: "aum_as_of", type: "date" },
  { key: "checkMinUsd", name: "check_min_usd", type: "bigint" },
  { key: "checkMaxUsd", name: "check_max_usd", type: "bigint" },
  { key: "assetClasses", name: "asset_classes", type: "text[]" },
  { key: "stageFocus", name: "stage_focus", type: "text[]" },
  { key: "sectorFocus", name: "sector_focus", type: "text[]" },
  { key: "geoFocus", name: "geo_focus", type: "text[]" },
  { key: "acceptsEmerging", name: "accepts_emerging", type: "text" },
  { key: "backsFirstTimeFunds", name: "backs_first_time_funds", type: "boolean" },
  { key: "mfoModel", name: "mfo_model", type: "text" },
  { key: "description", name: "description", type: "text" },
];

const CONTACT_RECORD = sql.raw(
  "id integer, lp_id integer, position integer, first_name text, last_name text, title text, email text, linkedin text",
);

function lpRecord(lp: ImportedLp): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const column of LP_COLUMNS) record[column.name] = lp[column.key];
  return record;
}

function contactRecord(contact: ContactWrite): Record<string, unknown> {
  return {
    id: contact.id,
    lp_id: contact.lpId,
    position: contact.position,
    first_name: contact.firstName,
    last_name: contact.lastName,
    title: contact.title,
    email: contact.email,
    linkedin: contact.linkedin,
  };
}

/**
 * Writes a batch, as the demo seed writes LPs (lp-seed.server.ts): new LPs' ids are drawn from their
 * sequence first, contacts are written while their foreign key is deferred, then the LPs, whose own trigger
 * builds their search text with their contacts already there, so a new LP is written once. Each table's
 * rows travel as one JSON parameter (a parameter per value cost more CPU than the writes). An update sets
 * only the file's columns (`fields`) and the update time.
 */
export async function writeLpBatch(tx: Db, writes: LpWrites, fields: readonly LpValueKey[]): Promise<void> {
  const newIds = await drawLpIds(tx, writes.newLps.length);
  writes.newLps.forEach((entry, index) => {
    entry.setId(newIds[index] as number);
  });
  const slugs = await allocateSlugsAmong(
    writes.newLps.map(({ lp }) => slugify(lp.name, "lp")),
    (candidates) => takenLpSlugs(tx, candidates),
  );
  const contacts = [
    ...writes.contacts,
    ...writes.newLpContacts.map(({ lpIndex, contact, position }) => ({
      ...contact,
      id: null,
      lpId: newIds[lpIndex] as number,
      position,
    })),
  ];
  await tx.execute(sql`set constraints lp_contacts_lp_id_lps_id_fk deferred`);
  const updates = contacts.filter((contact) => contact.id !== null);
  if (updates.length > 0) {
    await tx.execute(sql`update lp_contacts c
      set position = r.position, first_name = r.first_name, last_name = r.last_name, title = r.title,
          email = r.email, linkedin = r.linkedin, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(updates.map(contactRecord))}::jsonb) as r(${CONTACT_RECORD})
      where c.id = r.id`);
  }
  const inserts = contacts.filter((contact) => contact.id === null);
  if (inserts.length > 0) {
    await tx.execute(sql`insert into lp_contacts (lp_id, position, first_name, last_name, title, email, linkedin)
      select lp_id, position, first_name, last_name, title, email, linkedin
      from jsonb_to_recordset(${JSON.stringify(inserts.map(contactRecord))}::jsonb) as r(${CONTACT_RECORD})`);
  }
  if (writes.newLps.length > 0) {
    const records = writes.newLps.map(({ lp }, index) => ({
      ...lpRecord(lp),
      id: newIds[index],
      slug: slugs[index],
    }));
    const names = LP_COLUMNS.map((column) => column.name).join(", ");
    const types = LP_COLUMNS.map((column) => `${column.name} ${column.type}`).join(", ");
    await tx.execute(sql`insert into lps (id, slug, ${sql.raw(names)})
      select id, slug, ${sql.raw(names)}
      from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(id integer, slug text, ${sql.raw(types)})`);
  }
  if (writes.updatedLps.length > 0) {
    const written = LP_COLUMNS.filter((column) => fields.includes(column.key));
    const records = writes.updatedLps.map(({ id, lp }) => ({ ...lpRecord(lp), id }));
    const sets = [...written.map((column) => `${column.name} = r.${column.name}`), "updated_at = now()"];
    // Only a multi-family office has an MFO model (a check constraint): a file that changes an LP's type
    // without an MFO Model column drops the stored model of one that is no longer a multi-family office.
    if (fields.includes("type") && !fields.includes("mfoModel")) {
      sets.push("mfo_model = case when r.type = 'multi-family-office' then lps.mfo_model end");
    }
    const types = written.map((column) => `${column.name} ${column.type}`);
    await tx.execute(sql`update lps set ${sql.raw(sets.join(", "))}
      from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${sql.raw(["id integer", ...types].join(", "))})
      where lps.id = r.id`);
  }
  // Checks the batch's contacts against their LPs now, and puts the constraint back as it was.
  await tx.execute(sql`set constraints lp_contacts_lp_id_lps_id_fk immediate`);
}

async function drawLpIds(tx: Db, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('lps', 'id'))::int as id
        from generate_series(1, ${count}::int) order by 1`,
  );
  if (rows.length !== count) throw new Error("importLps: the LPs' sequence gave too few ids");
  return rows.map((row) => Number(row.id));
}

async function takenLpSlugs(tx: Db, slugs: string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const rows = await queryRows<{ slug: string }>(
    tx,
    sql`select slug from lps where slug = any(${sql.param(slugs)}::text[])`,
  );
  return new Set(rows.map((row) => row.slug));
}

/**
 * Deletes the stored contacts an import's file did not name for LPs whose contacts it named (at the end of
 * the file: until then a later row may still name them).
 */
export async function deleteContacts(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`delete from lp_contacts where id = any(${sql.param([...ids])}::int[])`);
}
