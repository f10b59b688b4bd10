// Where Debian's Chromium is. Playwright cannot download its own browser on these machines.
import { existsSync } from "node:fs";

const candidates = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
].filter(Boolean);

/** @returns {string | undefined} */
export function findChromium() {
  return candidates.find((candidate) => existsSync(candidate));
}

export const CHROMIUM_HELP =
  "No Chromium found for the browser tests. Install it (Debian: `apt-get install -y chromium`) " +
  "or set CHROMIUM_PATH to a Chromium or Chrome binary.";
