// What the import benchmarks share (bench-import.ts, bench-import-runs.ts): a generated Crunchbase file and
// the peak resident memory of this process while the import runs.
import { spawnSync } from "node:child_process";
import path from "node:path";

const RSS_SAMPLE_MS = 50;

/**
 * Writes a generated Crunchbase CSV of `rows` rows (`bad` of them malformed) to `out`, in a child process
 * so the generator's memory does not count towards the import's peak. The child runs without this
 * process's heap cap (bench-import-runs caps the heap as the server does).
 */
export function generateCrunchbaseFile(
  out: string,
  rows: string,
  bad: string,
  seed = 1,
  { investors = false }: { investors?: boolean } = {},
): void {
  const script = path.resolve(import.meta.dirname, "make-crunchbase-csv.ts");
  const result = spawnSync(
    process.execPath,
    [
      ...process.execArgv.filter((arg) => !arg.startsWith("--max-old-space-size")),
      script,
      "--rows",
      rows,
      "--bad",
      bad,
      "--out",
      out,
      "--seed",
      String(seed),
      ...(investors ? ["--investors"] : []),
    ],
    { stdio: "inherit" },
  );
  if (result.status !== 0) throw new Error("Generating the CSV file failed.");
}

/** Samples this process's RSS every 50 ms from now: `stop()` ends sampling and returns the peak. */
export function sampleMemory(): { baseline: number; stop(): number } {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, RSS_SAMPLE_MS);
  return {
    baseline,
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}
