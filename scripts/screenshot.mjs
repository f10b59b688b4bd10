// `node scripts/screenshot.mjs URL OUT.png [width] [height] [--viewport]`: a PNG of a page (the full page,
// or only the viewport with --viewport), in Debian's Chromium.
import { chromium } from "playwright-core";
import { CHROMIUM_HELP, findChromium } from "./find-chromium.mjs";

const args = process.argv.slice(2).filter((arg) => arg !== "--viewport");
const fullPage = !process.argv.includes("--viewport");
const [url, out, width = "1280", height = "800"] = args;
if (!url || !out) {
  console.error("usage: node scripts/screenshot.mjs URL OUT.png [width] [height]");
  process.exit(1);
}
const executablePath = findChromium();
if (!executablePath) {
  console.error(CHROMIUM_HELP);
  process.exit(1);
}
const browser = await chromium.launch({
  executablePath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
await page.goto(url, { waitUntil: "networkidle" });
await page.screenshot({ path: out, fullPage });
await browser.close();
console.log(`wrote ${out}`);
