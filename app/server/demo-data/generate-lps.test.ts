import { describe, expect, it } from "vitest";
import {
  ACCEPTS_EMERGING_VALUES,
  ASSET_CLASSES,
  GEO_FOCUSES,
  isPlausibleCheckRange,
  LP_TYPES,
  type LpRegion,
  lpRegionOf,
  SECTOR_FOCUSES,
  STAGE_FOCUSES,
} from "../../core/lp-types";
import {
  DEMO_LP_TYPE_SHARES,
  type DemoLp,
  generateLps,
  roundFigure,
  roundFigureAtMost,
} from "./generate-lps";

const TODAY = new Date("2026-11-25T12:00:00Z");
const generate = (count: number, seed?: number) =>
  Array.from(generateLps({ count, today: TODAY, ...(seed === undefined ? {} : { seed }) }));

// 20,000 LPs keep the sampling error of a 5% share near 0.15 points.
const many = generate(20_000);
const share = (rows: readonly DemoLp[], test: (row: DemoLp) => boolean) =>
  rows.filter(test).length / rows.length;

describe("generateLps", () => {
  it("is deterministic, and a larger count starts with the same LPs", () => {
    expect(generate(300)).toEqual(generate(300));
    expect(generate(100)).toEqual(generate(300).slice(0, 100));
    expect(generate(50, 7)).not.toEqual(generate(50, 8));
  });

  it("gives every LP a unique slug and only values of the LP vocabulary", () => {
    expect(new Set(many.map((lp) => lp.slug)).size).toBe(many.length);
    const within = (values: readonly string[], allowed: readonly string[]) =>
      values.every((value) => allowed.includes(value));
    const wrong = many.filter(
      (lp) =>
        !LP_TYPES.includes(lp.type) ||
        !ACCEPTS_EMERGING_VALUES.includes(lp.acceptsEmerging) ||
        lp.assetClasses.length === 0 ||
        lp.stageFocus.length === 0 ||
        lp.geoFocus.length === 0 ||
        !within(lp.assetClasses, ASSET_CLASSES) ||
        !within(lp.stageFocus, STAGE_FOCUSES) ||
        !within(lp.sectorFocus, SECTOR_FOCUSES) ||
        !within(lp.geoFocus, GEO_FOCUSES) ||
        (lp.mfoModel === null) !== (lp.type !== "multi-family-office") ||
        (lp.aumAsOf === null) !== (lp.aumUsd === null) ||
        (lp.aumAsOf !== null && lp.aumAsOf > "2026-09-30"),
    );
    expect(wrong).toEqual([]);
  });

  it("draws the types in the shares of the research notes", () => {
    expect(Object.values(DEMO_LP_TYPE_SHARES).reduce((sum, value) => sum + value, 0)).toBe(100);
    for (const type of LP_TYPES) {
      const percent = share(many, (lp) => lp.type === type) * 100;
      expect(Math.abs(percent - DEMO_LP_TYPE_SHARES[type])).toBeLessThan(1);
    }
  });

  it("puts headquarters mostly in North America and Europe", () => {
    const regionShare = (regions: LpRegion[]) =>
      share(many, (lp) => regions.includes(lpRegionOf(lp.country) as LpRegion)) * 100;
    expect(regionShare(["north-america"])).toBeGreaterThan(52);
    expect(regionShare(["north-america"])).toBeLessThan(57);
    expect(regionShare(["europe"])).toBeGreaterThan(23);
    expect(regionShare(["europe"])).toBeLessThan(27);
    expect(regionShare(["asia-pacific"])).toBeGreaterThan(10.5);
    expect(regionShare(["asia-pacific"])).toBeLessThan(14);
    expect(regionShare(["middle-east"])).toBeGreaterThan(4);
    expect(regionShare(["middle-east"])).toBeLessThan(7);
    expect(regionShare(["latin-america", "africa"])).toBeGreaterThan(2);
    expect(regionShare(["latin-america", "africa"])).toBeLessThan(4);
  });

  it("has about 40% accepting emerging managers, and first-time funds only from those that may", () => {
    expect(share(many, (lp) => lp.acceptsEmerging === "yes")).toBeGreaterThan(0.37);
    expect(share(many, (lp) => lp.acceptsEmerging === "yes")).toBeLessThan(0.45);
    expect(many.filter((lp) => lp.backsFirstTimeFunds && lp.acceptsEmerging === "no")).toEqual([]);
  });

  it("sizes AUM by type and checks that fit the AUM", () => {
    const medianAum = (type: string) => {
      const values = many
        .filter((lp) => lp.type === type && lp.aumUsd !== null)
        .map((lp) => lp.aumUsd as number)
        .sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)] as number;
    };
    expect(medianAum("hnwi")).toBeLessThan(medianAum("single-family-office"));
    expect(medianAum("single-family-office")).toBeLessThan(medianAum("public-pension"));
    expect(medianAum("public-pension")).toBeLessThan(medianAum("sovereign-wealth"));
    expect(
      many.filter(
        (lp) => !isPlausibleCheckRange(lp.aumUsd, lp.checkMinUsd, lp.checkMaxUsd) || lp.checkMinUsd <= 0,
      ),
    ).toEqual([]);
    const hnwi = many.filter((lp) => lp.type === "hnwi");
    expect(Math.max(...hnwi.map((lp) => lp.checkMaxUsd))).toBeLessThanOrEqual(2_000_000);
    const pensions = many.filter((lp) => lp.type === "public-pension");
    expect(Math.min(...pensions.map((lp) => lp.checkMaxUsd))).toBeGreaterThanOrEqual(25_000_000);
  });

  it("sizes AUM as the LP's type and name say: no firefighters' pension with hundreds of billions", () => {
    const B = 1_000_000_000;
    const M = 1_000_000;
    const bounds: readonly [RegExp, string, number, number][] = [
      [/Firefighters' and Police Pension Fund/, "public-pension", 0.5 * B, 20 * B],
      [/Municipal Pension Fund/, "public-pension", 0.5 * B, 30 * B],
      [/./, "public-pension", 0.5 * B, 500 * B],
      [/Family Foundation/, "foundation", 50 * M, 3 * B],
      [/School Endowment Fund/, "endowment", 50 * M, 2 * B],
      [/./, "single-family-office", 50 * M, 5 * B],
      [/./, "sovereign-wealth", 10 * B, 1000 * B],
    ];
    for (const [name, type, min, max] of bounds) {
      const matching = many.filter((lp) => lp.type === type && name.test(lp.name) && lp.aumUsd !== null);
      expect(matching.length, `${type} ${name}`).toBeGreaterThan(0);
      expect(
        matching
          .filter((lp) => (lp.aumUsd as number) < min || (lp.aumUsd as number) > max)
          .map((lp) => lp.name),
      ).toEqual([]);
    }
    const firefighters = many.filter((lp) => /Firefighters/.test(lp.name) && lp.aumUsd !== null);
    const teachers = many.filter((lp) => /State Teachers/.test(lp.name) && lp.aumUsd !== null);
    const medianOf = (lps: typeof many) =>
      [...lps.map((lp) => lp.aumUsd as number)].sort((a, b) => a - b)[Math.floor(lps.length / 2)] ?? 0;
    expect(medianOf(teachers)).toBeGreaterThan(5 * medianOf(firefighters));
  });

  it("gives 1-3 contacts each and 0-5 commitments within the check range", () => {
    const wrong = many.filter((lp) => {
      const names = new Set(lp.contacts.map((contact) => `${contact.firstName} ${contact.lastName}`));
      return (
        lp.contacts.length < 1 ||
        lp.contacts.length > 3 ||
        names.size !== lp.contacts.length ||
        lp.contacts.some((contact, index) => contact.position !== index) ||
        lp.commitments.length > 5 ||
        lp.commitments.some(
          (commitment) =>
            commitment.vintage < 2014 ||
            commitment.vintage > 2025 ||
            (commitment.amountUsd !== null &&
              (commitment.amountUsd < lp.checkMinUsd || commitment.amountUsd > lp.checkMaxUsd)),
        )
      );
    });
    expect(wrong).toEqual([]);
    // About 2.2 contacts per LP: individuals and single-family offices list fewer people.
    const contacts = many.reduce((sum, lp) => sum + lp.contacts.length, 0) / many.length;
    expect(contacts).toBeGreaterThan(2);
    expect(contacts).toBeLessThan(2.4);
  });

  it("names a high-net-worth individual after its first contact", () => {
    const hnwi = many.filter((row) => row.type === "hnwi");
    expect(hnwi.length).toBeGreaterThan(0);
    expect(
      hnwi.filter((lp) => lp.name !== `${lp.contacts[0]?.firstName} ${lp.contacts[0]?.lastName}`),
    ).toEqual([]);
  });

  it("uses reserved .example domains only", () => {
    const wrong = many.filter(
      (lp) =>
        (lp.website !== null && lp.website !== `https://${lp.websiteDomain}`) ||
        (lp.websiteDomain !== null && !/^[a-z0-9-]+\.example$/.test(lp.websiteDomain)) ||
        lp.contacts.some(
          (contact) =>
            !/^[a-z0-9]+\.[a-z0-9]+@[a-z0-9-]+\.example$/.test(contact.email) ||
            (contact.linkedin !== null &&
              !/^https:\/\/linkedin\.example\/in\/[a-z0-9-]+$/.test(contact.linkedin)),
        ),
    );
    expect(wrong).toEqual([]);
  });

  it("writes a description naming the LP and its place", () => {
    const [lp] = many;
    expect(lp?.description).toContain(lp?.name);
    expect(lp?.description).toContain(lp?.city);
  });
});

describe("round figures", () => {
  it("rounds to the nearest round figure, or the largest not above", () => {
    expect(roundFigure(2_300_000)).toBe(2_500_000);
    expect(roundFigure(1_100_000)).toBe(1_000_000);
    expect(roundFigure(68_000_000)).toBe(75_000_000);
    expect(roundFigureAtMost(2_300_000)).toBe(2_000_000);
    expect(roundFigureAtMost(99_000_000)).toBe(75_000_000);
    expect(roundFigureAtMost(100_000_000)).toBe(100_000_000);
    expect(roundFigureAtMost(0.5)).toBe(1);
  });
});
