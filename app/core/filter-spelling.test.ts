import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FilterOptions } from "./filter-options";
import {
  canonicalFilterValue,
  canonicalSearchQuery,
  MAX_CANONICAL_QUERY_LENGTH,
  needsDataSpellings,
} from "./filter-spelling";

const OPTIONS: FilterOptions = {
  industries: ["FinTech", "SaaS", "Artificial Intelligence (AI)"],
  headquarters_regions: [],
  funding_types: ["Pre-Seed", "Seed", "Series A", "Debt Financing"],
  headquarters_locations_grouped: {
    Germany: { Berlin: ["Berlin"] },
    Singapore: { "Unknown Region": ["Singapore"] },
    "United States": { California: ["San Francisco"] },
  },
  continents: [],
};

function canonical(query: string, options: FilterOptions | undefined = OPTIONS): string | null {
  return canonicalSearchQuery(new URLSearchParams(query), options)?.toString() ?? null;
}

describe("canonicalFilterValue (docs/product.md#search: values in any case, as the filters spell them)", () => {
  it("spells the data's industries and stages as the data does", () => {
    expect(canonicalFilterValue("stage", "seed", OPTIONS)).toBe("Seed");
    expect(canonicalFilterValue("stage", "SERIES a", OPTIONS)).toBe("Series A");
    expect(canonicalFilterValue("industry", "fintech", OPTIONS)).toBe("FinTech");
    expect(canonicalFilterValue("industry", "artificial intelligence (ai)", OPTIONS)).toBe(
      "Artificial Intelligence (AI)",
    );
  });

  it("spells places: the prefix, continents, countries, states and the picker's city strings", () => {
    expect(canonicalFilterValue("location", "Continent:europe", OPTIONS)).toBe("continent:Europe");
    expect(canonicalFilterValue("location", "continent:other", OPTIONS)).toBe("continent:Other");
    expect(canonicalFilterValue("location", "COUNTRY:germany", OPTIONS)).toBe("country:Germany");
    expect(canonicalFilterValue("location", "state:california", OPTIONS)).toBe("state:California");
    expect(canonicalFilterValue("location", "san francisco, california, united states", OPTIONS)).toBe(
      "San Francisco, California, United States",
    );
    expect(canonicalFilterValue("location", "singapore, singapore", OPTIONS)).toBe("Singapore, Singapore");
  });

  it("spells the fixed lists without the data: amounts, dates, 'any' and orders", () => {
    expect(canonicalFilterValue("amount", "250K-1M", undefined)).toBe("250k-1m");
    expect(canonicalFilterValue("amount", "Any", undefined)).toBe("any");
    expect(canonicalFilterValue("date", "1Y", undefined)).toBe("1y");
    expect(canonicalFilterValue("sort", "Name-Desc", undefined)).toBe("name-desc");
    expect(canonicalFilterValue("location", "continent:north america", undefined)).toBe(
      "continent:North America",
    );
  });

  it("leaves a value nothing knows as it came, only cleaned", () => {
    expect(canonicalFilterValue("stage", "Series Z", OPTIONS)).toBe("Series Z");
    expect(canonicalFilterValue("stage", "seed", undefined)).toBe("seed");
    expect(canonicalFilterValue("location", "country:atlantis", OPTIONS)).toBe("country:atlantis");
    expect(canonicalFilterValue("amount", "lots", OPTIONS)).toBe("lots");
    expect(canonicalFilterValue("industry", "  FinTech  ", OPTIONS)).toBe("FinTech");
  });
});

describe("canonicalSearchQuery", () => {
  it("serves a long query as it is rather than repeat it in a redirect's header (docs/product.md#search)", () => {
    const long = `amount=1M-5M&rounds=${"%00".repeat(2_000)}`;
    expect(long.length).toBeGreaterThan(MAX_CANONICAL_QUERY_LENGTH);
    expect(canonicalSearchQuery(new URLSearchParams(long), undefined)).toBeNull();
    expect(canonicalSearchQuery(new URLSearchParams("amount=1M-5M&rounds=x"), undefined)?.toString()).toBe(
      "amount=1m-5m&rounds=x",
    );
  });

  it("is null for a query already canonical, so the page is served without a redirect", () => {
    expect(canonical("")).toBeNull();
    expect(canonical("q=seed&stage=Seed&stage=Series+A&amount=1m-5m&location=country%3AGermany")).toBeNull();
    expect(canonical("stage=Series+Z&amount=lots")).toBeNull();
  });

  it("respells every filter value in place and keeps the other parameters and the text as they came", () => {
    expect(canonical("q=SEED&stage=seed&success=true&industry=fintech&amount=1M-5M&sort=NAME")).toBe(
      "q=SEED&stage=Seed&success=true&industry=FinTech&amount=1m-5m&sort=name-asc",
    );
  });

  it("gives a value repeated in another case once", () => {
    expect(canonical("stage=Seed&stage=seed&stage=SEED&industry=saas")).toBe("stage=Seed&industry=SaaS");
  });

  it("asks for the data's spellings only when the URL holds an industry, a stage or a place", () => {
    expect(needsDataSpellings(new URLSearchParams("q=a&amount=1m-5m&sort=name"))).toBe(false);
    for (const key of ["industry", "stage", "location"]) {
      expect(needsDataSpellings(new URLSearchParams(`${key}=x`))).toBe(true);
    }
  });
});

describe("canonicalSearchQuery never redirects twice", () => {
  it("gives a query it wrote back as already canonical, whatever the values", () => {
    const key = fc.constantFrom("industry", "stage", "location", "amount", "date", "sort", "q", "page");
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom(
        "seed",
        "SEED",
        "fintech",
        "country:germany",
        "Continent:EUROPE",
        "1M-5m",
        "Any",
        "NAME",
      ),
      fc.constantFrom("singapore, singapore", "state:CALIFORNIA", " Series A ", "x".repeat(300), "a\u0000b"),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { maxLength: 8 }), (pairs) => {
        const once = canonicalSearchQuery(new URLSearchParams(pairs), OPTIONS);
        if (!once) return;
        // As the redirect's URL arrives: written out and read again.
        expect(canonicalSearchQuery(new URLSearchParams(once.toString()), OPTIONS)).toBeNull();
      }),
    );
  });
});
