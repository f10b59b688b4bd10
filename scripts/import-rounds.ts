// `npm run import:rounds -- file.csv [--dry-run] [--report rejected.csv] [--json]`: imports Crunchbase's
// funding-rounds CSV export (one row per round, of companies already imported) into the configured database
// (DATABASE_URL, else the embedded PGlite database in DATA_DIR), then the touched companies' derived fields
// (decision 030). `--dry-run` reads, checks and matches every row and says what an import would do, writing
// nothing. The import kit's command line (import-command.ts) with the rounds' kind and words.
import { ROUNDS_IMPORT, type RoundImportReport } from "../app/server/rounds/import-rounds.server";
import { count, runImportCommand } from "./import-command";

await runImportCommand<RoundImportReport>({
  kind: ROUNDS_IMPORT,
  usage: "Usage: npm run import:rounds -- <file.csv> [--dry-run] [--report rejected.csv] [--json]",
  takesDryRun: true,
  words: { inserted: "rounds inserted", rejected: "rows rejected" },
  countLines: (report) => [
    ["Rounds inserted:", count(report.inserted)],
    ["Rounds updated:", count(report.updated)],
    ["Rounds unchanged:", count(report.unchanged)],
    ["Investors created:", count(report.investorsCreated)],
    ["Rejected rows:", count(report.rejectedCount)],
  ],
  suppressedLabel: "  of which suppressed (do-not-sell)",
  duplicatesNote: "rows about a round an earlier row named; the last one wins",
});
