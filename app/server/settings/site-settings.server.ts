import { eq } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { type SiteSettingsRow, siteSettings } from "../db/schema";

/** spec 3: the single site_settings row, id 1. */
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
