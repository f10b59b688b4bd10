import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { siteSettings } from "../db/schema";
import { getSiteSettings } from "./site-settings.server";

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
