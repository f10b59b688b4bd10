import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { queryRows } from "../db/query-rows.server";
import { companies, companyInvestors, fundingRounds, investors, people, roundInvestors } from "../db/schema";
import { companyPeople, companyRounds } from "../directory/company-rounds.server";
import { investorSitemap, investorSitemapChunks } from "../sitemaps/sitemaps.server";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import { getInvestorCatalog, invalidateInvestorCatalog } from "./investor-catalog.server";
import { getInvestorFacts, invalidateInvestorFacts, investorRoundsPage } from "./investor-page.server";

const database = setUpTestDatabase();

beforeEach(() => {
  invalidateInvestorCatalog();
  invalidateInvestorFacts();
});

async function addInvestor(name: string, type = "venture_capital") {
  const slug = name.toLowerCase().replaceAll(" ", "-");
  const [row] = await database.db
    .insert(investors)
    .values({ slug, name, nameKey: name.toLowerCase(), type: type as "venture_capital" })
    .returning({ id: investors.id });
  return row?.id ?? 0;
}

async function addCompany(name: string, fields: Parameters<typeof company>[1] = {}) {
  const [row] = await database.db
    .insert(companies)
    .values(company(name, { slug: name.toLowerCase().replaceAll(" ", "-"), ...fields }))
    .returning({ id: companies.id });
  return row?.id ?? 0;
}

/** A round of `companyId` with its investors ({ id, lead }), links carrying the round's company and date. */
async function addRound(
  companyId: number,
  announcedOn: string,
  fundingType: string,
  amountUsd: number,
  links: ReadonlyArray<{ id: number; lead?: boolean }>,
) {
  const [round] = await database.db
    .insert(fundingRounds)
    .values({ companyId, announcedOn, fundingType, amountUsd, source: "demo", investorCount: links.length })
    .returning({ id: fundingRounds.id });
  const roundId = round?.id ?? 0;
  if (links.length > 0) {
    await database.db.insert(roundInvestors).values(
      links.map((link) => ({
        roundId,
        investorId: link.id,
        companyId,
        announcedOn,
        isLead: link.lead ?? false,
      })),
    );
  }
  return roundId;
}

/**
 * Atlas Ventures backs six companies (a visible page: five or more), one of them later hidden by a do-not-sell
 * request; Beacon Angels joins two of its rounds; Cove Capital has one round and a thin page.
 */
async function seedInvestors() {
  const atlas = await addInvestor("Atlas Ventures");
  const beacon = await addInvestor("Beacon Angels", "angel");
  const cove = await addInvestor("Cove Capital");
  const names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Hidden"];
  const ids: Record<string, number> = {};
  for (const name of names) {
    ids[name] = await addCompany(name, {
      industries: name === "Alpha" || name === "Bravo" ? ["SaaS", "AI"] : ["SaaS"],
      email: name === "Hidden" ? "boss@hidden.example" : null,
    });
  }
  const recent = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  await addRound(ids.Alpha ?? 0, "2019-03-01", "Seed", 1_000_000, [{ id: atlas }]);
  await addRound(ids.Alpha ?? 0, recent, "Series A", 10_000_000, [{ id: atlas, lead: true }, { id: beacon }]);
  await addRound(ids.Bravo ?? 0, "2022-05-01", "Seed", 2_000_000, [
    { id: atlas, lead: true },
    { id: beacon },
  ]);
  await addRound(ids.Charlie ?? 0, "2023-01-01", "Seed", 3_000_000, [{ id: atlas }]);
  await addRound(ids.Delta ?? 0, "2023-06-01", "Series A", 8_000_000, [{ id: atlas }, { id: cove }]);
  await addRound(ids.Echo ?? 0, "2024-02-01", "Series B", 20_000_000, [{ id: atlas }]);
  await addRound(ids.Hidden ?? 0, "2025-01-01", "Seed", 4_000_000, [
    { id: atlas, lead: true },
    { id: beacon },
  ]);
  return { atlas, beacon, cove, ids, recent };
}

describe("the investor catalog (docs/product.md#investors)", () => {
  it("counts each investor's visible companies and rounds; a company hidden by do-not-sell counts nowhere", async () => {
    const { atlas } = await seedInvestors();
    const before = (await getInvestorCatalog(database.db)).bySlug.get("atlas-ventures");
    expect(before).toMatchObject({ id: atlas, companies: 6, rounds: 7, recentRounds: 1 });
    await requestDoNotSell(database.db, "boss@hidden.example");
    const catalog = await getInvestorCatalog(database.db);
    expect(catalog.bySlug.get("atlas-ventures")).toMatchObject({
      companies: 5,
      rounds: 6,
      lastRoundOn: expect.any(String),
    });
    expect(catalog.bySlug.get("beacon-angels")).toMatchObject({ companies: 2, rounds: 2 });
    // The hub: investors with a round in the last 12 months, most such rounds first.
    expect(catalog.mostActive.map((investor) => investor.slug)).toEqual(["atlas-ventures", "beacon-angels"]);
    expect(catalog.byLetter.get("c")?.map((investor) => investor.slug)).toEqual(["cove-capital"]);
  });

  it("lists only indexable investors (five or more companies) in the investor sitemaps", async () => {
    await seedInvestors();
    await requestDoNotSell(database.db, "boss@hidden.example");
    expect(await investorSitemapChunks(database.db)).toHaveLength(1);
    const xml = await investorSitemap(database.db, "https://roundlist.example", 1);
    expect(xml).toContain("<loc>https://roundlist.example/investors/atlas-ventures</loc>");
    expect(xml).not.toContain("beacon-angels");
    expect(xml).not.toContain("cove-capital");
    expect(await investorSitemap(database.db, "https://roundlist.example", 2)).toBeNull();
  });
});

describe("an investor page (docs/product.md#investors)", () => {
  it("pages its rounds newest first with the company, stage, amount and lead; a hidden company is left out", async () => {
    const { atlas, recent } = await seedInvestors();
    const first = await investorRoundsPage(database.db, atlas, 1);
    expect(first.map((round) => [round.announcedOn, round.company.name, round.isLead])).toEqual([
      [recent, "Alpha", true],
      ["2025-01-01", "Hidden", true],
      ["2024-02-01", "Echo", false],
      ["2023-06-01", "Delta", false],
      ["2023-01-01", "Charlie", false],
      ["2022-05-01", "Bravo", true],
      ["2019-03-01", "Alpha", false],
    ]);
    expect(first[0]).toMatchObject({
      fundingType: "Series A",
      amountUsd: 10_000_000,
      company: { path: "/company/alpha" },
    });
    await requestDoNotSell(database.db, "boss@hidden.example");
    const after = await investorRoundsPage(database.db, atlas, 1);
    expect(after.map((round) => round.company.name)).not.toContain("Hidden");
    expect(await investorRoundsPage(database.db, atlas, 2)).toEqual([]);
  });

  it("reads a deep page from the index's order (50 a page)", async () => {
    const atlas = await addInvestor("Atlas Ventures");
    const id = await addCompany("Busy");
    for (let day = 1; day <= 55; day++) {
      await addRound(id, `2020-01-${String(((day - 1) % 28) + 1).padStart(2, "0")}`, "Seed", day, [
        { id: atlas },
      ]);
    }
    const first = await investorRoundsPage(database.db, atlas, 1);
    const second = await investorRoundsPage(database.db, atlas, 2);
    expect(first).toHaveLength(50);
    expect(second).toHaveLength(5);
    const ids = [...first, ...second].map((round) => round.roundId);
    expect(new Set(ids).size).toBe(55);
    const sortKeys = [...first, ...second].map(
      (round) => `${round.announcedOn}/${String(round.roundId).padStart(6, "0")}`,
    );
    expect(sortKeys).toEqual([...sortKeys].sort().reverse());
  });

  it("counts its stages, sectors, co-investors and led rounds over visible companies only", async () => {
    const { atlas } = await seedInvestors();
    await requestDoNotSell(database.db, "boss@hidden.example");
    const facts = await getInvestorFacts(database.db, atlas);
    expect(facts.stages).toEqual([
      { name: "Seed", count: 3 },
      { name: "Series A", count: 2 },
      { name: "Series B", count: 1 },
    ]);
    expect(facts.sectors).toEqual([
      { name: "SaaS", count: 5 },
      { name: "AI", count: 2 },
    ]);
    expect(facts.coInvestors.map((co) => [co.name, co.sharedRounds, co.path])).toEqual([
      ["Beacon Angels", 2, "/investors/beacon-angels"],
      ["Cove Capital", 1, "/investors/cove-capital"],
    ]);
    expect(facts.leadRounds).toBe(2);
  });
});

describe("a company page's rounds and people (docs/product.md#company-pages)", () => {
  it("lists rounds newest first with their investors, leads first, and 'backed by' without repeats", async () => {
    const { cove, ids } = await seedInvestors();
    await database.db
      .insert(companyInvestors)
      .values({ companyId: ids.Alpha ?? 0, investorId: cove, source: "demo" });
    const { rounds, backedBy } = await companyRounds(database.db, ids.Alpha ?? 0);
    expect(rounds.map((round) => round.fundingType)).toEqual(["Series A", "Seed"]);
    // decision 031: each round says where it came from.
    expect(rounds.map((round) => [round.sourceName, round.sourceUrl])).toEqual([
      ["Demo data", null],
      ["Demo data", null],
    ]);
    expect(rounds[0]?.investors).toEqual([
      { name: "Atlas Ventures", path: "/investors/atlas-ventures", isLead: true },
      { name: "Beacon Angels", path: "/investors/beacon-angels", isLead: false },
    ]);
    expect(backedBy.map((investor) => [investor.name, investor.isLead])).toEqual([
      ["Atlas Ventures", true],
      ["Beacon Angels", false],
      ["Cove Capital", false],
    ]);
  });

  it("masks each person's own address unless allowed; a deleted or suppressed person is not there (docs/product.md#do-not-sell)", async () => {
    const id = await addCompany("Peopled");
    await database.db.insert(people).values([
      {
        companyId: id,
        position: 0,
        firstName: "Ada",
        lastName: "Lovelace",
        title: "CEO",
        roleKind: "founder",
        email: "ada@peopled.example",
        source: "demo",
      },
      {
        companyId: id,
        position: 1,
        firstName: "Alan",
        lastName: "Turing",
        roleKind: "founder",
        email: "alan@peopled.example",
        source: "demo",
      },
      {
        companyId: id,
        position: 2,
        firstName: "Grace",
        lastName: "Hopper",
        roleKind: "executive",
        email: "grace@peopled.example",
        source: "demo",
      },
    ]);
    // decision 032: Ada's address has a status (shown beside the masked address: it is not secret).
    await database.db.execute(
      sql`insert into email_addresses (email, status, checked_at, method, source)
          values ('ada@peopled.example', 'valid', '2026-11-02T10:00:00Z', 'mailbox', 'imported')`,
    );
    const masked = await companyPeople(database.db, id, false);
    expect(masked.map(({ id: personId, ...person }) => ({ ...person, hasId: personId !== null }))).toEqual([
      {
        name: "Ada Lovelace",
        title: "CEO",
        kind: "founder",
        email: "a*a@peopled.example",
        isEmailMasked: true,
        emailStatus: { status: "valid", checkedAt: "2026-11-02T10:00:00Z", source: "imported" },
        hasId: true,
      },
      {
        name: "Alan Turing",
        title: "Founder",
        kind: "founder",
        email: "a**n@peopled.example",
        isEmailMasked: true,
        emailStatus: { status: null, checkedAt: null, source: null },
        hasId: true,
      },
      {
        name: "Grace Hopper",
        title: "Executive",
        kind: "executive",
        email: "g***e@peopled.example",
        isEmailMasked: true,
        emailStatus: { status: null, checkedAt: null, source: null },
        hasId: true,
      },
    ]);
    expect(JSON.stringify(masked)).not.toMatch(/[a-z]{2,}@peopled/);
    expect((await companyPeople(database.db, id, true))[1]).toMatchObject({
      email: "alan@peopled.example",
      isEmailMasked: false,
    });

    await requestDoNotSell(database.db, "alan@peopled.example");
    await queryRows(database.db, sql`delete from people where first_name = 'Grace'`);
    const after = await companyPeople(database.db, id, true);
    expect(after.map((person) => person.name)).toEqual(["Ada Lovelace"]);
  });
});
