import { describe, expect, it } from "vitest";
import { linkableSourceUrl, roundSourceName, sourceCell } from "./round-source";

describe("round sources (decision 031)", () => {
  it("names each source as a buyer reads it", () => {
    expect(roundSourceName("sec_form_d")).toBe("SEC Form D");
    expect(roundSourceName("crunchbase_rounds")).toBe("Crunchbase");
    expect(roundSourceName("crunchbase_companies")).toBe("Crunchbase");
    expect(roundSourceName("demo")).toBe("Demo data");
    expect(roundSourceName("something_new")).toBe("something_new");
  });

  it("links only to http(s) pages", () => {
    expect(linkableSourceUrl("https://www.sec.gov/Archives/edgar/data/1/000000000126000001/")).toBe(
      "https://www.sec.gov/Archives/edgar/data/1/000000000126000001/",
    );
    expect(linkableSourceUrl("javascript:alert(1)")).toBeNull();
    expect(linkableSourceUrl(null)).toBeNull();
  });

  it("writes the export's Source cell as the name, then the page", () => {
    expect(sourceCell("sec_form_d", "https://www.sec.gov/Archives/edgar/data/1/000000000126000001/")).toBe(
      "SEC Form D (https://www.sec.gov/Archives/edgar/data/1/000000000126000001/)",
    );
    expect(sourceCell("demo", null)).toBe("Demo data");
    expect(sourceCell("demo", "ftp://example.com")).toBe("Demo data");
    expect(sourceCell(null, null)).toBe("");
  });
});
