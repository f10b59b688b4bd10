import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ALERT_FREQUENCY_LABELS,
  ALERT_FREQUENCY_VALUES,
  canonicalSearchQuery,
  cleanSavedSearchName,
  isAlertFrequency,
  MAX_SAVED_SEARCH_NAME,
  MAX_SAVED_SEARCHES,
  readSavedSearchQuery,
  SAVED_SEARCH_MESSAGES,
  savedSearchHref,
} from "./saved-search";
import { EMPTY_SEARCH, MAX_QUERY_LENGTH, type SearchState } from "./search-params";

describe("cleanSavedSearchName", () => {
  it("trims and makes each run of white space one space", () => {
    expect(cleanSavedSearchName("  Berlin \t fintech\n\nseed  ")).toEqual({ name: "Berlin fintech seed" });
  });

  it("stores the composed (NFC) form, so the same name typed two ways is one name", () => {
    expect(cleanSavedSearchName("Zu\u0308rich")).toEqual({ name: "Z\u00fcrich" });
  });

  it("refuses an empty, blank or missing name", () => {
    for (const value of ["", "   ", "\n\t", undefined, null, 42, ["a"], { name: "a" }]) {
      expect(cleanSavedSearchName(value)).toEqual({ error: SAVED_SEARCH_MESSAGES.nameMissing });
    }
  });

  it(`takes up to ${MAX_SAVED_SEARCH_NAME} characters, counted as characters, not UTF-16 units`, () => {
    expect(MAX_SAVED_SEARCH_NAME).toBe(80);
    const longest = "a".repeat(80);
    expect(cleanSavedSearchName(longest)).toEqual({ name: longest });
    expect(cleanSavedSearchName(`${"a".repeat(81)}`)).toEqual({ error: SAVED_SEARCH_MESSAGES.nameTooLong });
    // 80 emoji are 160 UTF-16 units and 80 characters (PostgreSQL's char_length, the table's check).
    const emoji = "🚀".repeat(80);
    expect(cleanSavedSearchName(emoji)).toEqual({ name: emoji });
    expect(cleanSavedSearchName(`${emoji}🚀`)).toEqual({ error: SAVED_SEARCH_MESSAGES.nameTooLong });
  });

  it("counts the length after cleaning: surrounding and repeated spaces do not count", () => {
    const name = `${"a".repeat(40)} ${"b".repeat(39)}`;
    expect(name).toHaveLength(80);
    expect(cleanSavedSearchName(`   ${"a".repeat(40)}      ${"b".repeat(39)}   `)).toEqual({ name });
  });

  it("names the limits in its messages", () => {
    expect(SAVED_SEARCH_MESSAGES.nameTooLong).toContain("80");
    expect(SAVED_SEARCH_MESSAGES.limit).toContain(String(MAX_SAVED_SEARCHES));
    expect(MAX_SAVED_SEARCHES).toBe(50);
    expect(SAVED_SEARCH_MESSAGES.nameTaken).toBe(
      "You already have a saved search with this name. Choose another name.",
    );
  });
});

describe("alert frequencies", () => {
  it("are off, daily and weekly, each with a label", () => {
    expect(ALERT_FREQUENCY_VALUES).toEqual(["off", "daily", "weekly"]);
    for (const value of ALERT_FREQUENCY_VALUES) {
      expect(isAlertFrequency(value)).toBe(true);
      expect(ALERT_FREQUENCY_LABELS[value]).toMatch(/\S/);
    }
    expect(ALERT_FREQUENCY_LABELS.off).toBe("No email");
  });

  it("refuses anything else", () => {
    for (const value of ["Daily", "monthly", "", " daily", null, undefined, 1, true, ["daily"]]) {
      expect(isAlertFrequency(value)).toBe(false);
    }
  });
});

describe("canonicalSearchQuery / readSavedSearchQuery", () => {
  const state: SearchState = {
    ...EMPTY_SEARCH,
    q: "fintech",
    industry: ["FinTech", "Artificial Intelligence"],
    stage: ["Seed", "Series A"],
    location: ["Berlin, Berlin, Germany", "country:Germany", "continent:Europe"],
    amount: "5m-10m",
    date: "90d",
    sort: "amount-desc",
    size: 100,
    page: 7,
  };

  it("round-trips a search with several values per filter, in their order, on page 1", () => {
    const query = canonicalSearchQuery(state);
    const read = readSavedSearchQuery(query);
    expect(read.errors).toEqual([]);
    expect(read.state).toEqual({ ...state, page: 1 });
    expect(new URLSearchParams(query).getAll("industry")).toEqual(["FinTech", "Artificial Intelligence"]);
    expect(new URLSearchParams(query).getAll("stage")).toEqual(["Seed", "Series A"]);
  });

  it("drops the page, however it was given", () => {
    expect(canonicalSearchQuery(state)).not.toContain("page=");
    const read = readSavedSearchQuery("q=ai&page=3");
    expect(read.errors).toEqual([]);
    expect(read.state.page).toBe(1);
    // Even a page the search page would refuse: it is not part of what is saved.
    expect(readSavedSearchQuery("q=ai&page=banana").errors).toEqual([]);
  });

  it("leaves out defaults and empties, so one search has one stored form", () => {
    expect(canonicalSearchQuery(EMPTY_SEARCH)).toBe("");
    expect(canonicalSearchQuery({ ...EMPTY_SEARCH, q: "ai", sort: "date-desc", size: 50 })).toBe("q=ai");
    const spelled = readSavedSearchQuery(
      "?q=%20fin%20%20tech%20&stage=Seed&stage=Seed&stage=&sort=date-desc&size=50",
    );
    expect(spelled.errors).toEqual([]);
    expect(canonicalSearchQuery(spelled.state)).toBe("q=fin+tech&stage=Seed");
  });

  it("is a fixed point: reading a canonical query and writing it again gives the same string", () => {
    const values = fc.uniqueArray(fc.constantFrom("SaaS", "FinTech", "Health Care", "E-Commerce"), {
      maxLength: 3,
    });
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        values,
        fc.uniqueArray(fc.constantFrom("Seed", "Series A", "Series B"), { maxLength: 3 }),
        fc.constantFrom("", "1m-5m", "250m-plus"),
        fc.constantFrom("", "30d", "1y"),
        (q, industry, stage, amount, date) => {
          const query = new URLSearchParams({ q, amount, date });
          for (const value of industry) query.append("industry", value);
          for (const value of stage) query.append("stage", value);
          const first = readSavedSearchQuery(query.toString());
          const canonical = canonicalSearchQuery(first.state);
          const again = readSavedSearchQuery(canonical);
          expect(again.errors).toEqual([]);
          expect(again.state).toEqual(first.state);
          expect(canonicalSearchQuery(again.state)).toBe(canonical);
        },
      ),
    );
  });

  it.each([
    ["amount=lots", "amount"],
    ["date=forever", "date"],
    ["sort=popularity", "sort"],
    ["size=7", "size"],
    ["location=country%3A", "location"],
    [`q=${"x".repeat(MAX_QUERY_LENGTH + 1)}`, "q"],
    [Array.from({ length: 21 }, (_, index) => `stage=S${index}`).join("&"), "stage"],
  ])("refuses %s with the search page's message for %s", (query, param) => {
    const { errors } = readSavedSearchQuery(query);
    expect(errors.map((error) => error.param)).toEqual([param]);
    expect(errors[0]?.message).toMatch(/\S/);
  });
});

describe("savedSearchHref", () => {
  it("links to the search page with the query, or to the bare page", () => {
    expect(savedSearchHref("q=ai&stage=Seed")).toBe("/search?q=ai&stage=Seed");
    expect(savedSearchHref("")).toBe("/search");
  });
});
