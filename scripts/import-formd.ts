// `npm run import:formd -- <quarter.zip | primary_doc.xml | folder of them> [--dry-run] [--report FILE] [--json]`:
// imports SEC Form D filings (decision 031) into the configured database (DATABASE_URL, else the embedded
// PGlite database in DATA_DIR): issuers become companies, offerings rounds, related persons people; an
// amendment updates its round; funds, TEST filings and issuers not operating are left out and counted.
// `--dry-run` reads and matches every filing and says what an import would do, writing nothing; `--json`
// prints one JSON object of the counts as the last line. The import kit's command line (import-command.ts)
// with Form D's kind and words; a `.jsonl` file of already read filings is taken too
// (formd/import/formd-source.server.ts).
import { formDJsonCounts } from "../app/server/formd/formd-import-folder.server";
import { FORMD_IMPORT, type FormDImportReport } from "../app/server/formd/import-formd.server";
import { count, runImportCommand } from "./import-command";

await runImportCommand<FormDImportReport>({
  kind: FORMD_IMPORT,
  usage:
    "Usage: npm run import:formd -- <quarter.zip | primary_doc.xml | folder of them> [--dry-run] [--report FILE] [--json]",
  takesDryRun: true,
  takesFolders: true,
  words: { inserted: "rounds inserted", rejected: "rows rejected" },
  countLines: (report) => [
    ["Companies inserted:", count(report.companiesInserted)],
    ["Companies updated:", count(report.companiesUpdated)],
    ["Rounds inserted:", count(report.inserted)],
    ["Rounds updated:", count(report.updated)],
    ["Filings unchanged:", count(report.unchanged)],
    ["People inserted:", count(report.peopleWritten)],
    ["Funds left out:", count(report.fundsLeftOut)],
    ["Test filings left out:", count(report.testsLeftOut)],
    ["Not operating, left out:", count(report.notOperatingLeftOut)],
    ["Amendments applied:", count(report.amendmentsApplied)],
    ["Rejected rows:", count(report.rejectedCount)],
  ],
  suppressedLabel: "  of which suppressed (do-not-sell)",
  duplicatesNote: "filings read twice, by accession number; the second changes nothing",
  jsonCounts: (report) => ({
    ...formDJsonCounts(report),
    // The report's `rejected` is its kept rows: here under their own name, the count taking the word.
    rejectedRows: report.rejected,
  }),
});
