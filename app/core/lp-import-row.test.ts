import { describe, expect, it } from "vitest";
import { type LpCsvRecord, lpRecord } from "~tests/fixtures/lp-csv";
import { LP_CSV_COLUMNS } from "./lp-csv-columns";
import { LP_FIELD_HEADERS, lpHeaderKey, resolveLpHeader } from "./lp-import-columns";
import { type ParsedLpRow, parseLpRow } from "./lp-import-row";
import { LP_TYPE_OPTIONS } from "./lp-types";

const TODAY = new Date("2025-06-15T00:00:00Z");
const { columns: EXPORT_COLUMNS } = resolveLpHeader(LP_CSV_COLUMNS);

function parse(record: LpCsvRecord, headers: readonly string[] = LP_CSV_COLUMNS): ParsedLpRow {
  const { columns } = resolveLpHeader(headers);
  return parseLpRow(
    headers.map((header) => String(record[header] ?? "")),
    columns,
    TODAY,
  );
}

function reasonOf(overrides: LpCsvRecord): string {
  const parsed = parse(lpRecord(1, overrides));
  if (parsed.ok) throw new Error("expected the row to be rejected");
  return parsed.reason;
}

describe("resolveLpHeader", () => {
  it("maps the export's header onto every field", () => {
    const resolved = resolveLpHeader(LP_CSV_COLUMNS);
    expect(resolved).toMatchObject({ missingRequired: [], duplicate: [], ignored: [] });
    expect(Object.keys(resolved.columns)).toHaveLength(Object.keys(LP_FIELD_HEADERS).length);
  });

  it("knows synonyms and ignores case, spaces, hyphens, underscores and slashes", () => {
    const resolved = resolveLpHeader([
      "name",
      "investor_type",
      "COUNTRY",
      "AUM",
      "min check",
      "Backs First Time Funds",
      "e-mail",
      "CB Rank",
    ]);
    expect(resolved.columns).toMatchObject({
      name: { index: 0, header: "name" },
      type: { index: 1 },
      country: { index: 2 },
      aumUsd: { index: 3 },
      checkMinUsd: { index: 4 },
      backsFirstTimeFunds: { index: 5 },
      contactEmail: { index: 6 },
    });
    expect(resolved.ignored).toEqual(["CB Rank"]);
    expect(lpHeaderKey("HQ/Country")).toBe(lpHeaderKey("hq_country"));
  });

  it("names the required columns a file lacks and the columns given twice", () => {
    expect(resolveLpHeader(["Website", "Country"]).missingRequired).toEqual(["LP Name", "LP Type"]);
    expect(resolveLpHeader(["LP Name", "Name", "LP Type"]).duplicate).toEqual(["Name"]);
  });
});

describe("parseLpRow", () => {
  it("converts a full row of the export's shape", () => {
    const parsed = parse(lpRecord(7));
    expect(parsed).toEqual({
      ok: true,
      lp: {
        name: "Harbor Family Office 7",
        type: "single-family-office",
        city: "Boston",
        region: "Massachusetts",
        country: "United States",
        website: "https://www.harbor-7.example",
        websiteDomain: "harbor-7.example",
        aumUsd: 500_000_000,
        aumAsOf: "2024-12-31",
        checkMinUsd: 1_000_000,
        checkMaxUsd: 5_000_000,
        assetClasses: ["venture-capital", "buyout"],
        stageFocus: ["seed", "early"],
        sectorFocus: ["software"],
        geoFocus: ["north-america"],
        acceptsEmerging: "yes",
        backsFirstTimeFunds: false,
        mfoModel: null,
        description: "A family office, number 7.",
      },
      contact: {
        firstName: "Ann",
        lastName: "Lee7",
        title: "CIO",
        email: "ann.lee7@harbor-7.example",
        linkedin: "https://www.linkedin.com/in/ann-lee-7",
      },
    });
  });

  it("reads a row without contact cells as an LP without a contact", () => {
    const parsed = parse(
      lpRecord(1, {
        "Contact First Name": "",
        "Contact Last Name": " ",
        "Contact Title": "",
        "Contact Email": "",
        "Contact LinkedIn": "",
      }),
    );
    expect(parsed).toMatchObject({ ok: true, contact: null });
  });

  it("takes types and list values as labels, slugs or synonyms, in any case, and lists in either separator", () => {
    for (const { slug, label } of LP_TYPE_OPTIONS) {
      expect(parse(lpRecord(1, { "LP Type": label.toUpperCase() }))).toMatchObject({
        ok: true,
        lp: { type: slug },
      });
      expect(parse(lpRecord(1, { "LP Type": slug }))).toMatchObject({ ok: true, lp: { type: slug } });
    }
    expect(parse(lpRecord(1, { "LP Type": "SWF" }))).toMatchObject({ lp: { type: "sovereign-wealth" } });
    expect(parse(lpRecord(1, { "LP Type": "Family Office" }))).toMatchObject({
      lp: { type: "single-family-office" },
    });
    const parsed = parse(
      lpRecord(1, {
        "Asset Classes": "buyout, VENTURE-CAPITAL;; venture capital ",
        "Stage Focus": "growth-(series b-c); pre seed",
        "Sector Focus": "",
        "Geography Focus": "europe;Global",
      }),
    );
    expect(parsed).toMatchObject({
      ok: true,
      lp: {
        // Stored in the vocabulary's order, without duplicates; empty sectors: a generalist.
        assetClasses: ["venture-capital", "buyout"],
        stageFocus: ["pre-seed", "growth"],
        sectorFocus: [],
        geoFocus: ["global", "europe"],
      },
    });
  });

  it("reads amounts with separators, dollar signs and scale suffixes", () => {
    const parsed = parse(
      lpRecord(1, { "AUM (USD)": "$2.5B", "Check Min (USD)": "500k", "Check Max (USD)": "USD 25M" }),
    );
    expect(parsed).toMatchObject({
      ok: true,
      lp: { aumUsd: 2_500_000_000, checkMinUsd: 500_000, checkMaxUsd: 25_000_000 },
    });
    expect(
      parse(lpRecord(1, { "AUM (USD)": "", "Check Min (USD)": "", "Check Max (USD)": "" })),
    ).toMatchObject({
      lp: { aumUsd: null, checkMinUsd: null, checkMaxUsd: null },
    });
  });

  it("reads yes/no answers and MFO models", () => {
    expect(
      parse(lpRecord(1, { "Accepts Emerging Managers": "", "Backs First-Time Funds": "TRUE" })),
    ).toMatchObject({ lp: { acceptsEmerging: "unknown", backsFirstTimeFunds: true } });
    expect(parse(lpRecord(1, { "Accepts Emerging Managers": "n" }))).toMatchObject({
      lp: { acceptsEmerging: "no" },
    });
    expect(parse(lpRecord(1, { "LP Type": "MFO", "MFO Model": "advisory" }))).toMatchObject({
      lp: { type: "multi-family-office", mfoModel: "advisory" },
    });
  });

  it("reads files with only some columns, under other names", () => {
    const headers = ["Name", "Type", "Country", "Email", "First Name"];
    const parsed = parse(
      {
        Name: "Oak Endowment",
        Type: "endowment",
        Country: "Canada",
        Email: "a@oak.example",
        "First Name": "Bo",
      },
      headers,
    );
    expect(parsed).toMatchObject({
      ok: true,
      lp: { name: "Oak Endowment", type: "endowment", country: "Canada", website: null, assetClasses: [] },
      contact: { firstName: "Bo", email: "a@oak.example", lastName: null },
    });
  });

  it("normalises text to NFC", () => {
    expect(parse(lpRecord(1, { "HQ City": "Zu\u0308rich" }))).toMatchObject({ lp: { city: "Z\u00fcrich" } });
  });

  describe("rejects with a reason that names the column and the value", () => {
    it.each<[string, LpCsvRecord, string]>([
      ["a missing name", { "LP Name": " " }, "LP Name is empty."],
      ["a missing type", { "LP Type": "" }, "LP Type is empty; every LP needs a type."],
      [
        "an unknown type",
        { "LP Type": "Hedge fund" },
        'LP Type "Hedge fund" is not one of: Single-family office,',
      ],
      ["a bad amount", { "AUM (USD)": "lots" }, 'AUM (USD) "lots" is not an amount in USD'],
      ["a negative amount", { "Check Min (USD)": "-5" }, 'Check Min (USD) "-5" is negative.'],
      ["an absurd amount", { "AUM (USD)": "1e20" }, 'AUM (USD) "1e20" is not an amount in USD'],
      [
        "a too large amount",
        { "Check Max (USD)": "2T" },
        'Check Max (USD) "2T" is larger than $1,000,000,000,000.',
      ],
      [
        "check min over max",
        { "Check Min (USD)": "10M", "Check Max (USD)": "1M" },
        "Check Min (USD) $10,000,000 is larger than Check Max (USD) $1,000,000.",
      ],
      [
        "a check implausible for the AUM",
        { "AUM (USD)": "100M", "Check Max (USD)": "50M" },
        "Check Max (USD) $50,000,000 is more than 10% of AUM (USD) $100,000,000",
      ],
      [
        "a bad date",
        { "AUM As Of": "2024-02-30" },
        'AUM As Of "2024-02-30" is not a valid date (expected YYYY-MM-DD).',
      ],
      ["a future date", { "AUM As Of": "2025-07-01" }, 'AUM As Of "2025-07-01" is in the future.'],
      ["an old date", { "AUM As Of": "1850-01-01" }, 'AUM As Of "1850-01-01" is before 1900-01-01.'],
      [
        "a bad email",
        { "Contact Email": "ann at harbor" },
        'Contact Email "ann at harbor" is not an email address.',
      ],
      ["a bad website", { Website: "not a site" }, 'Website "not a site" is not a web address.'],
      [
        "a website without a domain",
        { Website: "localhost" },
        'Website "localhost" is not a website address.',
      ],
      [
        "a bad LinkedIn",
        { "Contact LinkedIn": "ftp://x.example" },
        'Contact LinkedIn "ftp://x.example" is not a web address.',
      ],
      [
        "unknown list values (all named)",
        { "Asset Classes": "Venture capital; Art; Wine" },
        'Asset Classes names values that are not of the known asset classes: "Art", "Wine" (known: Venture capital,',
      ],
      [
        "one unknown focus value",
        { "Geography Focus": "Europe; Mars" },
        'Geography Focus names a value that is not one of the known regions: "Mars"',
      ],
      [
        "a bad yes/no",
        { "Backs First-Time Funds": "sometimes" },
        'Backs First-Time Funds "sometimes" is not yes or no.',
      ],
      [
        "a bad emerging managers answer",
        { "Accepts Emerging Managers": "maybe" },
        'Accepts Emerging Managers "maybe" is not one of: Yes, No, Unknown.',
      ],
      [
        "an MFO model of another type",
        { "MFO Model": "Discretionary" },
        "MFO Model is only for multi-family offices; this LP's type is Single-family office.",
      ],
      [
        "an unknown MFO model",
        { "LP Type": "MFO", "MFO Model": "hybrid" },
        'MFO Model "hybrid" is not one of',
      ],
      [
        "a contact without a first name",
        { "Contact First Name": "" },
        "Contact First Name is empty, but the row names a contact in its other contact columns.",
      ],
      ["a NUL character", { Description: "a\0b" }, "Description contains a NUL character."],
      [
        "a too long name",
        { "LP Name": "x".repeat(201) },
        'LP Name "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…" is longer than 200 characters.',
      ],
    ])("%s", (_what, overrides, reason) => {
      expect(reasonOf(overrides)).toContain(reason);
    });

    it("names every problem of the row, not only the first (docs/product.md#imports)", () => {
      expect(reasonOf({ "LP Name": "", "AUM As Of": "someday", "Contact Email": "nobody" })).toBe(
        'LP Name is empty; AUM As Of "someday" is not a valid date (expected YYYY-MM-DD); ' +
          'Contact Email "nobody" is not an email address.',
      );
    });

    it("quotes the file's own header", () => {
      const parsed = parse({ Name: "X", Type: "Pension plan" }, ["Name", "Type"]);
      expect(parsed).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/^Type "Pension plan" is not one of/),
      });
    });
  });

  it("every canonical column is the export's", () => {
    expect(Object.values(LP_FIELD_HEADERS)).toEqual([...LP_CSV_COLUMNS]);
    expect(EXPORT_COLUMNS.name?.header).toBe("LP Name");
  });
});
