// `npm run import:lps -- file.csv [--report rejected.csv] [--dry-run]`: imports an LP CSV file (the LP
// export's columns, app/core/lp-csv-columns.ts: one row per contact) into the configured database
// (DATABASE_URL, else the embedded PGlite database in DATA_DIR). `--dry-run` reads, checks and matches
// every row and says what an import would do, writing nothing. The import kit's command line
// (import-command.ts) with the LPs' kind and words.
import { LPS_IMPORT, type LpImportReport } from "../app/server/lps/import-lps.server";
import { count, runImportCommand } from "./import-command";

await runImportCommand<LpImportReport>({
  kind: LPS_IMPORT,
  usage: "Usage: npm run import:lps -- <file.csv> [--report rejected.csv] [--dry-run]",
  takesDryRun: true,
  words: { inserted: "LPs inserted", rejected: "rows rejected" },
  countLines: (report) => [
    ["LPs inserted:", count(report.inserted)],
    ["LPs updated:", count(report.updated)],
    ["LPs unchanged:", count(report.unchanged)],
    ["Contacts written:", count(report.contactsWritten)],
    ["Contacts removed:", `${count(report.contactsRemoved)} (stored contacts the file's replaced)`],
    ["Rejected rows:", count(report.rejectedCount)],
  ],
  suppressedLabel: "  of which suppressed contacts (do-not-sell)",
  duplicatesNote: "rows repeating a contact or an LP an earlier row named",
});
