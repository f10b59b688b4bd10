import { describe, expect, it } from "vitest";
import { continentOf } from "../../core/continents";
import { INVESTOR_TYPES } from "../../core/investor-match";
import { DEMO_CITIES } from "./cities";
import { DEFAULT_DEMO_INVESTOR_COUNT, generateInvestors } from "./generate-investors";

const investors = generateInvestors();
const share = (test: (investor: (typeof investors)[number]) => boolean) =>
  investors.filter(test).length / investors.length;

describe("generateInvestors (decision 028)", () => {
  it("is deterministic, about 3,000 by default, and depends on the seed", () => {
    expect(investors).toHaveLength(DEFAULT_DEMO_INVESTOR_COUNT);
    expect(DEFAULT_DEMO_INVESTOR_COUNT).toBe(3_000);
    expect(generateInvestors({ count: 200 })).toEqual(investors.slice(0, 200));
    expect(generateInvestors({ count: 50, seed: 2 }).map((investor) => investor.name)).not.toEqual(
      investors.slice(0, 50).map((investor) => investor.name),
    );
    expect(() => generateInvestors({ count: -1 })).toThrow(RangeError);
  });

  it("gives no two investors the same name", () => {
    const names = investors.map((investor) => investor.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it("has mostly venture firms, then angels, then corporate venture arms and accelerators", () => {
    for (const investor of investors) expect(INVESTOR_TYPES).toContain(investor.type);
    const vc = share((investor) => investor.type === "venture_capital");
    const angels = share((investor) => investor.type === "angel");
    const cvc = share((investor) => investor.type === "corporate_venture");
    expect(vc).toBeGreaterThan(0.45);
    expect(vc).toBeLessThan(0.65);
    expect(angels).toBeGreaterThan(cvc);
    expect(cvc).toBeGreaterThan(share((investor) => investor.type === "government"));
    for (const type of INVESTOR_TYPES)
      expect(
        share((investor) => investor.type === type),
        type,
      ).toBeGreaterThan(0);
  });

  it("names angels as people and gives most of them no website; firms' websites are on .example", () => {
    const angels = investors.filter((investor) => investor.type === "angel");
    expect(angels.filter((angel) => !/^\S+ (\S\. )?\S.*$/.test(angel.name))).toEqual([]);
    expect(angels.filter((angel) => angel.website === null).length / angels.length).toBeGreaterThan(0.75);
    const firms = investors.filter((investor) => investor.type !== "angel");
    expect(firms.filter((firm) => firm.website !== null).length / firms.length).toBeGreaterThan(0.85);
    expect(
      investors.filter(
        (investor) => investor.website !== null && !/^https:\/\/[a-z0-9-]+\.example$/.test(investor.website),
      ),
    ).toEqual([]);
    const websites = investors.flatMap((investor) => (investor.website === null ? [] : [investor.website]));
    expect(new Set(websites).size).toBe(websites.length);
  });

  it("places investors in the demo's cities with a US, Europe and Asia mix", () => {
    const cities = new Set(DEMO_CITIES.map((city) => `${city.city}|${city.region}|${city.country}`));
    expect(
      investors.filter((investor) => !cities.has(`${investor.city}|${investor.region}|${investor.country}`)),
    ).toEqual([]);
    const us = share((investor) => investor.country === "United States");
    expect(us).toBeGreaterThan(0.35);
    expect(us).toBeLessThan(0.6);
    expect(share((investor) => continentOf(investor.country) === "Europe")).toBeGreaterThan(0.15);
    expect(share((investor) => continentOf(investor.country) === "Asia")).toBeGreaterThan(0.1);
  });
});
