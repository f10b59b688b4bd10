import { describe, expect, it } from "vitest";
import {
  checkUploadName,
  formatBytes,
  formatDuration,
  groupRejectedRows,
  importBusyMessage,
  progressPercent,
  rejectedFileName,
  rejectedRowsCsv,
  runStatusLabel,
  showsReadPercent,
  staleRunMessage,
  uploadSizeProblem,
} from "./import-runs";

describe("checkUploadName", () => {
  it("accepts a .csv name, keeping only its last path part", () => {
    expect(checkUploadName("companies.csv")).toEqual({ ok: true, fileName: "companies.csv" });
    expect(checkUploadName("C:\\fakepath\\Export.CSV")).toEqual({ ok: true, fileName: "Export.CSV" });
    expect(checkUploadName(" dir/sub/x.csv ")).toEqual({ ok: true, fileName: "x.csv" });
  });

  it("refuses other names, saying what to do", () => {
    expect(checkUploadName(null)).toEqual({ ok: false, message: "Choose a CSV file to upload." });
    expect(checkUploadName("a/")).toEqual({ ok: false, message: "Choose a CSV file to upload." });
    expect(checkUploadName("book.xlsx")).toEqual({
      ok: false,
      message: "book.xlsx is a spreadsheet: export it as CSV (a .csv file) and upload that.",
    });
    expect(checkUploadName("notes.txt")).toEqual({
      ok: false,
      message: "notes.txt is not a .csv file: upload a Crunchbase CSV export.",
    });
    expect(checkUploadName("a\u0000.csv")).toMatchObject({
      ok: false,
      message: expect.stringContaining("control"),
    });
    expect(checkUploadName(`${"x".repeat(200)}.csv`)).toMatchObject({
      ok: false,
      message: "The file name is longer than 200 characters; rename the file.",
    });
  });

  it("takes a SEC Form D zip or an XML named after its filing, not a CSV (decision 031)", () => {
    expect(checkUploadName("C:\\fakepath\\2026q3_d.zip", "formd")).toEqual({
      ok: true,
      fileName: "2026q3_d.zip",
    });
    expect(checkUploadName("0001234567-26-000001.xml", "formd")).toMatchObject({ ok: true });
    expect(checkUploadName("primary_doc.xml", "formd")).toMatchObject({
      ok: false,
      message: expect.stringContaining("0001234567-26-000001.xml"),
    });
    expect(checkUploadName("companies.csv", "formd")).toMatchObject({ ok: false });
    expect(checkUploadName("", "formd")).toEqual({ ok: false, message: "Choose a file to upload." });
    expect(checkUploadName("2026q3_d.zip")).toMatchObject({ ok: false });
  });

  it("a running Form D run shows no percentage: its bytes read are known at the end (decision 031)", () => {
    expect(showsReadPercent("formd")).toBe(false);
    expect(showsReadPercent("rounds")).toBe(true);
  });
});

describe("uploadSizeProblem", () => {
  it("refuses empty and too large files, naming both sizes", () => {
    expect(uploadSizeProblem(0)).toBe("The file is empty.");
    expect(uploadSizeProblem(1)).toBeNull();
    expect(uploadSizeProblem(250 * 1024 * 1024)).toBeNull();
    expect(uploadSizeProblem(250 * 1024 * 1024 + 1)).toBe(
      "The file is 250 MB; the largest file accepted is 250 MB. Split it into smaller files.",
    );
    expect(uploadSizeProblem(3 * 1024 * 1024, 1024 * 1024)).toBe(
      "The file is 3 MB; the largest file accepted is 1 MB. Split it into smaller files.",
    );
  });
});

describe("formatting", () => {
  it("formats sizes, durations and progress", () => {
    expect([
      formatBytes(512),
      formatBytes(1536),
      formatBytes(67_967_278),
      formatBytes(5 * 1024 ** 3),
    ]).toEqual(["512 B", "1.5 KB", "64.8 MB", "5 GB"]);
    expect([
      formatDuration(null),
      formatDuration(900),
      formatDuration(21_400),
      formatDuration(95_000),
    ]).toEqual(["-", "0.9 s", "21 s", "1 min 35 s"]);
    expect([
      progressPercent(0, 0),
      progressPercent(50, 200),
      progressPercent(199, 200),
      progressPercent(300, 200),
    ]).toEqual([0, 25, 99, 100]);
  });

  it("labels a run's state", () => {
    expect(runStatusLabel({ kind: "dry_run", status: "running" })).toBe("Checking");
    expect(runStatusLabel({ kind: "commit", status: "running" })).toBe("Importing");
    expect(runStatusLabel({ kind: "commit", status: "failed" })).toBe("Failed");
    expect(runStatusLabel({ kind: "dry_run", status: "done", discarded: true })).toBe("Discarded");
    expect(runStatusLabel({ kind: "dry_run", status: "done", discarded: false })).toBe("Done");
  });
});

describe("messages about runs", () => {
  const run = {
    kind: "dry_run" as const,
    status: "running" as const,
    fileName: "q3.csv",
    actorEmail: "ops@example.com",
    createdAt: new Date("2025-06-15T09:05:00Z"),
    rowsRead: 42_000,
    progressAt: new Date("2025-06-15T09:07:30Z"),
  };

  it("says which import is running and since when", () => {
    expect(importBusyMessage(run)).toBe(
      "Another import is running (a dry run of q3.csv, started by ops@example.com at 09:05 UTC, 42,000 rows read so far). Two imports never run at once: wait for it to finish, then try again.",
    );
    expect(importBusyMessage({ ...run, kind: "commit", actorEmail: null, rowsRead: 0 })).toBe(
      "Another import is running (an import of q3.csv, started by the command line (npm run import) at 09:05 UTC). Two imports never run at once: wait for it to finish, then try again.",
    );
  });

  it("says what a stale run left behind", () => {
    expect(staleRunMessage(run)).toBe(
      "The server stopped while this ran (last progress at 09:07 UTC), so the check did not finish; nothing was imported.",
    );
    expect(staleRunMessage({ ...run, kind: "commit" })).toBe(
      "The server stopped while this ran (last progress at 09:07 UTC), after 42,000 rows. The rows saved before it stopped stay saved; importing the same file again finishes the import.",
    );
  });
});

describe("rejected rows", () => {
  const rejected = [
    { row: 3, reason: "Organization Name is empty." },
    { row: 5, reason: "suppressed (do-not-sell request)" },
    { row: 8, reason: "Organization Name is empty." },
    { row: 9, reason: "Organization Name is empty." },
    { row: 12, reason: 'Website "=cmd()" is not a website address.' },
  ];

  it("groups them by reason, largest first, with the first rows of each", () => {
    expect(groupRejectedRows(rejected, 2)).toEqual([
      { reason: "Organization Name is empty.", count: 3, rows: [3, 8] },
      { reason: "suppressed (do-not-sell request)", count: 1, rows: [5] },
      { reason: 'Website "=cmd()" is not a website address.', count: 1, rows: [12] },
    ]);
  });

  it("writes them as a formula-safe CSV with the row numbers", () => {
    expect(rejectedRowsCsv(rejected.slice(3))).toBe(
      'row,reason\r\n9,Organization Name is empty.\r\n12,"Website ""=cmd()"" is not a website address."\r\n',
    );
    expect(rejectedRowsCsv([])).toBe("row,reason\r\n");
    expect(rejectedFileName("Q3 export.CSV")).toBe("Q3_export-rejected.csv");
    expect(rejectedFileName(".csv")).toBe("import-rejected.csv");
    expect(rejectedFileName("2026q3_d.zip")).toBe("2026q3_d-rejected.csv");
  });
});
