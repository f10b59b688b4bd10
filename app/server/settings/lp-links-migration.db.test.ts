import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { adminAuditLog, siteSettings } from "../db/schema";
import { getSiteSettings } from "./site-settings.server";

const database = setUpTestDatabase();

/**
 * docs/product.md#lps: migration 0021 shows LP search by default now that the LP database exists, but leaves an
 * admin's explicit choice alone. Its UPDATE is run here, as written in the migration, over the states a
 * database can be in when it is applied.
 */
const MIGRATION = readFileSync(path.resolve("drizzle/0021_lp_links_shown.sql"), "utf8");
const UPDATE = MIGRATION.split("--> statement-breakpoint").find((statement) =>
  statement.includes('UPDATE "site_settings"'),
);

async function applyUpdate(): Promise<boolean> {
  if (!UPDATE) throw new Error("migration 0021 has no UPDATE of site_settings");
  await database.db.execute(sql.raw(UPDATE));
  return (await getSiteSettings(database.db)).hideLpSearch;
}

async function logSettingsChange(before: Record<string, unknown>, after: Record<string, unknown>) {
  await database.db.insert(adminAuditLog).values({
    actorEmail: "boss@example.com",
    action: "settings.update",
    targetType: "settings",
    targetId: "1",
    before,
    after,
  });
}

describe("migration 0021: LP search shown unless an admin chose to hide it", () => {
  it("shows LP search where the old default (hidden) was never touched", async () => {
    await database.db.update(siteSettings).set({ hideLpSearch: true });
    expect(await applyUpdate()).toBe(false);
  });

  it("shows it when admins changed only the marketing claims", async () => {
    await database.db.update(siteSettings).set({ hideLpSearch: true });
    await logSettingsChange({ contactsExportedClaim: "1.2m+" }, { contactsExportedClaim: "2m+" });
    expect(await applyUpdate()).toBe(false);
  });

  it("leaves it hidden when an admin's change of hideLpSearch is on record", async () => {
    await database.db.update(siteSettings).set({ hideLpSearch: true });
    await logSettingsChange({ hideLpSearch: false }, { hideLpSearch: true });
    expect(await applyUpdate()).toBe(true);
  });

  it("leaves a shown LP search shown", async () => {
    expect(await applyUpdate()).toBe(false);
  });
});
