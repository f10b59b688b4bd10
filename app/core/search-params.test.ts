import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMAIL_FILTER_OPTIONS } from "./email-status";
import { AMOUNT_OPTIONS, DATE_OPTIONS, dateCutoff, dateOption, ROUNDS_OPTIONS } from "./funding-filters";
import {
  activeFilterCount,
  EMPTY_SEARCH,
  MAX_FILTER_VALUES,
  MAX_PAGE,
  maxPageFor,
  PAGE_SIZE,
  PAGE_SIZES,
  parseSearchParams,
  type SearchState,
  serializeSearchState,
  toggledValue,
  withAllowedSearch,
  withChange,
} from "./search-params";
import { DEFAULT_SORT, SORT_OPTIONS } from "./search-sort";

function parse(query: string) {
  return parseSearchParams(new URLSearchParams(query));
}

describe("parseSearchParams", () => {
  it("reads every parameter", () => {
    const { state, errors } = parse(
      "q=%20fin%20%20tech%20&industry=SaaS&stage=Seed&location=country%3AGermany&amount=5m-10m&date=90d&page=3",
    );
    expect(errors).toEqual([]);
    expect(state).toEqual({
      q: "fin tech",
      industry: ["SaaS"],
      stage: ["Seed"],
      location: ["country:Germany"],
      investor: [],
      led: "",
      amount: "5m-10m",
      date: "90d",
      rounds: "",
      email: "",
      sort: "date-desc",
      size: 50,
      page: 3,
    });
  });

  it("reads the email status filter in any case, 'any' as none, and drops what names no option (decision 032)", () => {
    expect(parse("email=valid").state.email).toBe("valid");
    expect(parse("email=Valid-Or-Accept-All").state.email).toBe("valid-or-accept-all");
    expect(parse("email=any")).toMatchObject({ state: { email: "" }, errors: [] });
    const { state, errors } = parse("email=deliverable");
    expect(state.email).toBe("");
    expect(errors).toEqual([
      { param: "email", message: '"deliverable" is not an email status option, so it was ignored.' },
    ]);
  });

  it("reads the investor, 'led by' and rounds filters, and drops what names none (decision 030)", () => {
    expect(parse("investor=sequoia-capital&investor=accel&led=1&rounds=6%2B").state).toMatchObject({
      investor: ["sequoia-capital", "accel"],
      led: "1",
      rounds: "6-plus",
    });
    const { state, errors } = parse("investor=Not%20A%20Slug&led=maybe&rounds=7");
    expect(state).toEqual(EMPTY_SEARCH);
    expect(errors.map((error) => error.message)).toEqual([
      '"Not A Slug" names no investor, so it was ignored.',
      "\"maybe\" is not 1 or 0, so 'led by' was ignored.",
      '"7" is not a number of rounds option, so it was ignored.',
    ]);
  });

  it("reads repeated filter parameters as several values, in order, without repeats or empties", () => {
    const { state, errors } = parse(
      "stage=Seed&stage=Series+A&stage=Seed&stage=&industry=SaaS&location=country%3AGermany&location=continent%3AAsia",
    );
    expect(errors).toEqual([]);
    expect(state.stage).toEqual(["Seed", "Series A"]);
    expect(state.industry).toEqual(["SaaS"]);
    expect(state.location).toEqual(["country:Germany", "continent:Asia"]);
  });

  it("keeps old single-value links working", () => {
    expect(parse("industry=SaaS&stage=Seed&location=Berlin%2C+Berlin%2C+Germany").state).toMatchObject({
      industry: ["SaaS"],
      stage: ["Seed"],
      location: ["Berlin, Berlin, Germany"],
    });
  });

  it("caps a filter at its most values, with a message", () => {
    const many = Array.from({ length: MAX_FILTER_VALUES + 5 }, (_, index) => `industry=I${index}`).join("&");
    const { state, errors } = parse(many);
    expect(state.industry).toHaveLength(MAX_FILTER_VALUES);
    expect(errors.map((error) => error.param)).toEqual(["industry"]);
  });

  it("drops only the empty place of several locations", () => {
    const { state, errors } = parse("location=country%3A&location=country%3AFrance");
    expect(state.location).toEqual(["country:France"]);
    expect(errors[0]?.message).toBe('"country:" names no place, so that location was ignored.');
  });

  it("reads the sort order, bare or with its direction", () => {
    expect(parse("sort=amount-asc").state.sort).toBe("amount-asc");
    expect(parse("sort=amount").state.sort).toBe("amount-desc");
    expect(parse("sort=NAME").state.sort).toBe("name-asc");
    expect(parse("sort=total-desc").state.sort).toBe("total-desc");
    const bad = parse("sort=popularity");
    expect(bad.state.sort).toBe(DEFAULT_SORT);
    expect(bad.errors[0]?.message).toBe('"popularity" is not a sort order; showing newest funding first.');
  });

  it("reads the page size, and pages stop at the same depth for every size", () => {
    expect(parse("size=100").state.size).toBe(100);
    expect(parse("size=25").state.size).toBe(25);
    expect(parse("size=10").errors[0]?.param).toBe("size");
    expect(parse("size=10").state.size).toBe(PAGE_SIZE);
    expect(parse("size=100&page=1001").state.page).toBe(1000);
    expect(parse("size=25&page=4000").state.page).toBe(4000);
    expect(maxPageFor(25) * 25).toBe(maxPageFor(100) * 100);
  });

  it("treats 'any' as no amount or date filter (docs/product.md#filters)", () => {
    expect(parse("amount=any&date=any")).toEqual({ state: EMPTY_SEARCH, errors: [] });
  });

  it("reads amount, date and 'any' in any case, as their canonical values (docs/product.md#search)", () => {
    expect(parse("amount=1M-5M&date=1Y").state).toMatchObject({ amount: "1m-5m", date: "1y" });
    expect(parse("amount=250K-1m").state.amount).toBe("250k-1m");
    expect(parse("amount=Any&date=ANY")).toEqual({ state: EMPTY_SEARCH, errors: [] });
  });

  it("drops bad values with a clear message instead of failing", () => {
    const { state, errors } = parse("amount=lots&date=yesterday&page=-2&location=country%3A&sort=x&size=7");
    expect(state).toEqual(EMPTY_SEARCH);
    expect(errors.map((error) => error.param)).toEqual([
      "location",
      "amount",
      "date",
      "sort",
      "size",
      "page",
    ]);
    expect(errors[1]?.message).toBe('"lots" is not a funding amount option, so it was ignored.');
  });

  it("caps the page and the query length", () => {
    expect(parse(`page=${MAX_PAGE + 1}`).state.page).toBe(MAX_PAGE);
    const long = parse(`q=${"a".repeat(500)}`);
    expect(long.state.q).toHaveLength(200);
    expect(long.errors[0]?.param).toBe("q");
  });
});

describe("parseSearchParams: control characters and Unicode (docs/product.md#security)", () => {
  const PARAMS = [
    "q",
    "industry",
    "stage",
    "location",
    "investor",
    "led",
    "amount",
    "date",
    "rounds",
    "email",
    "sort",
    "size",
    "page",
  ] as const;
  const VALUES: Record<(typeof PARAMS)[number], string> = {
    q: "fin tech",
    industry: "SaaS",
    stage: "Seed",
    location: "country:Germany",
    investor: "sequoia-capital",
    led: "1",
    amount: "5m-10m",
    date: "90d",
    rounds: "6+",
    email: "valid",
    sort: "name-asc",
    size: "100",
    page: "3",
  };
  const EXPECTED: SearchState = {
    q: "fin tech",
    industry: ["SaaS"],
    stage: ["Seed"],
    location: ["country:Germany"],
    investor: ["sequoia-capital"],
    led: "1",
    amount: "5m-10m",
    date: "90d",
    rounds: "6-plus",
    email: "valid",
    sort: "name-asc",
    size: 100,
    page: 3,
  };
  /** Every C0 control, DEL and every C1 control. */
  const CONTROLS = [
    ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
    ...Array.from({ length: 0x21 }, (_, code) => String.fromCharCode(0x7f + code)),
  ];

  it.each(PARAMS)(
    "no control character survives in %s (PostgreSQL refuses NUL; U+001F splits fields)",
    (param) => {
      for (const char of CONTROLS) {
        const dirty = new URLSearchParams(VALUES);
        dirty.set(param, `${char}${VALUES[param].slice(0, 2)}${char}${VALUES[param].slice(2)}${char}`);
        const { state, errors } = parseSearchParams(dirty);
        for (const value of Object.values(state)) expect(String(value)).not.toMatch(/\p{Cc}/u);
        for (const value of [...state.industry, ...state.stage, ...state.location])
          expect(value).not.toMatch(/\p{Cc}/u);
        // White space controls (tab, newline…) separate words, so "5m\t-10m" is no amount option; the
        // others are dropped, leaving the value as it was meant.
        if (/\s|\u0085/.test(char)) continue;
        expect(errors).toEqual([]);
        expect(state[param]).toEqual(EXPECTED[param]);
      }
    },
  );

  it("reads a value made only of control characters as empty", () => {
    const query = PARAMS.map((param) => `${param}=%00%01%1F%7F`).join("&");
    expect(parse(query)).toEqual({ state: EMPTY_SEARCH, errors: [] });
    expect(parse("location=continent%3A%00").errors.map((error) => error.param)).toEqual(["location"]);
  });

  it("turns white space controls into one space", () => {
    expect(parse("q=fin%09%0A%0D%0B%0C%C2%85tech").state.q).toBe("fin tech");
  });

  it("gives every value in Unicode NFC", () => {
    expect(parse("q=zu%CC%88rich").state.q).toBe("zürich");
    expect(parse("q=ZU%CC%88RICH").state.q).toBe("ZÜRICH");
    expect(parse("location=Zu%CC%88rich%2C+Switzerland").state.location).toEqual(["Zürich, Switzerland"]);
    expect(parse("industry=Cafe%CC%81").state.industry).toEqual(["Café"]);
  });

  it("never cuts the query inside a surrogate pair", () => {
    const { state } = parse(`q=${"a".repeat(199)}${encodeURIComponent("😀")}`);
    expect(state.q).toBe("a".repeat(199));
  });
});

describe("serializeSearchState", () => {
  it("leaves out empty values and page 1", () => {
    expect(serializeSearchState(EMPTY_SEARCH).toString()).toBe("");
    expect(serializeSearchState({ ...EMPTY_SEARCH, q: "ai", page: 1 }).toString()).toBe("q=ai");
  });

  it("repeats a filter's parameter per value, and writes only a chosen order and size", () => {
    expect(
      serializeSearchState({
        ...EMPTY_SEARCH,
        stage: ["Seed", "Series A"],
        sort: "amount-desc",
        size: 100,
      }).toString(),
    ).toBe("stage=Seed&stage=Series+A&sort=amount-desc&size=100");
  });

  it("round-trips any valid state through the URL", () => {
    const text = fc.string({ maxLength: 40 }).map((value) => value.replace(/\s+/g, " ").trim());
    const values = fc.uniqueArray(text.filter(Boolean), { maxLength: 4 });
    const state = fc.record({
      q: text,
      industry: values,
      stage: values,
      location: fc.uniqueArray(
        fc.oneof(
          text.filter(Boolean),
          text.filter(Boolean).map((value) => `country:${value}`),
        ),
        { maxLength: 4 },
      ),
      investor: fc.uniqueArray(fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/), { maxLength: 4 }),
      led: fc.constantFrom("", "1"),
      amount: fc.constantFrom("", ...AMOUNT_OPTIONS.map((option) => option.value)),
      date: fc.constantFrom("", ...DATE_OPTIONS.map((option) => option.value)),
      rounds: fc.constantFrom("", ...ROUNDS_OPTIONS.map((option) => option.value)),
      email: fc.constantFrom("", ...EMAIL_FILTER_OPTIONS.map((option) => option.value)),
      sort: fc.constantFrom(...SORT_OPTIONS.map((option) => option.value)),
      size: fc.constantFrom(...PAGE_SIZES),
      page: fc.integer({ min: 1, max: maxPageFor(100) }),
    }) as fc.Arbitrary<SearchState>;
    fc.assert(
      fc.property(state, (original) => {
        const { state: parsed, errors } = parseSearchParams(serializeSearchState(original));
        expect(errors).toEqual([]);
        expect(parsed).toEqual(original);
      }),
    );
  });
});

describe("withChange and activeFilterCount", () => {
  it("resets to page 1 on every change (docs/product.md#search) and counts filters, not the query", () => {
    const state: SearchState = { ...EMPTY_SEARCH, q: "ai", industry: ["SaaS"], page: 4 };
    const changed = withChange(state, { stage: ["Seed"] });
    expect(changed.page).toBe(1);
    expect(activeFilterCount(changed)).toBe(2);
  });

  it("counts each chosen value (one chip each)", () => {
    expect(
      activeFilterCount({
        ...EMPTY_SEARCH,
        stage: ["Seed", "Series A"],
        location: ["country:France"],
        date: "1y",
      }),
    ).toBe(4);
  });

  it("toggles a value in a multi-select filter", () => {
    expect(toggledValue(["Seed"], "Series A")).toEqual(["Seed", "Series A"]);
    expect(toggledValue(["Seed", "Series A"], "Seed")).toEqual(["Series A"]);
  });

  it("lets active access search, filter, sort, page and choose the page size (decision 026)", () => {
    const asked: SearchState = { ...EMPTY_SEARCH, q: "ai", stage: ["Seed"], size: 100, page: 3 };
    expect(withAllowedSearch(asked, true)).toEqual({ state: asked, isNarrowed: false });
  });

  it("gives anyone else the free sample, whatever the URL asks, and says when it asked for more (decision 026)", () => {
    const asks: Array<Partial<SearchState>> = [
      { q: "ai" },
      { industry: ["SaaS"] },
      { location: ["country:Germany"] },
      { amount: "250k-1m" },
      { date: "30d" },
      { sort: "name-asc" },
      { size: 100 },
      { page: 2 },
    ];
    for (const ask of asks) {
      expect(withAllowedSearch({ ...EMPTY_SEARCH, ...ask }, false)).toEqual({
        state: EMPTY_SEARCH,
        isNarrowed: true,
      });
    }
    expect(withAllowedSearch(EMPTY_SEARCH, false)).toEqual({ state: EMPTY_SEARCH, isNarrowed: false });
  });
});

describe("dateCutoff", () => {
  it("is the day N days before today, in UTC", () => {
    const option = dateOption("30d");
    if (!option) throw new Error("missing option");
    expect(dateCutoff(option, new Date("2026-11-21T23:59:00Z"))).toBe("2026-10-22");
  });
});
