import { describe, expect, it } from "vitest";
import { conversionReportFor, isFullReport } from "./report-view";

const REPORT = {
  rowsRead: 10,
  written: 5,
  missingRequired: { Email: 1 },
  duplicateEmails: 2,
  suppressed: 1,
  unreadable: 1,
  parts: 1,
};

describe("conversionReportFor", () => {
  it("gives an admin every reason", () => {
    const view = conversionReportFor(REPORT, true);
    expect(view).toEqual(REPORT);
    expect(isFullReport(view)).toBe(true);
  });

  it("gives anyone else repeated and do-not-sell addresses as one count, with no suppression count", () => {
    const view = conversionReportFor(REPORT, false);
    expect(view).toEqual({
      rowsRead: 10,
      written: 5,
      missingRequired: { Email: 1 },
      unreadable: 1,
      parts: 1,
      leftOut: 3,
    });
    expect(isFullReport(view)).toBe(false);
    expect(JSON.stringify(view)).not.toContain("suppress");
  });
});
