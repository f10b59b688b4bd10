import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { type SiteSettingsRow, siteSettings } from "../db/schema";

/** docs/product.md#data: the single site_settings row, id 1. */
export const SITE_SETTINGS_ID = 1;

export type SiteSettings = Omit<SiteSettingsRow, "id" | "updatedAt">;

/** Reads row 1; the first migration creates it, and a missing row is recreated with the defaults. */
export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, SITE_SETTINGS_ID));
  if (row) return toSettings(row);
  const [created] = await db
    .insert(siteSettings)
    .values({ id: SITE_SETTINGS_ID })
    .onConflictDoUpdate({ target: siteSettings.id, set: { id: SITE_SETTINGS_ID } })
    .returning();
  if (!created) throw new Error("site_settings row 1 could not be created");
  return toSettings(created);
}

function toSettings({ id: _id, updatedAt: _updatedAt, ...settings }: SiteSettingsRow): SiteSettings {
  return settings;
}

/**
 * Row 1 locked for the rest of the caller's transaction (`for update`), so two admins saving at once
 * each see the other's save as the value before theirs. A missing row is recreated first.
 */
export async function lockSiteSettings(tx: Db): Promise<SiteSettings> {
  await tx.insert(siteSettings).values({ id: SITE_SETTINGS_ID }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(siteSettings)
    .where(eq(siteSettings.id, SITE_SETTINGS_ID))
    .for("update");
  if (!row) throw new Error("site_settings row 1 could not be locked");
  return toSettings(row);
}

/**
 * Writes the given settings to row 1 (recreating it if it was deleted) and stamps updated_at. Nothing is cached: every request reads the
 * row (getSiteSettings), so the change shows at once in every app process.
 */
export async function updateSiteSettings(db: Db, changes: Partial<SiteSettings>): Promise<SiteSettings> {
  const set = { ...changes, updatedAt: sql`now()` };
  // An upsert: a missing row is recreated with the defaults and these changes.
  const [row] = await db
    .insert(siteSettings)
    .values({ id: SITE_SETTINGS_ID, ...set })
    .onConflictDoUpdate({ target: siteSettings.id, set })
    .returning();
  if (!row) throw new Error("site_settings row 1 could not be written");
  return toSettings(row);
}
