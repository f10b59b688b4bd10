import { describe, expect, it } from "vitest";
import { EMPTY_SEARCH, MAX_PAGE, PAGE_SIZE, type SearchState } from "./search-params";
import {
  choosePlan,
  dateRangeWalk,
  EXACT_COUNT_TABLE_ROWS,
  type FactNeeded,
  isSelective,
  type MatchCount,
  ONE_PASS_WINDOW_ROWS,
  type PageRead,
  type PlanFacts,
  pageCountOf,
  pageReadAt,
  readsWindowInOnePass,
  roundEstimate,
  type SearchPlan,
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

// choosePlan, table-driven: a search, the facts the database would give if asked, and the facts it asks for
// (in order) before it names its plan. `settle` plays search.server.ts's part: it hands over each fact asked
// for, and fails if one is asked for twice or is not in the table.
type Gathered = Omit<PlanFacts, "tableRows" | "countCached" | "pastLastMatch">;

interface Case {
  search: Partial<SearchState>;
  /** Conditions a covering index cannot check (text, industries, a city): ConditionParts.uncovered. */
  uncovered: boolean;
  tableRows: number;
  countCached: boolean;
  /** What the sample, the planner or the count would answer. */
  answers: Gathered;
  pastLastMatch?: boolean;
  asks: Array<FactNeeded["fact"]>;
  plan: SearchPlan;
  /** The page read this plan gives for its page, when it reads pages by a rule. */
  read?: PageRead;
}

function settle(c: Case): { asked: Array<FactNeeded["fact"]>; plan: SearchPlan } {
  const search = {
    state: { ...EMPTY_SEARCH, ...c.search },
    hasUncoveredConditions: c.uncovered,
    smallTableRows: EXACT_COUNT_TABLE_ROWS,
  };
  let facts: PlanFacts = {
    tableRows: c.tableRows,
    countCached: c.countCached,
    pastLastMatch: c.pastLastMatch,
  };
  const asked: Array<FactNeeded["fact"]> = [];
  for (;;) {
    const choice = choosePlan(search, facts);
    if (choice.kind !== "need") return { asked, plan: choice };
    const value = c.answers[choice.fact];
    if (value === undefined) throw new Error(`asked for ${choice.fact}, which the case does not give`);
    if (facts[choice.fact] !== undefined) throw new Error(`asked for ${choice.fact} twice`);
    if (choice.fact === "rowsSince") expect(choice.since.value).toBe(search.state.date);
    asked.push(choice.fact);
    facts = { ...facts, [choice.fact]: value };
  }
}

const SMALL = 17_555;
const LARGE = 1_000_000;
const exact = (total: number, tableRows: number): MatchCount => ({ total, isApproximate: false, tableRows });
const HEALTH_NA_YEAR: Partial<SearchState> = {
  q: "health",
  stage: ["Series A"],
  location: ["continent:North America"],
  date: "1y",
};

const CASES: Record<string, Case> = {
  // Small tables: the exact count first, which then chooses the page's shape.
  "small table, broad text, page 1: the count, then a walk of the date index": {
    search: { q: "software" },
    uncovered: true,
    tableRows: SMALL,
    countCached: false,
    answers: { count: exact(2_041, SMALL) },
    asks: ["count"],
    plan: { kind: "pageOfCount", count: exact(2_041, SMALL), page: 1, read: { kind: "sortIndex" } },
  },
  "small table, rare text: the count, then its matches read": {
    search: { q: "climate" },
    uncovered: true,
    tableRows: SMALL,
    countCached: false,
    answers: { count: exact(120, SMALL) },
    asks: ["count"],
    plan: { kind: "pageOfCount", count: exact(120, SMALL), page: 1, read: { kind: "matches" } },
  },
  "small table, deep text page, count not cached: page and total in one pass": {
    search: { q: "software", page: 20 },
    uncovered: true,
    tableRows: SMALL,
    countCached: false,
    answers: {},
    asks: [],
    plan: { kind: "onePass", page: 20, because: "deepTextPage" },
  },
  "small table, deep text page past the end, count cached: clamped, its matches read": {
    search: { q: "software", page: 200 },
    uncovered: true,
    tableRows: SMALL,
    countCached: true,
    answers: { count: exact(2_041, SMALL) },
    asks: ["count"],
    plan: { kind: "pageOfCount", count: exact(2_041, SMALL), page: 41, read: { kind: "matches" } },
  },
  "small table, a one pass found the page empty: counted, then clamped": {
    search: { q: "software", page: 200 },
    uncovered: true,
    tableRows: SMALL,
    countCached: false,
    pastLastMatch: true,
    answers: { count: exact(2_041, SMALL) },
    asks: ["count"],
    plan: { kind: "pageOfCount", count: exact(2_041, SMALL), page: 41, read: { kind: "matches" } },
  },
  "small table, no match: no page to read": {
    search: { q: "zzyzx" },
    uncovered: true,
    tableRows: SMALL,
    countCached: false,
    answers: { count: exact(0, SMALL) },
    asks: ["count"],
    plan: { kind: "pageOfCount", count: exact(0, SMALL), page: 1, read: { kind: "none" } },
  },
  "small table, no filter, page 200: the date index walked": {
    search: { page: 200 },
    uncovered: false,
    tableRows: SMALL,
    countCached: false,
    answers: { count: exact(SMALL, SMALL) },
    asks: ["count"],
    plan: { kind: "pageOfCount", count: exact(SMALL, SMALL), page: 200, read: { kind: "sortIndex" } },
  },
  // Large tables, amount and total orders: their covering indexes.
  "large table, amount order, every condition covered: the walk beside the count, no sample": {
    search: { stage: ["Seed"], sort: "amount-desc" },
    uncovered: false,
    tableRows: LARGE,
    countCached: false,
    answers: {},
    asks: [],
    plan: { kind: "countBesidePage", page: 1, countEstimate: undefined, pages: { kind: "coveringIndex" } },
    read: { kind: "coveringIndex" },
  },
  "large table, text + stages by amount: sampled, the walk visits few rows": {
    search: { q: "health", stage: ["Seed", "Series A"], sort: "amount-desc" },
    uncovered: true,
    tableRows: LARGE,
    countCached: false,
    answers: { sampledParts: { estimate: 47_000, coveredEstimate: 410_000 } },
    asks: ["sampledParts"],
    plan: { kind: "countBesidePage", page: 1, countEstimate: 47_000, pages: { kind: "coveringIndex" } },
    read: { kind: "coveringIndex" },
  },
  "large table, rare text by smallest amount: the walk would visit too many rows; one pass over the matches":
    {
      search: { q: "climate", sort: "amount-asc" },
      uncovered: true,
      tableRows: LARGE,
      countCached: false,
      answers: { sampledParts: { estimate: 5_000, coveredEstimate: LARGE } },
      asks: ["sampledParts"],
      plan: { kind: "onePass", page: 1, because: "fewMatches" },
    },
  // Large tables, text with a stage: the covered window.
  "large table, text + stage, small window, cold: one pass over the window, no sample": {
    search: HEALTH_NA_YEAR,
    uncovered: true,
    tableRows: LARGE,
    countCached: false,
    answers: { coveredRows: 26_336 },
    asks: ["coveredRows"],
    plan: { kind: "onePass", page: 1, because: "smallWindow" },
  },
  "large table, text + stage, wide window, cold: sampled, few matches read in one pass": {
    search: { ...HEALTH_NA_YEAR, date: "" },
    uncovered: true,
    tableRows: LARGE,
    countCached: false,
    answers: { coveredRows: 240_000, sample: 2_900 },
    asks: ["coveredRows", "sample"],
    plan: { kind: "onePass", page: 1, because: "fewMatches" },
  },
  "large table, text + stage, small window, a one pass found the page empty: sampled, counted beside the page":
    {
      search: { ...HEALTH_NA_YEAR, page: 90 },
      uncovered: true,
      tableRows: LARGE,
      countCached: false,
      pastLastMatch: true,
      answers: { coveredRows: 26_336, sample: 3_000 },
      asks: ["sample"],
      plan: {
        kind: "countBesidePage",
        page: 90,
        countEstimate: 3_000,
        pages: { kind: "estimated", estimate: 3_000, tableRows: LARGE, selective: true },
      },
      read: { kind: "matches" },
    },
  "large table, text + stage, count cached: no window pass; the count steers, the date window too": {
    search: HEALTH_NA_YEAR,
    uncovered: true,
    tableRows: LARGE,
    countCached: true,
    answers: { count: exact(3_069, LARGE), rowsSince: 334_000 },
    asks: ["count", "rowsSince"],
    plan: {
      kind: "countBesidePage",
      page: 1,
      countEstimate: 3_069,
      pages: { kind: "estimated", estimate: 3_069, tableRows: LARGE, selective: true, rowsSince: 334_000 },
    },
    // Sparse in the year's 334,000 rows: the walk does not pay, the matches are read.
    read: { kind: "matches" },
  },
  // Large tables, the date order.
  "large table, industry + 30 days, count cached: the window's newest rows walked": {
    search: { industry: ["SaaS"], date: "30d" },
    uncovered: true,
    tableRows: LARGE,
    countCached: true,
    answers: { count: exact(3_651, LARGE), rowsSince: 28_243 },
    asks: ["count", "rowsSince"],
    plan: {
      kind: "countBesidePage",
      page: 1,
      countEstimate: 3_651,
      pages: { kind: "estimated", estimate: 3_651, tableRows: LARGE, selective: true, rowsSince: 28_243 },
    },
    read: { kind: "sortIndex", walk: { rows: 1_548, tableRows: LARGE } },
  },
  "large table, industry + 30 days, cold and under the trusted estimate: no window estimate, one pass": {
    search: { industry: ["SaaS"], date: "30d" },
    uncovered: true,
    tableRows: LARGE,
    countCached: false,
    answers: { sample: 2_800 },
    asks: ["sample"],
    plan: { kind: "onePass", page: 1, because: "fewMatches" },
  },
  "large table, broad text: sampled, the date index walked beside the count": {
    search: { q: "health" },
    uncovered: true,
    tableRows: LARGE,
    countCached: false,
    answers: { sample: 117_000 },
    asks: ["sample"],
    plan: {
      kind: "countBesidePage",
      page: 1,
      countEstimate: 117_000,
      pages: { kind: "estimated", estimate: 117_000, tableRows: LARGE, selective: false },
    },
    read: { kind: "sortIndex", walk: { rows: 1_710, tableRows: LARGE } },
  },
  "large table, no filter: sampled (the do-not-sell condition), walked": {
    search: { page: 200 },
    uncovered: false,
    tableRows: LARGE,
    countCached: false,
    answers: { sample: 998_000 },
    asks: ["sample"],
    plan: {
      kind: "countBesidePage",
      page: 200,
      countEstimate: 998_000,
      pages: { kind: "estimated", estimate: 998_000, tableRows: LARGE, selective: false },
    },
    read: { kind: "sortIndex", walk: { rows: 40_081, tableRows: LARGE } },
  },
};

describe("choosePlan: this search and these facts give this plan", () => {
  for (const [label, c] of Object.entries(CASES)) {
    it(label, () => {
      const { asked, plan } = settle(c);
      expect(asked).toEqual(c.asks);
      expect(plan).toEqual(c.plan);
      if (plan.kind === "countBesidePage") {
        expect(pageReadAt(plan.pages, plan.page, c.search.size ?? PAGE_SIZE)).toEqual(c.read);
      }
    });
  }

  it("tables up to the small-table size count first, larger ones do not", () => {
    const plans = [EXACT_COUNT_TABLE_ROWS, EXACT_COUNT_TABLE_ROWS + 1].map((tableRows) =>
      choosePlan(
        {
          state: { ...EMPTY_SEARCH, q: "health" },
          hasUncoveredConditions: true,
          smallTableRows: EXACT_COUNT_TABLE_ROWS,
        },
        { tableRows, countCached: false },
      ),
    );
    expect(plans).toEqual([
      { kind: "need", fact: "count" },
      { kind: "need", fact: "sample" },
    ]);
  });
});

describe("pageReadAt: a page clamped to the count is read by the plan's rule", () => {
  it("walks the date window while it pays, then reads the matches", () => {
    const rule = {
      kind: "estimated",
      estimate: 3_651,
      tableRows: LARGE,
      selective: true,
      rowsSince: 28_243,
    } as const;
    expect(pageReadAt(rule, 1, PAGE_SIZE)).toEqual({
      kind: "sortIndex",
      walk: { rows: 1_548, tableRows: LARGE },
    });
    // Page 20 would visit 7,700 entries for 3,651 matches.
    expect(pageReadAt(rule, 20, PAGE_SIZE)).toEqual({ kind: "matches" });
  });

  it("walks the date index further for a deeper page of a broad search", () => {
    const rule = { kind: "estimated", estimate: 117_000, tableRows: LARGE, selective: false } as const;
    expect(pageReadAt(rule, 3, PAGE_SIZE)).toEqual({ kind: "sortIndex", walk: walkFor(3, 117_000, LARGE) });
    expect(pageReadAt({ kind: "coveringIndex" }, 7, PAGE_SIZE)).toEqual({ kind: "coveringIndex" });
  });
});
