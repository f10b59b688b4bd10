import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import type { Db } from "../db/database.server";
import { siteSettings } from "../db/schema";
import { getSiteSettings, lockSiteSettings, updateSiteSettings } from "./site-settings.server";

const database = setUpTestDatabase();

describe("site settings (spec 3: one row, id 1)", () => {
  it("has the spec's defaults: LP search hidden, the marketing claims", async () => {
    expect(await getSiteSettings(database.db)).toEqual({
      hideLpSearch: true,
      contactsExportedClaim: "1.2m+",
      businessesTrustedClaim: "2,000+",
    });
  });

  it("recreates a deleted row with the defaults", async () => {
    await database.db.delete(siteSettings);
    expect((await getSiteSettings(database.db)).hideLpSearch).toBe(true);
  });

  it("refuses a second row", async () => {
    await expect(database.db.insert(siteSettings).values({ id: 2 })).rejects.toThrow();
    await database.db.update(siteSettings).set({ hideLpSearch: false }).where(eq(siteSettings.id, 1));
    expect((await getSiteSettings(database.db)).hideLpSearch).toBe(false);
  });
});

describe("updateSiteSettings and lockSiteSettings (issue 16)", () => {
  it("writes only the given settings, and the next read sees them", async () => {
    const saved = await updateSiteSettings(database.db, { businessesTrustedClaim: "3,000+" });
    expect(saved).toEqual({
      hideLpSearch: true,
      contactsExportedClaim: "1.2m+",
      businessesTrustedClaim: "3,000+",
    });
    expect(await getSiteSettings(database.db)).toEqual(saved);
  });

  it("recreates a deleted row with the defaults and the given settings", async () => {
    await database.db.delete(siteSettings);
    expect(await updateSiteSettings(database.db, { hideLpSearch: false })).toEqual({
      hideLpSearch: false,
      contactsExportedClaim: "1.2m+",
      businessesTrustedClaim: "2,000+",
    });
    expect(await database.db.select({ id: siteSettings.id }).from(siteSettings)).toEqual([{ id: 1 }]);
  });

  it("reads row 1 for update inside a transaction, recreating it when missing", async () => {
    await database.db.delete(siteSettings);
    const locked = await database.db.transaction(async (tx) => lockSiteSettings(tx as Db));
    expect(locked.hideLpSearch).toBe(true);
    expect(await database.db.select({ id: siteSettings.id }).from(siteSettings)).toEqual([{ id: 1 }]);
  });
});
