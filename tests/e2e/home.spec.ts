import { expect, type Page, test } from "@playwright/test";
import { gotoHydrated } from "./accounts-helpers";
import { E2E_SEED_COUNT } from "./e2e-config";

/** Where a home section's top edge is, relative to the viewport (the sticky header is 64px tall). */
function sectionTop(page: Page, id: string): Promise<number> {
  return page.evaluate(
    (sectionId) => document.getElementById(sectionId)?.getBoundingClientRect().top ?? -9999,
    id,
  );
}

async function expectScrolledTo(page: Page, id: string): Promise<void> {
  await expect.poll(() => sectionTop(page, id), { timeout: 5_000 }).toBeGreaterThanOrEqual(0);
  await expect.poll(() => sectionTop(page, id), { timeout: 5_000 }).toBeLessThan(120);
}

test("every home section renders, with the live figures and the claims", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Find venture funded clients for your business",
  );
  // Live figures: the server seeded E2E_SEED_COUNT companies; the 90-day total is a real sum.
  await expect(page.getByTestId("total-companies")).toHaveText(E2E_SEED_COUNT.toLocaleString("en-US"));
  await expect(page.getByTestId("hero-total")).toHaveText(E2E_SEED_COUNT.toLocaleString("en-US"));
  await expect(page.getByTestId("recent-funding")).toHaveText(/^\$\d+(\.\d)?[KMB]$/);
  const figures = page.getByRole("list", { name: "The database in figures" });
  await expect(figures.getByRole("listitem")).toHaveText([
    `${E2E_SEED_COUNT.toLocaleString("en-US")} funded startups`,
    /^\$\d+(\.\d)?[KMB] raised in the last 90 days$/,
    "1.2m+ contacts exported",
    "19 datapoints per lead",
  ]);
  // Claims: site settings and facts of the data set (docs/product.md#home).
  await expect(page.getByTestId("businesses-claim")).toHaveText("Trusted by 2,000+ businesses");
  await expect(page.getByTestId("contacts-claim")).toHaveText("1.2m+");
  await expect(page.getByTestId("datapoints")).toHaveText("19");
  await expect(page.getByTestId("round-range")).toHaveText("Rounds of $250K to $500M");
  const hero = page.locator('section[aria-labelledby="hero-title"]');
  await expect(
    hero.getByText(/19 datapoints per lead, from rounds of \$250,000 to \$500 million/),
  ).toBeVisible();

  await expect(page.getByRole("search", { name: "Search funded startups" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "See Roundlist in action" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Play the demo video" })).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "Everything you need to reach funded startups" }),
  ).toBeVisible();
  await expect(page.locator("#features li")).toHaveCount(6);
  // docs/product.md#lps: the LP database is shown by default (site_settings.hide_lp_search), with its teaser.
  await expect(page.getByTestId("lp-teaser").getByRole("link", { name: "Explore LPs" })).toHaveAttribute(
    "href",
    "/lps",
  );

  const pricing = page.locator("#pricing");
  await expect(pricing.getByRole("heading", { name: "Annual" })).toBeVisible();
  await expect(pricing.getByRole("heading", { name: "Monthly" })).toBeVisible();
  await expect(pricing.getByText("Most Popular")).toBeVisible();
  await expect(pricing.getByText("$25/month")).toBeVisible();
  await expect(pricing.getByText("$79/month")).toBeVisible();
  await expect(pricing.getByText("Save $289 annually")).toBeVisible();
  // docs/product.md#plans, decision 024: each card says what the trial holds and what Upgrade Now charges,
  // and lists the features (export among them) under "Once paid".
  await expect(pricing.getByTestId("trial-terms-pro")).toContainText(
    "CSV export opens once you pay: when the trial ends, or earlier with Upgrade Now.",
  );
  await expect(pricing.getByTestId("trial-terms-pro")).toContainText(
    "Upgrade Now charges $299 for the Annual plan at once.",
  );
  await expect(pricing.getByTestId("trial-terms-monthly")).toContainText(
    "Upgrade Now charges $79 for the Monthly plan at once.",
  );
  await expect(pricing.getByRole("list", { name: "Once paid, the Annual plan includes:" })).toContainText(
    "Unlimited search and export to .csv",
  );

  const faq = page.locator("#faq");
  await faq.getByText("Is there a free trial?").click();
  // docs/product.md#free-sample: the FAQ and the pricing cards agree: both plans have the trial.
  await expect(
    faq.getByText(/Both plans, the annual plan and the monthly one, start with a 7-day free trial/),
  ).toBeVisible();
  await expect(faq).toContainText(
    "Upgrade Now charges the plan's price at once: $299 for the Annual plan or $79 for the Monthly plan.",
  );
  await faq.getByText("Can I cancel anytime?").click();
  await expect(faq.getByText(/anytime, with no fee/)).toBeVisible();
  await expect(faq.locator("details")).toHaveCount(10);

  await expect(page.getByRole("heading", { name: "Start finding funded clients today" })).toBeVisible();
  const footer = page.getByRole("contentinfo");
  for (const name of [
    "Search",
    "Compare",
    "Lead converter",
    "Contact Us",
    "Terms of Service",
    "Privacy Policy",
    "Don't sell my info",
  ]) {
    await expect(footer.getByRole("link", { name })).toBeVisible();
  }
});

test("the home page has a title, a description and Open Graph tags", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Roundlist: Find venture funded clients for your business");
  const meta = (selector: string) => page.locator(selector).getAttribute("content");
  expect(await meta('meta[name="description"]')).toMatch(/venture-funded startups/);
  expect(await meta('meta[property="og:title"]')).toBe(
    "Roundlist: Find venture funded clients for your business",
  );
  expect(await meta('meta[property="og:description"]')).toMatch(/venture-funded startups/);
  expect(await meta('meta[property="og:image"]')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/demo-poster\.png$/);
  expect(await meta('meta[property="og:url"]')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test("the header's Pricing and FAQ scroll to their sections on the home page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  // Sections of this page, not pages: none of the header links claims to be the current page here.
  await expect(nav.locator("[aria-current]")).toHaveCount(0);
  await nav.getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/#pricing$/);
  await expectScrolledTo(page, "pricing");
  await nav.getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/\/#faq$/);
  await expectScrolledTo(page, "faq");
  // A second click on the same link scrolls again, after the reader scrolled away.
  await page.evaluate(() => window.scrollTo(0, 0));
  await nav.getByRole("link", { name: "FAQ" }).click();
  await expectScrolledTo(page, "faq");
});

test("the header's Pricing and FAQ navigate to /#pricing and /#faq from other pages", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, "/contact");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/#pricing$/);
  await expectScrolledTo(page, "pricing");

  await gotoHydrated(page, "/terms");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/\/#faq$/);
  await expectScrolledTo(page, "faq");

  // A shared link opens at its section too.
  await page.goto("/#pricing");
  await expectScrolledTo(page, "pricing");
});

test("on a phone, the menu's Pricing link scrolls to the plans", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Pricing" }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  await expectScrolledTo(page, "pricing");
});

test("the demo video opens full-screen, loads only then, and closes with Escape", async ({ page }) => {
  const videoRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith(".webm")) videoRequests.push(request.url());
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, "/");
  const play = page.getByRole("button", { name: "Play the demo video" });
  await play.scrollIntoViewIfNeeded();
  await page.waitForLoadState("networkidle");
  expect(videoRequests).toEqual([]);

  await play.click();
  const dialog = page.getByRole("dialog", { name: "Roundlist demo video" });
  await expect(dialog).toBeVisible();
  // Full screen: the player covers the whole viewport.
  expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 1280, height: 800 });
  const video = dialog.locator("video");
  await expect(video).toHaveAttribute("src", "/demo.webm");
  await expect(video).toHaveAttribute("controls", "");
  // The shipped file is a real video: it has a length and a picture.
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
    .toBeGreaterThanOrEqual(1);
  const { duration, width } = await video.evaluate((element: HTMLVideoElement) => ({
    duration: element.duration,
    width: element.videoWidth,
  }));
  expect(duration).toBeGreaterThan(5);
  expect(width).toBe(1280);
  expect(videoRequests.length).toBeGreaterThan(0);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(play).toBeFocused();

  // Keyboard only: Enter on the focused button opens it again; the close button closes it.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close video" }).click();
  await expect(dialog).toBeHidden();
  await expect(play).toBeFocused();
});

test("a search from the hero switches to the search view", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("searchbox", { name: "Search funded startups" }).fill("health care");
  await page
    .getByRole("search", { name: "Search funded startups" })
    .getByRole("button", { name: "Search" })
    .click();
  await expect(page).toHaveURL(/\/search\?q=health\+care$/);
});

test("choosing a plan as a visitor opens the sign-up dialog", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.locator("#pricing").getByRole("button", { name: "Start free trial, Annual plan" }).click();
  await expect(page.getByRole("dialog", { name: "Create Account" })).toBeVisible();
});

test("the home page fits a phone screen without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  // No figure overflows its card.
  const overflowing = await page
    .locator(`section[aria-labelledby="hero-title"] li > span`)
    .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth).length);
  expect(overflowing).toBe(0);
});
