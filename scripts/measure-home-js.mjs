// `node scripts/measure-home-js.mjs [URL] [--budget KB]`: the JavaScript a phone downloads for the home page.
// Opens the page in Debian's Chromium with a phone viewport, waits until it is hydrated and the network is
// idle, and sums every script response: its gzip size (gzip -6 of the body, what compression() sends) and the
// bytes that crossed the wire. Exits 1 above the budget (docs/product.md#public-pages: under 200 KB gzipped).
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM_HELP, findChromium } from "./find-chromium.mjs";

const args = process.argv.slice(2);
const budgetIndex = args.indexOf("--budget");
const budgetKb = budgetIndex >= 0 ? Number(args[budgetIndex + 1]) : 200;
const url =
  args.find((arg, index) => !arg.startsWith("--") && (budgetIndex < 0 || index !== budgetIndex + 1)) ??
  "http://127.0.0.1:3000/";
const executablePath = findChromium();
if (!executablePath) {
  console.error(CHROMIUM_HELP);
  process.exit(1);
}

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
const context = await browser.newContext({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
});
const page = await context.newPage();
const session = await context.newCDPSession(page);
await session.send("Network.enable");
const wireBytes = new Map();
session.on("Network.loadingFinished", ({ requestId, encodedDataLength }) =>
  wireBytes.set(requestId, encodedDataLength),
);
const scriptIds = new Map();
session.on("Network.responseReceived", ({ requestId, type, response }) => {
  if (type === "Script") scriptIds.set(response.url, requestId);
});

const scripts = [];
page.on("response", async (response) => {
  if (response.request().resourceType() !== "script") return;
  scripts.push(
    response.body().then((body) => ({ url: response.url(), raw: body.length, gzip: gzipSync(body).length })),
  );
});

await page.goto(url, { waitUntil: "networkidle" });
await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
await page.waitForLoadState("networkidle");
const files = await Promise.all(scripts);
await browser.close();

const kb = (bytes) => (bytes / 1024).toFixed(1);
let raw = 0;
let gzip = 0;
let wire = 0;
for (const file of files.sort((a, b) => b.gzip - a.gzip)) {
  const onWire = wireBytes.get(scriptIds.get(file.url)) ?? 0;
  raw += file.raw;
  gzip += file.gzip;
  wire += onWire;
  console.log(
    `${kb(file.gzip).padStart(7)} KB gz ${kb(file.raw).padStart(7)} KB raw  ${new URL(file.url).pathname}`,
  );
}
console.log(
  `\n${files.length} scripts: ${kb(gzip)} KB gzipped (${kb(raw)} KB raw, ${kb(wire)} KB on the wire); budget ${budgetKb} KB`,
);
if (gzip / 1024 > budgetKb) {
  console.error(`Over budget by ${kb(gzip - budgetKb * 1024)} KB`);
  process.exit(1);
}
