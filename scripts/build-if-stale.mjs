// Builds the app (`react-router build`) when the build is missing or older than its sources: `npm start` and
// `npm run bench:load` serve the production build and must not serve a stale one.
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { buildDoneLine, buildFailedLines, buildStartLine, failedBuildExitCode } from "./start-messages.mjs";

const SOURCES = ["app", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * Exits the process with the build's status when the build fails. With `logPath` (`npm start`, decision 024) the
 * build's output goes to that file and the terminal gets short lines instead (and the log's tail on a failure);
 * without it (the test and benchmark runners) the output is shown as it comes.
 * @param {{ logPath?: string }} [options]
 */
export function buildIfStale({ logPath } = {}) {
  const buildEntry = path.resolve("build/server/index.js");
  const builtAt = existsSync(buildEntry) ? statSync(buildEntry).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map(newestMtime));
  if (builtAt >= sourcesAt) return;
  if (!logPath) {
    console.log(builtAt === 0 ? "Building Roundlist (first start)…" : "Sources changed: rebuilding…");
    const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
    return;
  }
  console.log(buildStartLine({ isFirstBuild: builtAt === 0, logPath }));
  mkdirSync(path.dirname(path.resolve(logPath)), { recursive: true });
  const log = openSync(logPath, "w");
  const started = performance.now();
  const result = spawnSync("npx", ["react-router", "build"], { stdio: ["ignore", log, log] });
  closeSync(log);
  if (result.status === 0) {
    console.log(buildDoneLine(performance.now() - started));
    return;
  }
  const logText = existsSync(logPath) ? readFileSync(logPath, "utf8") : "";
  for (const line of buildFailedLines({ status: result.status, signal: result.signal, logPath, logText }))
    console.error(line);
  process.exit(failedBuildExitCode(result.status));
}
