import { describe, expect, it } from "vitest";
import {
  companiesExportQuery,
  exportCriteriaSummary,
  exportedOnText,
  exportHistoryEntry,
  exportOutcomeLabel,
  exportRepeatHref,
  exportRowsPer,
  lpsExportQuery,
  newLeadsText,
  noNewLeadsReason,
  readExportRows,
  readNewOnly,
} from "./export-history";
import { EMPTY_LP_SEARCH, parseLpSearchParams } from "./lp-search-params";
import { EMPTY_SEARCH, parseSearchParams } from "./search-params";

describe("readNewOnly (docs/product.md#export: the export's newOnly option)", () => {
  it.each([
    ["1", true],
    ["true", true],
    [" TRUE ", true],
    [true, true],
    [1, true],
    ["0", false],
    ["false", false],
    [false, false],
    [0, false],
    ["", false],
    [null, false],
    [undefined, false],
  ])("reads %o as %s", (value, expected) => {
    expect(readNewOnly(value)).toEqual({ newOnly: expected });
  });

  it.each([["yes"], ["2"], [2], [["1"]], [{ on: true }]])("refuses %o with a message naming it", (value) => {
    const read = readNewOnly(value);
    expect(read).toHaveProperty("error");
    if ("error" in read) {
      expect(read.error).toContain("newOnly");
      expect(read.error).toContain(typeof value === "string" ? `"${value}"` : JSON.stringify(value));
    }
  });
});

describe("one row per company or per person (docs/product.md#export: the export's rows option)", () => {
  it.each([
    ["people", "person"],
    [" People ", "person"],
    ["companies", "company"],
    ["", null],
    [null, null],
  ] as const)("reads %o as %s", (value, expected) => {
    expect(readExportRows(value)).toEqual({ rowsPer: expected });
  });

  it.each([["person"], ["all"], ["1"]])("refuses %o with a message naming it and the choices", (value) => {
    expect(readExportRows(value)).toEqual({
      error: `"${value}" is not a choice for rows: use people (one row per person) or companies (one row per company).`,
    });
  });

  it("takes the choice when made, else the format's, else a company", () => {
    expect(exportRowsPer(null, null)).toBe("company");
    expect(exportRowsPer(null, "person")).toBe("person");
    expect(exportRowsPer({ rowsPer: "person" }, null)).toBe("person");
    expect(exportRowsPer({ rowsPer: "person" }, "company")).toBe("company");
    expect(exportRowsPer({}, null)).toBe("company");
  });
});

describe("an export's criteria as its endpoint's query string", () => {
  it("keeps the search, leaves out the page and page size, and adds target and newOnly when set", () => {
    const { state } = parseSearchParams(
      new URLSearchParams("q=data&industry=SaaS&industry=Fintech&date=1y&sort=name-asc&size=25&page=3"),
    );
    expect(companiesExportQuery(state, null, false)).toBe(
      "q=data&industry=SaaS&industry=Fintech&date=1y&sort=name-asc",
    );
    expect(companiesExportQuery(state, "hubspot-contacts", true)).toBe(
      "q=data&industry=SaaS&industry=Fintech&date=1y&sort=name-asc&target=hubspot-contacts&newOnly=1",
    );
    expect(companiesExportQuery(EMPTY_SEARCH, null, false)).toBe("");
    expect(companiesExportQuery(EMPTY_SEARCH, "excel-eu", false, "person")).toBe(
      "target=excel-eu&rows=people",
    );
  });

  it("reads back as the same search", () => {
    const { state } = parseSearchParams(new URLSearchParams("q=a b&location=continent:Europe&amount=1m-5m"));
    const again = parseSearchParams(new URLSearchParams(companiesExportQuery(state, null, true)));
    expect(again.errors).toEqual([]);
    expect(again.state).toEqual(state);
  });

  it("writes an LP view without its paging", () => {
    const { state } = parseLpSearchParams(new URLSearchParams("q=ford&type=endowment&emerging=yes&page=2"));
    expect(lpsExportQuery(state)).toBe("q=ford&type=endowment&emerging=yes");
    expect(lpsExportQuery(EMPTY_LP_SEARCH)).toBe("");
  });

  it("repeats at the database's endpoint", () => {
    expect(exportRepeatHref("companies", "stage=Seed&newOnly=1")).toBe(
      "/api/export-csv?stage=Seed&newOnly=1",
    );
    expect(exportRepeatHref("lps", "type=endowment")).toBe("/api/export-lps?type=endowment");
    expect(exportRepeatHref("companies", "")).toBe("/api/export-csv");
  });
});

describe("the history's summary of an export", () => {
  it("words a companies search as the search summary does, format and new-only aside", () => {
    expect(
      exportCriteriaSummary(
        "companies",
        "q=data&stage=Seed&stage=Series A&amount=1m-5m&target=instantly&newOnly=1",
      ),
    ).toBe("“data” · Seed or Series A · $1M - $5M");
    expect(exportCriteriaSummary("companies", "")).toBe("All companies");
  });

  it("words an LP view with the LP filters' labels", () => {
    expect(exportCriteriaSummary("lps", "q=ford&type=endowment&type=foundation&emerging=yes")).toBe(
      "“ford” · Endowment or Foundation · Accepts emerging managers",
    );
    expect(exportCriteriaSummary("lps", "")).toBe("All LPs");
  });

  it("makes a stored row an entry: the format's name, the repeat link", () => {
    const entry = exportHistoryEntry({
      id: 7,
      createdAt: new Date("2026-11-03T10:15:00Z"),
      database: "companies",
      query: "stage=Seed&target=hubspot-contacts&newOnly=1",
      format: "hubspot-contacts",
      newOnly: true,
      rowCount: 1234,
      outcome: "complete",
    });
    expect(entry).toEqual({
      id: 7,
      createdAt: "2026-11-03T10:15:00.000Z",
      database: "companies",
      summary: "Seed",
      formatLabel: "HubSpot",
      newOnly: true,
      // HubSpot takes one contact per row (docs/product.md#export).
      rowsPer: "person",
      rowCount: 1234,
      outcome: "complete",
      href: "/api/export-csv?stage=Seed&target=hubspot-contacts&newOnly=1",
    });
    const plain = { ...entry, query: "", createdAt: new Date(), format: null, newOnly: false };
    expect(exportHistoryEntry(plain)).toMatchObject({
      formatLabel: null,
      summary: "All companies",
      href: "/api/export-csv",
      rowsPer: "company",
    });
    expect(exportHistoryEntry({ ...plain, query: "stage=Seed&rows=people" })).toMatchObject({
      summary: "Seed",
      rowsPer: "person",
      href: "/api/export-csv?stage=Seed&rows=people",
    });
    expect(
      exportHistoryEntry({ ...plain, format: "hubspot-contacts", query: "rows=companies" }).rowsPer,
    ).toBe("company");
  });

  it("says how an export ended, nothing for a complete one", () => {
    expect(exportOutcomeLabel("complete")).toBeNull();
    expect(exportOutcomeLabel("aborted")).toBe("Stopped before the end");
    expect(exportOutcomeLabel("failed")).toBe("Failed");
    expect(exportOutcomeLabel(null)).toBe("In progress");
  });
});

describe("the new-leads count and the marker's words", () => {
  it("counts new of total, and says when there is none", () => {
    expect(newLeadsText({ total: 5000, newLeads: 1234 })).toBe("1,234 new of 5,000");
    expect(newLeadsText({ total: 5000, newLeads: 5000 })).toBe("5,000 new of 5,000");
    expect(newLeadsText({ total: 1, newLeads: 0 })).toBe(
      "No new leads: you have exported this company before.",
    );
    expect(newLeadsText({ total: 12, newLeads: 0 })).toBe(
      "No new leads: you have exported all 12 companies before.",
    );
    expect(newLeadsText({ total: 0, newLeads: 0 })).toBe("No companies match this search.");
  });

  it("says why the export is disabled when no lead is new, and how to export anyway (docs/product.md#export)", () => {
    expect(noNewLeadsReason({ total: 12, newLeads: 0 })).toBe(
      "No new leads: you have exported all 12 companies before. Untick “Leave out companies I have exported before” to export them again.",
    );
    expect(noNewLeadsReason({ total: 1, newLeads: 0 })).toBe(
      "No new leads: you have exported this company before. Untick “Leave out companies I have exported before” to export it again.",
    );
  });

  it("dates the marker in UTC", () => {
    expect(exportedOnText("2026-11-03T23:30:00.000Z")).toBe("Exported on Nov 3, 2026");
  });
});
