/**
 * /docs/api (docs/product.md#api): the API reference as a visitor reads it. Its endpoints come from the OpenAPI
 * document, so the test reads the served document and looks for each operation on the page.
 */
import { EXAMPLE_EMAIL } from "~/core/api-examples";
import { maskEmail } from "~/core/mask";
import { gotoHydrated } from "./accounts-helpers";
import { seriousFindings } from "./axe";
import { expect, test } from "./fixtures";
import { readable } from "./page-text";

const METHODS = ["get", "put", "post", "patch", "delete"];
/** Anything shaped like an email address. */
const ANY_ADDRESS = /[A-Za-z0-9._%+*-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

test("a visitor reads the API reference: every documented operation, the examples, no real address", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const document = await (await page.request.get("/api/v1/openapi.json")).json();
  await gotoHydrated(page, "/docs/api");
  await expect(page).toHaveTitle("API reference | Roundlist");
  await expect(page.getByRole("heading", { level: 1, name: "Roundlist API reference" })).toBeVisible();

  const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
    ([path, item]) =>
      METHODS.filter((method) => method in item).map((method) => `${method.toUpperCase()} ${path}`),
  );
  expect(operations).toContain("GET /companies");
  for (const name of operations) {
    await expect(page.getByRole("heading", { level: 3, name, exact: true })).toBeVisible();
  }
  // The parameters of the search, with an enum's values, and the answer's fields (resolved from $ref).
  const search = page.getByRole("table", { name: "Parameters of GET /companies" });
  await expect(search.getByRole("rowheader", { name: /^cursor/ })).toBeVisible();
  await expect(search.getByRole("row", { name: /^sort/ })).toContainText("date-desc");
  await expect(
    page.getByRole("table", { name: "Fields of the 200 answer of GET /companies" }).getByRole("rowheader", {
      name: /data\[\]\.contact\.emailStatus\.status/,
    }),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: "Refusals of GET /companies/{slug}" })).toContainText(
    "No company has this slug.",
  );

  const curl = page.getByRole("figure", { name: /^curl: search companies/ });
  await expect(curl).toContainText(`curl -G "${baseURL}/api/v1/companies"`);
  await expect(curl).toContainText('-H "Authorization: Bearer $ROUNDLIST_KEY"');
  await expect(page.getByRole("figure", { name: /^Node 20/ })).toContainText("page.nextCursor");
  const webhooks = page.locator("section#webhooks");
  await expect(webhooks).toContainText("search.new_matches");
  await expect(webhooks).toContainText("Roundlist-Signature");
  await expect(webhooks).toContainText("Roundlist-Event-Id");
  await expect(webhooks.getByRole("figure", { name: "Node: verifying a delivery" })).toContainText(
    "timingSafeEqual",
  );
  await expect(page.getByRole("link", { name: "/api/v1/openapi.json" }).first()).toHaveAttribute(
    "href",
    "/api/v1/openapi.json",
  );

  // No address but the made-up example (and its masked form): nothing from the data is on the page, in its
  // markup or its loader data.
  const addresses = new Set(readable(await page.content()).match(ANY_ADDRESS) ?? []);
  expect([...addresses].sort()).toEqual([EXAMPLE_EMAIL, maskEmail(EXAMPLE_EMAIL)].sort());

  // Headings in order: one h1, no level skipped on the way down.
  const levels = await page
    .locator("main :is(h1, h2, h3, h4, h5, h6)")
    .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  levels.forEach((level, index) => {
    if (index > 0) expect(level, `heading ${index}`).toBeLessThanOrEqual((levels[index - 1] as number) + 1);
  });
  // Every table's header cells name their scope.
  expect(await page.locator("main th:not([scope])").count()).toBe(0);

  expect(await seriousFindings(page)).toEqual([]);
});

test("the API reference by keyboard: contents links jump, code blocks take focus and copy", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await gotoHydrated(page, "/docs/api");
  const contents = page.getByRole("navigation", { name: "On this page" });
  await contents.getByRole("link", { name: "Webhooks and Slack" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#webhooks$/);
  await expect(page.getByRole("heading", { level: 2, name: "Webhooks and Slack" })).toBeInViewport();

  const curl = page.getByRole("figure", { name: /^curl: search companies/ });
  const copy = curl.getByRole("button", { name: "Copy" });
  await copy.focus();
  await page.keyboard.press("Tab");
  await expect(curl.locator("pre")).toBeFocused();
  await copy.focus();
  await page.keyboard.press("Enter");
  await expect(curl.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("/api/v1/companies");
});

test("the API reference at 390 and 1280 px: nothing wider than the screen; listed in the sitemap; its code stays off the home page", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, "/docs/api");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // The tables fit their frames (only code blocks scroll sideways, and they take focus to do so).
    const wideTables = await page
      .locator("[data-table-frame]")
      .evaluateAll((frames) =>
        frames
          .filter((frame) => frame.scrollWidth > frame.clientWidth + 1)
          .map(
            (frame) =>
              `${frame.querySelector("caption")?.textContent}: ${frame.scrollWidth} > ${frame.clientWidth}`,
          ),
      );
    expect(wideTables, `at ${width} px`).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`api-docs-${width}.png`), fullPage: true });
    await page
      .getByRole("heading", { level: 3, name: "GET /companies", exact: true })
      .scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`api-docs-companies-${width}.png`) });
  }

  const sitemap = await (await page.request.get("/sitemaps/static.xml")).text();
  expect(sitemap).toContain("/docs/api</loc>");

  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await gotoHydrated(page, "/");
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /docs-api|api-reference|api-examples|openapi/.test(url))).toEqual([]);
});
