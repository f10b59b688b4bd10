import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { resolveInvestors } from "../company-summary/investor-store.server";
import { findInvestors, INVESTOR_MATCHES } from "./search-investors.server";

const database = setUpTestDatabase();

describe("findInvestors: the investor picker's name search (decision 030)", () => {
  it("finds names containing the text, those starting with it first, accents and case aside, at most 20", async () => {
    await resolveInvestors(database.db, [
      { name: "Société Générale Ventures" },
      { name: "Alpha Societe Partners" },
      { name: "Beta Capital" },
      ...Array.from({ length: 30 }, (_, n) => ({ name: `Fund Number ${n + 1}` })),
    ]);
    expect((await findInvestors(database.db, "SOCIETE")).map((investor) => investor.name)).toEqual([
      "Société Générale Ventures",
      "Alpha Societe Partners",
    ]);
    expect(await findInvestors(database.db, "beta")).toEqual([
      { slug: "beta-capital", name: "Beta Capital" },
    ]);
    expect(await findInvestors(database.db, "number")).toHaveLength(INVESTOR_MATCHES);
    expect(await findInvestors(database.db, "   ")).toEqual([]);
    expect(await findInvestors(database.db, "x".repeat(10_000))).toEqual([]);
  });
});
