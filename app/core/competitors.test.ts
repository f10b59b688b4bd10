import { describe, expect, it } from "vitest";
import {
  COMPARE_HUB,
  COMPETITORS,
  type Competitor,
  competitorBySlug,
  competitorSources,
  FEATURE_KEYS,
  FEATURE_LABELS,
  NOT_PUBLISHED,
  ROUNDLIST_FEATURES,
  SOURCES_READ_ON,
  type Source,
} from "./competitors";
import { PLANS } from "./plans";

const SLUGS = [
  "crunchbase-alternative",
  "pitchbook-alternative",
  "apollo-alternative",
  "zoominfo-alternative",
  "dealroom-alternative",
  "cb-insights-alternative",
];

function allSources(competitor: Competitor): Source[] {
  return [
    ...competitor.summary.map((claim) => claim.source),
    ...competitor.features.flatMap((row) => (row.source ? [row.source] : [])),
    ...competitor.betterChoiceWhen.map((claim) => claim.source),
  ];
}

describe("comparison pages data", () => {
  it("has the six competitors, with the six slugs, each once", () => {
    expect(COMPETITORS.map((c) => c.slug)).toEqual(SLUGS);
    expect(new Set(COMPETITORS.map((c) => c.slug)).size).toBe(COMPETITORS.length);
    expect(new Set(COMPETITORS.map((c) => c.name)).size).toBe(COMPETITORS.length);
  });

  it("finds a competitor by slug, and nothing for an unknown slug", () => {
    for (const slug of SLUGS) expect(competitorBySlug(slug)?.slug).toBe(slug);
    expect(competitorBySlug("unknown-alternative")).toBeUndefined();
    expect(competitorBySlug("")).toBeUndefined();
  });

  it("gives every page one feature row per key, in order, with its label and Roundlist's column", () => {
    for (const competitor of COMPETITORS) {
      expect(
        competitor.features.map((row) => row.key),
        competitor.slug,
      ).toEqual([...FEATURE_KEYS]);
      for (const row of competitor.features) {
        expect(row.label).toBe(FEATURE_LABELS[row.key]);
        expect(row.roundlist).toBe(ROUNDLIST_FEATURES[row.key]);
        expect(row.competitor.trim(), `${competitor.slug} ${row.key}`).not.toBe("");
      }
    }
    expect(Object.values(FEATURE_LABELS)).toEqual([
      "Price model",
      "Trial and export",
      "Founder emails",
      "Funding filters",
      "Coverage of small rounds",
      "Alerts",
      "API",
    ]);
  });

  it("sources every competitor cell that states a fact, and no cell that states none", () => {
    for (const competitor of COMPETITORS) {
      for (const row of competitor.features) {
        const where = `${competitor.slug} ${row.key}`;
        if (row.competitor === NOT_PUBLISHED) expect(row.source, where).toBeUndefined();
        else expect(row.source, where).toBeDefined();
      }
    }
  });

  it("cites only https pages, each read on a real YYYY-MM-DD date", () => {
    for (const competitor of COMPETITORS) {
      for (const item of allSources(competitor)) {
        expect(new URL(item.url).protocol, item.url).toBe("https:");
        expect(item.readOn, item.url).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(new Date(`${item.readOn}T00:00:00Z`).toISOString().slice(0, 10), item.url).toBe(item.readOn);
        expect(item.readOn).toBe(SOURCES_READ_ON);
      }
    }
    expect(SOURCES_READ_ON).toBe("2026-11-24");
  });

  it("has 1-3 sourced summary sentences and 1-3 sourced better-choice sentences per competitor", () => {
    for (const competitor of COMPETITORS) {
      for (const claims of [competitor.summary, competitor.betterChoiceWhen]) {
        expect(claims.length, competitor.slug).toBeGreaterThanOrEqual(1);
        expect(claims.length, competitor.slug).toBeLessThanOrEqual(3);
        for (const claim of claims) expect(claim.text.trim()).not.toBe("");
      }
      expect(competitor.roundlistFitWhen.length, competitor.slug).toBeGreaterThanOrEqual(1);
    }
  });

  it("keeps page titles and meta descriptions fit for search results", () => {
    for (const { slug, title, metaDescription } of [...COMPETITORS, { slug: "hub", ...COMPARE_HUB }]) {
      expect(title.trim(), slug).not.toBe("");
      expect(metaDescription.length, `${slug}: ${metaDescription}`).toBeGreaterThanOrEqual(50);
      expect(metaDescription.length, `${slug}: ${metaDescription}`).toBeLessThanOrEqual(160);
    }
    for (const competitor of COMPETITORS) {
      expect(competitor.title).toContain(competitor.name);
      expect(competitor.metaDescription).toContain(competitor.name);
    }
  });

  it("states Roundlist's own column from the plans and the capabilities list (docs/product.md#capabilities)", () => {
    expect(ROUNDLIST_FEATURES).toEqual({
      priceModel: "$79 a month or $299 a year, self-serve",
      trialAndExport: "7-day free trial; CSV export once paid",
      founderEmails: "Shown and copyable on every plan, the free trial included",
      fundingFilters: "Stage, amount, date, industry, location",
      smallRounds: "Pre-Seed, Seed and Angel rounds included",
      alerts: "Daily or weekly email alerts on saved searches",
      api: "Yes",
    });
    // The prices and the trial length follow the plan catalogue.
    expect(ROUNDLIST_FEATURES.priceModel).toContain(`$${(PLANS.monthly.priceCents ?? 0) / 100} a month`);
    expect(ROUNDLIST_FEATURES.priceModel).toContain(`$${(PLANS.pro.priceCents ?? 0) / 100} a year`);
    expect(ROUNDLIST_FEATURES.trialAndExport).toContain(`${PLANS.monthly.trialDays}-day`);
    // What the pages say of Roundlist is checked against the product in app/core/capabilities.test.tsx.
  });

  it("lists each page's sources once per URL, in order of first citation", () => {
    for (const competitor of COMPETITORS) {
      const listed = competitorSources(competitor);
      const urls = listed.map((item) => item.url);
      expect(new Set(urls).size).toBe(urls.length);
      expect(new Set(urls)).toEqual(new Set(allSources(competitor).map((item) => item.url)));
      expect(urls[0]).toBe(competitor.summary[0]?.source.url);
    }
  });
});
