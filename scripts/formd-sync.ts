// `npm run formd:sync [-- --days N --dry-run --json]` (decision 031, 4): fetches the Form D filings EDGAR
// listed since the last completed day (first run: FORMD_SYNC_FIRST_RUN_DAYS back) into FORMD_SYNC_DIR, then
// imports them. `--days N` fetches the N days before today whatever was completed (what is already
// downloaded is kept); `--dry-run` downloads and asks the import for a dry run, leaving the completed day
// where it was; `--json` prints the result as JSON (progress goes to stderr). Ctrl-C stops it; the next run
// resumes. Needs EDGAR_USER_AGENT ("Roundlist ops@example.com").
import { parseArgs } from "node:util";
import { ConfigError, env } from "../app/server/env.server";
import { formDImportFolder } from "../app/server/formd/formd-import-folder.server";
import {
  EdgarRequestError,
  FormDSyncConfigError,
  type FormDSyncResult,
  formDSyncOptions,
  runFormDSync,
  SyncBusyError,
  SyncStateError,
} from "../app/server/formd/formd-sync.server";
import { ImportFileError } from "../app/server/imports/import-errors";
import { ImportBusyError } from "../app/server/imports/import-lock.server";
import { withAppDatabase } from "./open-app-database";

const USAGE = "Usage: npm run formd:sync -- [--days N] [--dry-run] [--json]";

/** Failures whose message says everything: one line, no stack trace. */
const EXPECTED = [
  ConfigError,
  FormDSyncConfigError,
  EdgarRequestError,
  SyncBusyError,
  SyncStateError,
  // The import's own: a download that is not a Form D source, another import running.
  ImportFileError,
  ImportBusyError,
];

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      days: { type: "string" },
      "dry-run": { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  let days: number | undefined;
  if (values.days !== undefined) {
    if (!/^[0-9]+$/.test(values.days) || Number(values.days) < 1)
      throw new FormDSyncConfigError(
        `--days must be a whole number of at least 1, not "${values.days}"\n${USAGE}`,
      );
    days = Number(values.days);
  }
  const json = values.json;
  const say = (line: string) => (json ? console.error(line) : console.log(line));
  const controller = new AbortController();
  process.once("SIGINT", () => {
    say("Stopping: what is downloaded is kept; the next run resumes.");
    controller.abort(new Error("stopped by Ctrl-C"));
  });
  // The embedded database is opened for the import alone, not while filings download.
  const importFolder = formDImportFolder((work) => withAppDatabase((database) => work(database.db)));
  const options = formDSyncOptions(env(), importFolder, {
    days,
    dryRun: values["dry-run"],
    signal: controller.signal,
    onProgress: say,
  });
  say(`Form D sync from ${options.baseUrl} into ${options.dir}${options.dryRun ? " (dry run)" : ""}`);
  const result = await runFormDSync(options);
  if (json) console.log(JSON.stringify(result, null, 2));
  else printSummary(result);
}

function printSummary(result: FormDSyncResult): void {
  if (result.days.length === 0) console.log("Up to date: no day to fetch.");
  console.log(`Filings downloaded: ${result.downloaded}`);
  console.log(`Filings already there: ${result.kept}`);
  if (result.imported === null) console.log("Import: nothing new to import.");
  else {
    console.log(`Import${result.dryRun ? " (dry run)" : ""}:`);
    for (const [name, value] of Object.entries(result.imported)) console.log(`  ${name}: ${value}`);
  }
  console.log(`Completed through: ${result.lastCompletedDay ?? "no day yet"}`);
}

try {
  await main();
} catch (error) {
  if (EXPECTED.some((kind) => error instanceof kind)) {
    console.error((error as Error).message);
  } else if (
    error instanceof TypeError &&
    (error as NodeJS.ErrnoException).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION"
  ) {
    console.error(`${error.message}\n${USAGE}`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
