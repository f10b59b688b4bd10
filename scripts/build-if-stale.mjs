// Builds the app (`react-router build`) when the build is missing or older than its sources: `npm start` and
// `npm run bench:load` serve the production build and must not serve a stale one.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["app", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Exits the process with the build's status when the build fails. */
export function buildIfStale() {
  const buildEntry = path.resolve("build/server/index.js");
  const builtAt = existsSync(buildEntry) ? statSync(buildEntry).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map(newestMtime));
  if (builtAt >= sourcesAt) return;
  console.log(builtAt === 0 ? "Building Roundlist (first start)…" : "Sources changed: rebuilding…");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
