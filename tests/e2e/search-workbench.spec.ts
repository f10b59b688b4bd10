import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import type { SearchFacets } from "~/core/search-facets";
import { gotoHydrated } from "./accounts-helpers";
import { expect, FOUNDER_EMAIL, logIn, test } from "./fixtures";

/**
 * docs/product.md#filters in the browser: the table view (remembered), sort (URL and export), multi-select filters with
 * one chip per value and option counts, the page size, keyboard-only use, and the phone's filter sheet.
 */

/** Waits until the URL's search parameters are exactly these, repeated ones as lists. */
async function expectSearch(page: Page, expected: Array<[string, string]>): Promise<void> {
  await expect.poll(() => [...new URL(page.url()).searchParams.entries()]).toEqual(expected);
}

/** The number the page shows as the search's total ("1,234 companies"). */
async function shownTotal(page: Page): Promise<number> {
  const total = page.getByTestId("results-total");
  await expect(total).toHaveText(/^[\d,]+ compan(y|ies)$/);
  return Number(((await total.textContent()) ?? "").replace(/\D/g, ""));
}

test("a subscriber's table view: 15+ rows on a 1280x800 screen, remembered after a reload", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, { plan: "pro", status: "trialing" });
  await gotoHydrated(page, "/search");
  await expect(page.locator("article").first()).toBeVisible();
  await page.getByRole("button", { name: "Table", exact: true }).click();
  await expect(page.getByRole("button", { name: "Table", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const rows = page.getByTestId("company-row");
  await expect(rows).toHaveCount(50);
  // The 15th row ends inside the first screen.
  const fifteenth = await rows.nth(14).boundingBox();
  expect(fifteenth).not.toBeNull();
  expect((fifteenth?.y ?? 10_000) + (fifteenth?.height ?? 0)).toBeLessThanOrEqual(800);
  // Each row: name, stage, amount, date, city, industries, founder, email with its copy button.
  const first = rows.first();
  await expect(first.getByRole("rowheader")).not.toHaveText("");
  await expect(first.getByRole("button", { name: /^Copy email / })).toBeVisible();

  // Remembered for this user: a reload (no view in the URL) shows the table again.
  await gotoHydrated(page, "/search");
  await expect(page.getByTestId("company-table")).toBeVisible();
  await expect(page.locator("article")).toHaveCount(0);
  await page.getByRole("button", { name: "Cards", exact: true }).click();
  await expect(page.locator("article").first()).toBeVisible();
  await gotoHydrated(page, "/search");
  await expect(page.locator("article").first()).toBeVisible();
});

test("sort: in the URL, in the page's order, and the export follows it", async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, { plan: "pro", status: "active" });
  await gotoHydrated(page, "/search?stage=Seed");
  await page.getByLabel("Sort by").selectOption({ label: "Name, A to Z" });
  await expectSearch(page, [
    ["stage", "Seed"],
    ["sort", "name-asc"],
  ]);
  const names = page.locator("article").getByRole("heading", { level: 3 });
  await expect(names.first()).toBeVisible();
  // The URL can change a moment before the new page is drawn: read the names until they are in order.
  let shown: string[] = [];
  await expect
    .poll(async () => {
      shown = (await names.allTextContents()).map((name) => name.trim());
      const lowered = shown.map((name) => name.toLowerCase());
      return lowered.length > 1 && lowered.every((name, i) => i === 0 || (lowered[i - 1] as string) <= name);
    })
    .toBe(true);

  // The CSV lists the same companies in the same order.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const bytes = await readFile(await (await downloading).path());
  const [, ...rows] = parse(bytes, { bom: true }) as string[][];
  expect(rows).toHaveLength(await shownTotal(page));
  expect(rows.slice(0, shown.length).map((row) => row[0])).toEqual(shown);

  // Largest last round first: the amounts do not rise.
  await page.getByLabel("Sort by").selectOption({ label: "Largest last round" });
  await expectSearch(page, [
    ["stage", "Seed"],
    ["sort", "amount-desc"],
  ]);
  await page.getByRole("button", { name: "Table", exact: true }).click();
  const cells = page.getByTestId("company-row").locator("td:nth-of-type(2)");
  await expect(cells).toHaveCount(50);
  // As above: read the amounts until the page drawn is the one in this order (they never rise).
  await expect
    .poll(async () => {
      const amounts = (await cells.allTextContents()).map(dollars);
      return (
        amounts.length === 50 && amounts.every((amount, i) => i === 0 || (amounts[i - 1] as number) >= amount)
      );
    })
    .toBe(true);
});

/** "$1.5M" -> 1500000, "$250K" -> 250000, "N/A" -> -1 (the app's formatAmount, read back). */
function dollars(text: string): number {
  const match = /^\$([\d.,]+)([KMB]?)$/.exec(text.trim());
  if (!match) return -1;
  const scale = { "": 1, K: 1e3, M: 1e6, B: 1e9 }[match[2] as "" | "K" | "M" | "B"];
  return Number((match[1] ?? "0").replace(/,/g, "")) * scale;
}

test("multi-select filters: one chip per value, option counts that match the results, any page size", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await logIn(page, { plan: "pro", status: "trialing" });
  await gotoHydrated(page, "/search");
  await page.getByRole("button", { name: /^Filters/ }).click();
  const stages = page.getByRole("group", { name: "Funding stage" });
  const stage = (name: string) =>
    stages.locator("label").filter({ has: page.getByText(name, { exact: true }) });
  const countOf = async (name: string) => {
    const count = stage(name).getByTestId("option-count");
    // Option counts arrive with the filters (given the other filters).
    await expect(count).toHaveText(/^[\d,]+ companies$/);
    return Number(((await count.textContent()) ?? "").replace(/\D/g, ""));
  };
  const seedCount = await countOf("Seed");
  const seriesACount = await countOf("Series A");
  await stage("Seed").getByRole("checkbox").click();
  await expect(stage("Seed").getByRole("checkbox")).toBeChecked();
  await expectSearch(page, [["stage", "Seed"]]);
  expect(await shownTotal(page)).toBe(seedCount);

  // A second stage: OR within the filter, a chip each.
  await stage("Series A").getByRole("checkbox").click();
  await expect(stage("Series A").getByRole("checkbox")).toBeChecked();
  await expectSearch(page, [
    ["stage", "Seed"],
    ["stage", "Series A"],
  ]);
  await expect(page.getByTestId("filter-chip")).toHaveText([
    "Funding stage: Seed",
    "Funding stage: Series A",
  ]);
  expect(await shownTotal(page)).toBe(seedCount + seriesACount);

  // A country from the location picker shows its count and narrows (AND across filters).
  // The panel keeps the last counts shown while the counts for both stages load, so the expected figure
  // comes from the server and the picker is waited on until it shows it.
  const facetsAnswer = await page.request.get("/api/search-facets?stage=Seed&stage=Series+A");
  expect(facetsAnswer.ok()).toBe(true);
  const { facets } = (await facetsAnswer.json()) as { facets: SearchFacets };
  const germanyCount = facets.location.counts["country:Germany"] ?? 0;
  expect(germanyCount).toBeGreaterThan(1);
  const location = page.getByRole("combobox", { name: "Location" });
  await location.click();
  await location.fill("Germany");
  const germany = page.getByRole("option", { name: /^Germany/ }).first();
  await expect(germany.getByTestId("option-count")).toHaveText(
    `${germanyCount.toLocaleString("en-US")} companies`,
  );
  await germany.click();
  await expect(page.getByTestId("filter-chip")).toHaveCount(3);
  expect(await shownTotal(page)).toBe(germanyCount);

  // Removing one chip removes that value only.
  await page.getByRole("button", { name: "Remove Funding stage filter Seed" }).click();
  await expectSearch(page, [
    ["stage", "Series A"],
    ["location", "country:Germany"],
  ]);

  // The page size: 100 a page for a subscriber, and the range says so.
  await gotoHydrated(page, "/search");
  await page.getByLabel("Per page").selectOption("100");
  await expectSearch(page, [["size", "100"]]);
  await expect(page.locator("article")).toHaveCount(100);
  await expect(page.getByTestId("results-range")).toHaveText(/^Showing 1-100 of [\d,]+$/);
});

test("an investor from the picker, then only the rounds it led: counts that match the results (decision 030)", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await logIn(page, { plan: "pro", status: "trialing" });
  // The investor of most companies, its count, and its count as a lead, as the server answers them.
  const all = (await (await page.request.get("/api/search-facets")).json()) as { facets: SearchFacets };
  const [slug, backed] = Object.entries(all.facets.investor.counts).sort(([, a], [, b]) => b - a)[0] ?? [
    "",
    0,
  ];
  const name = all.facets.investor.labels?.[slug] ?? "";
  const ledAnswer = (await (await page.request.get("/api/search-facets?led=1")).json()) as {
    facets: SearchFacets;
  };
  const led = ledAnswer.facets.investor.counts[slug] ?? 0;
  expect(backed).toBeGreaterThan(led);
  expect(led).toBeGreaterThan(0);

  await gotoHydrated(page, "/search");
  await page.getByRole("button", { name: /^Filters/ }).click();
  const picker = page.getByRole("combobox", { name: "Investor" });
  await picker.click();
  await picker.fill(name);
  const option = page.getByRole("option", { name: new RegExp(`^${name}`) }).first();
  await expect(option.getByTestId("option-count")).toHaveText(`${backed.toLocaleString("en-US")} companies`);
  await option.click();
  await expectSearch(page, [["investor", slug]]);
  await expect(page.getByTestId("filter-chip")).toHaveText([`Investor: ${name}`]);
  expect(await shownTotal(page)).toBe(backed);

  // The picker's list closes first (it lies over the switch below it).
  await picker.press("Escape");
  await page.getByRole("checkbox", { name: "Only rounds they led" }).click();
  await expectSearch(page, [
    ["investor", slug],
    ["led", "1"],
  ]);
  expect(await shownTotal(page)).toBe(led);

  // An investor the list does not show (not among the 50 of most companies) is found by typing its name.
  const found = (await (await page.request.get("/api/investor-options?q=an")).json()) as {
    investors: Array<{ slug: string; name: string }>;
  };
  const unlisted = found.investors.find((investor) => !(investor.slug in all.facets.investor.counts));
  if (!unlisted) throw new Error("every investor found is listed");
  await picker.click();
  await picker.fill(unlisted.name);
  await page
    .getByRole("option", { name: new RegExp(`^${unlisted.name}`) })
    .first()
    .click();
  await expectSearch(page, [
    ["investor", slug],
    ["investor", unlisted.slug],
    ["led", "1"],
  ]);
  await expect(page.getByTestId("filter-chip").nth(1)).toHaveText(`Investor: ${unlisted.name}`);
});

test("keyboard only: search, a stage, the next page, and focus back on the dialog's trigger", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await logIn(page, { plan: "pro", status: "trialing" });
  await gotoHydrated(page, "/search");
  const tabTo = async (name: string) => {
    for (let presses = 0; presses < 80; presses += 1) {
      const label = await page.evaluate(() => {
        const element = document.activeElement as HTMLInputElement | null;
        return (
          element?.getAttribute("aria-label") ||
          element?.textContent?.trim() ||
          element?.labels?.[0]?.textContent?.trim() ||
          element?.placeholder ||
          ""
        );
      });
      if (label.startsWith(name)) return;
      await page.keyboard.press("Tab");
    }
    throw new Error(`Tab never reached ${name}`);
  };
  await tabTo("Search companies");
  await page.keyboard.type("data");
  await page.keyboard.press("Enter");
  await expectSearch(page, [["q", "data"]]);
  await tabTo("Filters");
  await page.keyboard.press("Enter");
  // The panel's options load when it opens.
  await expect(page.getByRole("group", { name: "Funding stage" })).toBeVisible();
  await tabTo("Seed");
  await page.keyboard.press("Space");
  await expectSearch(page, [
    ["q", "data"],
    ["stage", "Seed"],
  ]);
  // The stage list moves with Tab and does not search until a box is ticked.
  await page.keyboard.press("Tab");
  await expectSearch(page, [
    ["q", "data"],
    ["stage", "Seed"],
  ]);

  // The export dialog (trial) closes back onto its trigger.
  const exportButton = page.getByRole("button", { name: "Export CSV" });
  await exportButton.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Export is disabled during your trial" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(exportButton).toBeFocused();
});

test("on a phone the filters open as a sheet whose button names the results, and results start above the fold", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, { plan: "pro", status: "trialing" });
  await gotoHydrated(page, "/search");
  await page.getByRole("button", { name: /^Filters/ }).click();
  const sheet = page.getByRole("dialog", { name: "Filters" });
  await expect(sheet).toBeVisible();
  const seedBox = sheet
    .locator("label")
    .filter({ has: page.getByText("Seed", { exact: true }) })
    .getByRole("checkbox");
  await seedBox.click();
  await expect(seedBox).toBeChecked();
  await expectSearch(page, [["stage", "Seed"]]);
  const total = await shownTotal(page);
  const show = sheet.getByRole("button", { name: `Show ${total.toLocaleString("en-US")} results` });
  await expect(show).toBeVisible();
  await show.click();
  await expect(sheet).toBeHidden();
  // docs/product.md#search: the toolbar folds into one row of icon buttons, named for assistive technology...
  const row = [
    page.getByRole("button", { name: /^Sort and view/ }),
    page.getByRole("button", { name: "Save search" }),
    page.getByRole("button", { name: /^Saved searches/ }),
    page.getByRole("button", { name: "Export CSV" }),
  ];
  const tops = await Promise.all(row.map(async (button) => (await button.boundingBox())?.y ?? -1000));
  for (const top of tops) expect(Math.abs(top - (tops[0] ?? 0))).toBeLessThanOrEqual(4);
  // ...so the first result starts on the first screen with room to read it (300 of the 844 px at least).
  const firstCard = await page.locator("article").first().boundingBox();
  expect(firstCard).not.toBeNull();
  expect((firstCard?.y ?? 10_000) + 300).toBeLessThanOrEqual(844);
  // No address wraps inside its domain: the domain is one unbreakable span.
  const domain = page.locator(FOUNDER_EMAIL).first().locator("span");
  await expect(domain).toHaveText(/^@/);
  expect(await domain.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe("nowrap");
});
