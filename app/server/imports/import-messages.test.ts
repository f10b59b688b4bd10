import { describe, expect, it } from "vitest";
import { missingColumnMessage } from "../companies/import/company-header.server";
import {
  csvProblem,
  cutOffReason,
  duplicateColumnsMessage,
  rootMessage,
  shortList,
  writeFailedMessage,
} from "./import-messages";

describe("import messages", () => {
  it("explains csv-parse's errors in words, and names an unknown one", () => {
    expect(csvProblem({ code: "CSV_QUOTE_NOT_CLOSED", message: "" })).toMatch(/never closed/);
    expect(csvProblem({ code: "INVALID_OPENING_QUOTE", message: "" })).toMatch(/does not start with one/);
    expect(csvProblem({ code: "CSV_INVALID_CLOSING_QUOTE", message: "" })).toMatch(/must be doubled/);
    expect(csvProblem({ code: "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH", message: "Invalid" })).toBe(
      "the row is not valid CSV (Invalid)",
    );
  });

  it("states the cut-off size in MB or kB", () => {
    expect(cutOffReason(16 * 1024 * 1024)).toMatch(/^no row ends within 16 MB from here/);
    expect(cutOffReason(64 * 1024)).toMatch(/^no row ends within 64 kB from here/);
  });

  it("lists at most 12 names, cut at 60 characters", () => {
    expect(shortList(["a", "b"])).toBe("'a', 'b'");
    const names = Array.from({ length: 14 }, (_, index) => `c${index}`);
    expect(shortList(names)).toBe(
      `${names
        .slice(0, 12)
        .map((name) => `'${name}'`)
        .join(", ")} and 2 more`,
    );
    expect(shortList(["x".repeat(61)])).toBe(`'${"x".repeat(60)}…'`);
  });

  it("names the missing column and the columns found", () => {
    expect(missingColumnMessage("Organization Name", [" Name ", "", "Website"])).toBe(
      "The file has no 'Organization Name' column; is it a Crunchbase CSV export? Found columns: 'Name', 'Website'.",
    );
    expect(missingColumnMessage("Organization Name", [""])).toMatch(/Found columns: none\.$/);
    expect(duplicateColumnsMessage(["Website"])).toBe(
      "The file has more than one column for the same field: 'Website'. Remove the extra column.",
    );
  });

  it("reports a failed write with the innermost cause", () => {
    const cause = new Error("Failed query: insert ...", { cause: new Error("connection lost") });
    expect(rootMessage(cause)).toBe("connection lost");
    expect(rootMessage("text")).toBe("text");
    expect(writeFailedMessage(2, 2001, cause)).toBe(
      "Saving rows 2-2001 failed, so the import stopped there: connection lost. " +
        "Earlier rows are saved; importing the same file again completes the import.",
    );
  });
});
