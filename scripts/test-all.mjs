// `npm test`: unit tests, database integration tests, then browser tests. Stops at the first failure.
import { spawnSync } from "node:child_process";
import { CHROMIUM_HELP, findChromium } from "./find-chromium.mjs";

// Fail early and clearly rather than after the other suites have run.
if (!findChromium()) {
  console.error(CHROMIUM_HELP);
  process.exit(1);
}

const steps = [
  ["unit tests", ["vitest", "run", "--project", "unit"]],
  ["database tests", ["vitest", "run", "--project", "db"]],
  ["browser tests", ["node", "scripts/e2e.mjs"]],
];

for (const [name, [command, ...args]] of steps) {
  console.log(`\n== ${name}`);
  const result = spawnSync(
    command === "vitest" ? "npx" : command,
    command === "vitest" ? [command, ...args] : args,
    {
      stdio: "inherit",
    },
  );
  if (result.status !== 0) {
    console.error(`\n${name} failed.`);
    process.exit(result.status ?? 1);
  }
}
