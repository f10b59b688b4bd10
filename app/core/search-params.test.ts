import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AMOUNT_OPTIONS, DATE_OPTIONS, dateCutoff, dateOption } from "./funding-filters";
import {
  activeFilterCount,
  EMPTY_SEARCH,
  MAX_PAGE,
  parseSearchParams,
  type SearchState,
  serializeSearchState,
  withChange,
} from "./search-params";

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
      industry: "SaaS",
      stage: "Seed",
      location: "country:Germany",
      amount: "5m-10m",
      date: "90d",
      page: 3,
    });
  });

  it("treats 'any' as no amount or date filter (spec 5)", () => {
    expect(parse("amount=any&date=any")).toEqual({ state: EMPTY_SEARCH, errors: [] });
  });

  it("drops bad values with a clear message instead of failing", () => {
    const { state, errors } = parse("amount=lots&date=yesterday&page=-2&location=country%3A");
    expect(state).toEqual(EMPTY_SEARCH);
    expect(errors.map((error) => error.param)).toEqual(["location", "amount", "date", "page"]);
    expect(errors[1]?.message).toBe('"lots" is not a funding amount option, so it was ignored.');
  });

  it("caps the page and the query length", () => {
    expect(parse(`page=${MAX_PAGE + 1}`).state.page).toBe(MAX_PAGE);
    const long = parse(`q=${"a".repeat(500)}`);
    expect(long.state.q).toHaveLength(200);
    expect(long.errors[0]?.param).toBe("q");
  });
});

describe("parseSearchParams: control characters and Unicode (issue 12 defects 4 and 5)", () => {
  const PARAMS = ["q", "industry", "stage", "location", "amount", "date", "page"] as const;
  const VALUES: Record<(typeof PARAMS)[number], string> = {
    q: "fin tech",
    industry: "SaaS",
    stage: "Seed",
    location: "country:Germany",
    amount: "5m-10m",
    date: "90d",
    page: "3",
  };
  const EXPECTED: SearchState = { ...VALUES, amount: "5m-10m", date: "90d", page: 3 };
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
        // White space controls (tab, newline…) separate words, so "5m\t-10m" is no amount option; the
        // others are dropped, leaving the value as it was meant.
        if (/\s|\u0085/.test(char)) continue;
        expect(errors).toEqual([]);
        expect(state[param]).toBe(EXPECTED[param]);
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
    expect(parse("location=Zu%CC%88rich%2C+Switzerland").state.location).toBe("Zürich, Switzerland");
    expect(parse("industry=Cafe%CC%81").state.industry).toBe("Café");
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

  it("round-trips any valid state through the URL", () => {
    const text = fc.string({ maxLength: 40 }).map((value) => value.replace(/\s+/g, " ").trim());
    const state = fc.record({
      q: text,
      industry: text,
      stage: text,
      location: fc.oneof(
        text,
        text.map((value) => (value ? `country:${value}` : "")),
      ),
      amount: fc.constantFrom("", ...AMOUNT_OPTIONS.map((option) => option.value)),
      date: fc.constantFrom("", ...DATE_OPTIONS.map((option) => option.value)),
      page: fc.integer({ min: 1, max: MAX_PAGE }),
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
  it("resets to page 1 on every change (spec 4) and counts filters, not the query", () => {
    const state: SearchState = { ...EMPTY_SEARCH, q: "ai", industry: "SaaS", page: 4 };
    const changed = withChange(state, { stage: "Seed" });
    expect(changed.page).toBe(1);
    expect(activeFilterCount(changed)).toBe(2);
  });
});

describe("dateCutoff", () => {
  it("is the day N days before today, in UTC", () => {
    const option = dateOption("30d");
    if (!option) throw new Error("missing option");
    expect(dateCutoff(option, new Date("2026-11-21T23:59:00Z"))).toBe("2026-10-22");
  });
});
