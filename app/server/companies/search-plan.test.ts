import { describe, expect, it } from "vitest";
import { MAX_PAGE, PAGE_SIZE } from "~/core/search-params";
import {
  dateRangeWalk,
  isSelective,
  ONE_PASS_WINDOW_ROWS,
  pageCountOf,
  readsWindowInOnePass,
  roundEstimate,
  walkFor,
  walksCoveringIndex,
} from "./search-plan";

describe("search plan", () => {
  it("reads a text-with-stage window of up to 60,000 rows in one pass, not a larger one", () => {
    expect(ONE_PASS_WINDOW_ROWS).toBe(60_000);
    expect(readsWindowInOnePass(0)).toBe(true);
    expect(readsWindowInOnePass(26_336)).toBe(true);
    expect(readsWindowInOnePass(60_000)).toBe(true);
    expect(readsWindowInOnePass(60_001)).toBe(false);
    expect(readsWindowInOnePass(240_000)).toBe(false);
  });

  it("calls a search selective under 0.5% of the table, or 500 matches", () => {
    expect(isSelective(500, 17_555)).toBe(true);
    expect(isSelective(501, 17_555)).toBe(false);
    expect(isSelective(5_000, 1_000_000)).toBe(true);
    expect(isSelective(5_001, 1_000_000)).toBe(false);
  });

  it("walks enough of the date index for the page at the sampled rate, four times over", () => {
    // 1% of the table matches: page 1 needs 50 matches, so 5,000 rows, times four.
    expect(walkFor(1, 10_000, 1_000_000)).toEqual({ rows: 20_000, tableRows: 1_000_000 });
    expect(walkFor(3, 10_000, 1_000_000).rows).toBe(60_000);
    // A sample larger than the table, or an empty one, still gives a finite walk.
    expect(walkFor(1, 2_000_000, 1_000_000).rows).toBe(PAGE_SIZE * 4);
    expect(walkFor(1, 0, 1_000_000).rows).toBe(200_000_000);
  });

  it("walks the date index through a date filter's window when its matches are dense there", () => {
    // 'SaaS' in the last 30 days on 1,000,000 rows: 3,651 matches among 28,243 rows of the window. Page 1
    // visits about 387 entries; the fence is four times that.
    expect(dateRangeWalk(50, 3_651, 28_243, 1_000_000)).toEqual({ rows: 1_548, tableRows: 1_000_000 });
    // Sparse in a wide window ('health' + Series A + North America, last year: 3,069 among 334,000): the
    // walk would visit 5,400 rows, more than a fifth of the matches; they are read instead.
    expect(dateRangeWalk(50, 3_069, 334_000, 1_000_000)).toBeNull();
    // Deep pages of a dense window stop paying too: page 20 visits 7,700 entries for 3,651 matches.
    expect(dateRangeWalk(1_000, 3_651, 28_243, 1_000_000)).toBeNull();
    // A window the planner underestimates counts as at least the matches; nothing to walk without either.
    expect(dateRangeWalk(50, 3_651, 100, 1_000_000)).toEqual({ rows: 200, tableRows: 1_000_000 });
    expect(dateRangeWalk(50, 0, 28_243, 1_000_000)).toBeNull();
    expect(dateRangeWalk(50, 3_651, 0, 1_000_000)).toBeNull();
  });

  it("walks an amount or total index when the rows it would visit are few against the matches", () => {
    // 'health' + Seed or Series A by amount on 1,000,000 rows: 47,000 matches, 410,000 pass the stages.
    const health = { estimate: 47_000, coveredEstimate: 410_000 };
    expect(walksCoveringIndex("amount-desc", 50, health)).toBe(true);
    expect(walksCoveringIndex("total-asc", 50, health)).toBe(true);
    // The date and name orders have no covering index.
    expect(walksCoveringIndex("date-desc", 50, health)).toBe(false);
    expect(walksCoveringIndex("name-asc", 50, health)).toBe(false);
    // A deep page visits too many rows: 50,000 * 410,000 / 47,000.
    expect(walksCoveringIndex("amount-desc", 50_000, health)).toBe(false);
    // A rare text against broad covered filters: 50 * 1,000,000 / 5,000 = 10,000 visits for 5,000 matches.
    expect(walksCoveringIndex("amount-desc", 50, { estimate: 5_000, coveredEstimate: 1_000_000 })).toBe(
      false,
    );
    // Up to the trusted estimate the count is exact, which reads every match anyway.
    expect(walksCoveringIndex("amount-desc", 50, { estimate: 3_000, coveredEstimate: 3_000 })).toBe(false);
  });

  it("rounds estimates to two significant digits", () => {
    expect(roundEstimate(66_412)).toBe(66_000);
    expect(roundEstimate(5_679)).toBe(5_700);
    expect(roundEstimate(99.4)).toBe(99);
    expect(roundEstimate(149)).toBe(150);
  });

  it("counts pages from 1 to MAX_PAGE", () => {
    expect(pageCountOf(0)).toBe(1);
    expect(pageCountOf(PAGE_SIZE)).toBe(1);
    expect(pageCountOf(PAGE_SIZE + 1)).toBe(2);
    expect(pageCountOf(PAGE_SIZE * MAX_PAGE * 3)).toBe(MAX_PAGE);
  });
});
