import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import type { Db } from "../db/database.server";
import { siteSettings } from "../db/schema";
import { getSiteSettings, lockSiteSettings, updateSiteSettings } from "./site-settings.server";

const database = setUpTestDatabase();

describe("site settings (docs/product.md#data: one row, id 1)", () => {
  it("has the defaults: LP search shown (docs/product.md#lps: the LP database is built), the marketing claims", async () => {
    expect(await getSiteSettings(database.db)).toEqual({
      hideLpSearch: false,
      contactsExportedClaim: "1.2m+",
      businessesTrustedClaim: "2,000+",
    });
  });

  it("recreates a deleted row with the defaults", async () => {
    await database.db.update(siteSettings).set({ businessesTrustedClaim: "5,000+" });
    await database.db.delete(siteSettings);
    expect((await getSiteSettings(database.db)).businessesTrustedClaim).toBe("2,000+");
  });

  it("refuses a second row", async () => {
    await expect(database.db.insert(siteSettings).values({ id: 2 })).rejects.toThrow();
    await database.db.update(siteSettings).set({ hideLpSearch: true }).where(eq(siteSettings.id, 1));
    expect((await getSiteSettings(database.db)).hideLpSearch).toBe(true);
  });
});

describe("updateSiteSettings and lockSiteSettings (docs/product.md#admin)", () => {
  it("writes only the given settings, and the next read sees them", async () => {
    const saved = await updateSiteSettings(database.db, { businessesTrustedClaim: "3,000+" });
    expect(saved).toEqual({
      hideLpSearch: false,
      contactsExportedClaim: "1.2m+",
      businessesTrustedClaim: "3,000+",
    });
    expect(await getSiteSettings(database.db)).toEqual(saved);
  });

  it("recreates a deleted row with the defaults and the given settings", async () => {
    await database.db.delete(siteSettings);
    expect(await updateSiteSettings(database.db, { hideLpSearch: true })).toEqual({
      hideLpSearch: true,
      contactsExportedClaim: "1.2m+",
      businessesTrustedClaim: "2,000+",
    });
    expect(await database.db.select({ id: siteSettings.id }).from(siteSettings)).toEqual([{ id: 1 }]);
  });

  it("reads row 1 for update inside a transaction, recreating it when missing", async () => {
    await database.db.delete(siteSettings);
    const locked = await database.db.transaction(async (tx) => lockSiteSettings(tx as Db));
    expect(locked).toEqual({
      hideLpSearch: false,
      contactsExportedClaim: "1.2m+",
      businessesTrustedClaim: "2,000+",
    });
    expect(await database.db.select({ id: siteSettings.id }).from(siteSettings)).toEqual([{ id: 1 }]);
  });
});
