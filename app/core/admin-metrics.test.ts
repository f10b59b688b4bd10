import { describe, expect, it } from "vitest";
import {
  activityLabel,
  activityWindowDays,
  barPercent,
  chartScaleMax,
  companiesPerContinent,
  conversionRate,
  dayWindow,
  dollarsOf,
  fillDays,
  filterName,
  filterValueLabel,
  formatShare,
  freshnessCutoffs,
  freshnessOf,
  monthlyPriceCents,
  monthlyRecurringRevenueCents,
  seriesSummary,
  shareOf,
} from "./admin-metrics";
import { dateCutoff, dateOption } from "./funding-filters";

describe("dayWindow", () => {
  it("spans `days` UTC calendar days ending with today's, today included", () => {
    const window = dayWindow(new Date("2026-03-02T23:59:00Z"), 3);
    expect(window.days).toEqual(["2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(window.from.toISOString()).toBe("2026-02-28T00:00:00.000Z");
    expect(window.to.toISOString()).toBe("2026-03-03T00:00:00.000Z");
  });

  it("gives 30 days for a 30-day window", () => {
    const window = dayWindow(new Date("2026-11-21T12:00:00Z"), 30);
    expect(window.days).toHaveLength(30);
    expect(window.days[0]).toBe("2026-10-23");
    expect(window.days.at(-1)).toBe("2026-11-21");
  });
});

describe("activityWindowDays", () => {
  it("takes 7, 30 or 90 and falls back to 30 for anything else", () => {
    expect(activityWindowDays("7")).toBe(7);
    expect(activityWindowDays("90")).toBe(90);
    expect(activityWindowDays("30")).toBe(30);
    expect(activityWindowDays(null)).toBe(30);
    expect(activityWindowDays("365")).toBe(30);
    expect(activityWindowDays("7.0")).toBe(30);
    expect(activityWindowDays("toString")).toBe(30);
  });
});

describe("fillDays", () => {
  it("puts 0 on days without a row and keeps the window's order", () => {
    const rows = [
      { day: "2026-03-02", searches: 4, exports: 1 },
      { day: "2026-02-28", searches: 2, exports: 0 },
      { day: "2026-01-01", searches: 99, exports: 99 },
    ];
    expect(fillDays(["2026-02-28", "2026-03-01", "2026-03-02"], rows, ["searches", "exports"])).toEqual([
      { day: "2026-02-28", searches: 2, exports: 0 },
      { day: "2026-03-01", searches: 0, exports: 0 },
      { day: "2026-03-02", searches: 4, exports: 1 },
    ]);
  });
});

describe("monthly recurring revenue", () => {
  it("prices a month of each plan: $79, $299 / 12, nothing for granted plans", () => {
    expect(monthlyPriceCents("monthly")).toBe(7900);
    expect(monthlyPriceCents("pro")).toBeCloseTo(2491.6667, 3);
    expect(monthlyPriceCents("lifetime")).toBe(0);
    expect(monthlyPriceCents("lps")).toBe(0);
  });

  it("adds $79 per monthly and $299/12 per annual subscription, in whole cents", () => {
    expect(monthlyRecurringRevenueCents({})).toBe(0);
    expect(monthlyRecurringRevenueCents({ monthly: 1 })).toBe(7900);
    // 12 annual subscriptions are exactly $299 a month.
    expect(monthlyRecurringRevenueCents({ pro: 12 })).toBe(29900);
    // 2 x 7900 + 3 x 2491.67 = 15800 + 7475 = 23275.
    expect(monthlyRecurringRevenueCents({ monthly: 2, pro: 3 })).toBe(23275);
    expect(monthlyRecurringRevenueCents({ pro: 1 })).toBe(2492);
    expect(monthlyRecurringRevenueCents({ monthly: 1, lifetime: 50, lps: 7 })).toBe(7900);
  });

  it("rounds cents to whole dollars", () => {
    expect(dollarsOf(23275)).toBe(233);
    expect(dollarsOf(23249)).toBe(232);
    expect(dollarsOf(0)).toBe(0);
  });
});

describe("shares and conversion", () => {
  it("divides, and has no value over nothing", () => {
    expect(shareOf(1, 4)).toBe(0.25);
    expect(shareOf(0, 4)).toBe(0);
    expect(shareOf(3, 0)).toBeNull();
    expect(conversionRate(2, 3)).toBeCloseTo(2 / 3);
    expect(conversionRate(0, 0)).toBeNull();
  });

  it("formats a share as a percentage with at most one decimal", () => {
    expect(formatShare(0.425)).toBe("42.5%");
    expect(formatShare(1 / 3)).toBe("33.3%");
    expect(formatShare(1)).toBe("100%");
    expect(formatShare(0)).toBe("0%");
    expect(formatShare(null)).toBe("n/a");
  });
});

describe("funding freshness", () => {
  const today = new Date("2026-11-21T18:00:00Z");

  it("puts each age in its bucket, boundaries included in the fresher one", () => {
    expect(freshnessCutoffs(today)).toEqual({
      within30: "2026-10-22",
      within90: "2026-08-23",
      within365: "2025-11-21",
    });
    expect(freshnessOf("2026-12-01", today)).toBe("within30");
    expect(freshnessOf("2026-11-21", today)).toBe("within30");
    expect(freshnessOf("2026-10-22", today)).toBe("within30");
    expect(freshnessOf("2026-10-21", today)).toBe("within90");
    expect(freshnessOf("2026-08-23", today)).toBe("within90");
    expect(freshnessOf("2026-08-22", today)).toBe("within365");
    expect(freshnessOf("2025-11-21", today)).toBe("within365");
    expect(freshnessOf("2025-11-20", today)).toBe("older");
    expect(freshnessOf(null, today)).toBe("none");
  });

  it("starts '30 days or less' on the day the search's 'Last 30 days' filter starts", () => {
    const option = dateOption("30d");
    if (!option) throw new Error("the search has no 30-day option");
    expect(freshnessCutoffs(today).within30).toBe(dateCutoff(option, today));
  });
});

describe("chart arithmetic", () => {
  it("sums a series and finds its first busiest day", () => {
    expect(
      seriesSummary([
        { day: "a", value: 2 },
        { day: "b", value: 5 },
        { day: "c", value: 5 },
      ]),
    ).toEqual({ total: 12, peak: { day: "b", value: 5 } });
    expect(seriesSummary([{ day: "a", value: 0 }])).toEqual({ total: 0, peak: null });
  });

  it("rounds the scale up to 1, 2 or 5 times a power of ten", () => {
    expect(chartScaleMax([])).toBe(1);
    expect(chartScaleMax([0, 0])).toBe(1);
    expect(chartScaleMax([3])).toBe(5);
    expect(chartScaleMax([7, 2])).toBe(10);
    expect(chartScaleMax([10])).toBe(10);
    expect(chartScaleMax([11])).toBe(20);
    expect(chartScaleMax([1000])).toBe(1000);
    expect(chartScaleMax([1001])).toBe(2000);
    expect(chartScaleMax([41_234])).toBe(50_000);
  });

  it("scales a bar to the chart's height", () => {
    expect(barPercent(5, 10)).toBe(50);
    expect(barPercent(0, 10)).toBe(0);
    expect(barPercent(3, 0)).toBe(0);
    expect(barPercent(12, 10)).toBe(100);
  });
});

describe("companiesPerContinent", () => {
  it("adds countries into continents by exact name, unlisted into Other, no country apart", () => {
    expect(
      companiesPerContinent([
        { country: "Germany", companies: 3 },
        { country: "France", companies: 2 },
        { country: "United States", companies: 5 },
        { country: "Japan", companies: 1 },
        { country: "Atlantis", companies: 4 },
        { country: "", companies: 1 },
        // The search's continent filter compares names exactly: a lower-case name is not in Europe.
        { country: "germany", companies: 6 },
        { country: null, companies: 7 },
      ]),
    ).toEqual([
      { continent: "North America", companies: 5 },
      { continent: "Europe", companies: 5 },
      { continent: "Asia", companies: 1 },
      { continent: "Middle East", companies: 0 },
      { continent: "Oceania", companies: 0 },
      { continent: "South America", companies: 0 },
      { continent: "Africa", companies: 0 },
      { continent: "Other", companies: 11 },
      { continent: "No country", companies: 7 },
    ]);
  });
});

describe("filter labels", () => {
  it("names filters as the search page does", () => {
    expect(filterName("industry")).toBe("Industry");
    expect(filterName("stage")).toBe("Funding stage");
    expect(filterName("date")).toBe("Funding date");
    expect(filterName("legacy")).toBe("legacy");
    expect(filterName("toString")).toBe("toString");
  });

  it("shows option labels and location kinds, anything else as stored", () => {
    expect(filterValueLabel("amount", "5m-10m")).toBe("$5M - $10M");
    expect(filterValueLabel("date", "30d")).toBe("Last 30 days");
    expect(filterValueLabel("date", "5y")).toBe("5y");
    expect(filterValueLabel("location", "continent:Europe")).toBe("Europe (continent)");
    expect(filterValueLabel("location", "country:Germany")).toBe("Germany (country)");
    expect(filterValueLabel("location", "state:California")).toBe("California (state)");
    expect(filterValueLabel("location", "Berlin, Germany")).toBe("Berlin, Germany");
    expect(filterValueLabel("industry", "SaaS")).toBe("SaaS");
  });
});

describe("activityLabel", () => {
  it("names each action of user_activity as the console shows it, API calls apart", () => {
    expect(["search", "filter", "export", "api"].map((type) => activityLabel(type))).toEqual([
      "Search",
      "Filter",
      "Export",
      "API call",
    ]);
    expect(activityLabel("export", "lps")).toBe("LP export");
    expect(activityLabel("api", "lps")).toBe("API call");
  });
});
