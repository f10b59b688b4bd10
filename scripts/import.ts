// `npm run import -- file.csv [--report rejected.csv]`: imports a Crunchbase company CSV export into the
// configured database (DATABASE_URL, else the embedded PGlite database in DATA_DIR), then recomputes the
// similar companies of the companies it wrote and of their neighbours. The import kit's command line
// (import-command.ts) with the companies' kind and words.
import { COMPANIES_IMPORT, type ImportReport } from "../app/server/companies/import-companies.server";
import { count, runImportCommand } from "./import-command";

await runImportCommand<ImportReport>({
  kind: COMPANIES_IMPORT,
  usage: "Usage: npm run import -- <file.csv> [--report rejected.csv]",
  takesDryRun: false,
  words: { inserted: "inserted", rejected: "rejected" },
  countLines: (report) => [
    ["Inserted:", count(report.inserted)],
    ["Updated:", count(report.updated)],
    ["Unchanged:", count(report.unchanged)],
    ["Rejected:", count(report.rejectedCount)],
  ],
  suppressedLabel: "  of which suppressed (do-not-sell)",
  duplicatesNote: "the last row about a company wins",
});
