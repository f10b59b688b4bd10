// `npm run test:e2e`: builds the production app (unless the build is newer than its sources, as `npm start`
// decides), then runs the Playwright tests in Debian's Chromium.
import { spawnSync } from "node:child_process";
import { buildIfStale } from "./build-if-stale.mjs";
import { CHROMIUM_HELP, findChromium } from "./find-chromium.mjs";

if (!findChromium()) {
  console.error(CHROMIUM_HELP);
  process.exit(1);
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

buildIfStale();
run("npx", ["playwright", "test", ...process.argv.slice(2)]);
