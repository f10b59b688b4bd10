// `npm run bench:lighthouse [-- --path / --runs 3]`: the docs/product.md#speed Lighthouse check. Starts the production build
// (`npm run build` first) with the server's flags on a fresh in-memory database holding the 17,555-company
// demo set, runs Lighthouse 12 (mobile profile, the default: a mid-range phone on slow 4G, simulated) in
// Debian Chromium, and prints the four category scores of each run and their median, against the targets,
// and the JavaScript the page downloads (compressed bytes on the wire).
// Lighthouse comes from the npm registry through npx, pinned, so the app's own install stays lean.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { serverEnv, serverNodeArgs } from "../server/node-args.mjs";
import { CHROMIUM_HELP, findChromium } from "./find-chromium.mjs";
import { waitForServer } from "./wait-for-server.mjs";

const LIGHTHOUSE = "lighthouse@12.8.2";
const PORT = 3198;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const TARGETS = { performance: 90, accessibility: 95, "best-practices": 95, seo: 95 };

const { values } = parseArgs({
  options: { path: { type: "string", default: "/" }, runs: { type: "string", default: "3" } },
});
const runs = Number(values.runs);
const chromium = findChromium();
if (!chromium) {
  console.error(CHROMIUM_HELP);
  process.exit(1);
}

const server = spawn(process.execPath, [...serverNodeArgs(), "server.mjs"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...serverEnv(),
    NODE_ENV: "production",
    APP_ENV: "test",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    APP_URL: ORIGIN,
    DATABASE_URL: "",
    DATA_DIR: "memory://",
    SEED_ON_EMPTY: "true",
    LOG_LEVEL: "warn",
  },
});

const outDir = mkdtempSync(path.join(tmpdir(), "rl-lighthouse-"));
const scores = [];
try {
  await waitForServer(server, ORIGIN);
  // One request first, so no run pays for the server's first render.
  await fetch(`${ORIGIN}${values.path}`).then((response) => response.arrayBuffer());
  for (let run = 1; run <= runs; run += 1) {
    const report = path.join(outDir, `run-${run}.json`);
    const result = spawnSync(
      "npx",
      [
        "--yes",
        LIGHTHOUSE,
        `${ORIGIN}${values.path}`,
        "--quiet",
        "--output=json",
        `--output-path=${report}`,
        `--chrome-path=${chromium}`,
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run",
      ],
      { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CHROME_PATH: chromium } },
    );
    if (result.status !== 0) throw new Error(`lighthouse exited with ${result.status}`);
    const { categories, audits } = JSON.parse(readFileSync(report, "utf8"));
    const score = Object.fromEntries(
      Object.keys(TARGETS).map((key) => [key, Math.round(categories[key].score * 100)]),
    );
    scores.push(score);
    // docs/product.md#speed: the page's JavaScript as it crossed the wire (compressed), under 200 KB.
    const scriptBytes = audits["network-requests"].details.items
      .filter((item) => item.resourceType === "Script")
      .reduce((sum, item) => sum + item.transferSize, 0);
    const vitals = Object.entries({
      LCP: "largest-contentful-paint",
      TBT: "total-blocking-time",
      CLS: "cumulative-layout-shift",
    })
      .map(([name, id]) => `${name} ${audits[id].displayValue}`)
      .join(", ");
    const scoreText = Object.entries(score)
      .map(([key, value]) => `${key} ${value}`)
      .join(", ");
    console.log(
      `run ${run}: ${scoreText}; ${vitals}; JavaScript ${(scriptBytes / 1024).toFixed(1)} KB on the wire (budget 200 KB)`,
    );
    const failed = Object.values(categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
        .map((ref) => `${category.id}: ${audits[ref.id].title}`),
    );
    if (run === 1 && failed.length > 0) console.log(`  audits not passed:\n    ${failed.join("\n    ")}`);
  }
  const median = (key) => {
    const sorted = scores.map((score) => score[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  console.log(
    `\nmedian of ${runs} on ${values.path}: ${Object.entries(TARGETS)
      .map(
        ([key, target]) =>
          `${key} ${median(key)} (target ${target}: ${median(key) >= target ? "met" : "MISSED"})`,
      )
      .join(", ")}`,
  );
} finally {
  server.kill("SIGTERM");
  rmSync(outDir, { recursive: true, force: true });
}
