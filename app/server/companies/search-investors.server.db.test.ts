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

  it("keeps the 20 a full sort gives: those starting with the text first, then by name", async () => {
    const names = [
      ...Array.from({ length: 30 }, (_, n) => `Fund Number ${n + 1}`),
      "Number Twelve Capital",
      "number one ventures",
      "Numbers Angels",
      "Zeta Numbering",
    ];
    await resolveInvestors(
      database.db,
      names.map((name) => ({ name })),
    );
    const expected = names
      .map((name) => ({ name, at: name.toLowerCase().indexOf("number") }))
      .sort((a, b) => Number(a.at !== 0) - Number(b.at !== 0) || a.name.localeCompare(b.name))
      .slice(0, 20)
      .map(({ name }) => name);
    expect((await findInvestors(database.db, "Number")).map((investor) => investor.name)).toEqual(expected);
    expect(expected.slice(0, 3)).toEqual(["number one ventures", "Number Twelve Capital", "Numbers Angels"]);
  });
});
