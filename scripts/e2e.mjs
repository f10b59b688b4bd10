// `npm run test:e2e`: builds the production app, then runs the Playwright tests in Debian's Chromium.
import { spawnSync } from "node:child_process";
import { CHROMIUM_HELP, findChromium } from "./find-chromium.mjs";

if (!findChromium()) {
  console.error(CHROMIUM_HELP);
  process.exit(1);
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run("npx", ["react-router", "build"]);
run("npx", ["playwright", "test", ...process.argv.slice(2)]);
