// `node scripts/record-demo.mjs [base URL]`: records the home page's demo tour (public/demo.webm) and its poster
// (public/demo-poster.png) against a server started with `ENABLE_TEST_ROUTES=true npm start` on fresh demo data, so
// the figures it shows are the demo data set's (decision 024). Playwright records through ffmpeg: with Debian's
// (`apt-get install ffmpeg`), link it where Playwright looks, e.g. $PLAYWRIGHT_BROWSERS_PATH/ffmpeg-1013/ffmpeg-linux.
import { copyFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { findChromium } from "./find-chromium.mjs";

const base = process.argv[2] ?? "http://localhost:3000";
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ["--no-sandbox", "--disable-gpu"],
});
const size = { width: 1280, height: 720 };
// Warm the pages first so the recording has no waits.
const warm = await browser.newContext({ viewport: size });
const wp = await warm.newPage();
await wp.goto(`${base}/`, { waitUntil: "networkidle" });
await warm.close();
const ctx = await browser.newContext({
  viewport: size,
  recordVideo: { dir: "test-results/demo-video", size },
});
const page = await ctx.newPage();
await page.goto(`${base}/`, { waitUntil: "networkidle" });
await page.waitForTimeout(2500);
await page.mouse.wheel(0, 560);
await page.waitForTimeout(2000);
await page.request.post(`${base}/__test/login`, {
  data: {
    email: "demo@e2e.example",
    password: "correct-horse-9",
    plan: "pro",
    status: "active",
    firstName: "Demo",
    lastName: "User",
  },
});
await page.goto(`${base}/search`, { waitUntil: "networkidle" });
await page.waitForTimeout(1200);
const box = page.getByPlaceholder("Company, founder, industry or city");
await box.click();
await box.pressSequentially("health", { delay: 120 });
await page.getByRole("button", { name: "Search", exact: true }).click();
await page.waitForLoadState("networkidle");
await page.waitForTimeout(2000);
await page.goto(`${base}/search?q=health&stage=Seed&date=1y`, { waitUntil: "networkidle" }).catch(() => {});
await page.waitForTimeout(2500);
await page.mouse.wheel(0, 400);
await page.waitForTimeout(2000);
await page.mouse.wheel(0, -400);
await page.waitForTimeout(1500);
await page.screenshot({ path: "public/demo-poster.png" });
await ctx.close();
const video = await page.video()?.path();
if (video) copyFileSync(video, "public/demo.webm");
console.log("wrote public/demo.webm and public/demo-poster.png");
await browser.close();
