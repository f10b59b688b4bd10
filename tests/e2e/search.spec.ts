import type { Locator, Page } from "@playwright/test";
import { SEARCH_NEEDS_PLAN } from "~/core/messages";
import { gotoHydrated, PASSWORD } from "./accounts-helpers";
import { expect, FOUNDER_EMAIL, logIn, test } from "./fixtures";
import { readable } from "./page-text";

/** docs/product.md#screens: the visitor's free-sample dialog; the count is the live number of companies. */
const SAMPLE_TITLE = /^Get a free sample from [\d,]+ startups$/;
/** docs/product.md#masking: first character, stars, last character of the local part, then the domain. */
const MASKED_EMAIL = /^[a-z0-9]\*+[a-z0-9]@/i;

/** A user on the annual plan's trial (bought on the demo provider): active access (docs/product.md#access), on /search. */
async function becomeSubscriber(page: Page): Promise<void> {
  await logIn(page, { plan: "pro", status: "trialing" });
  await gotoHydrated(page, "/search");
}

function cards(page: Page): Locator {
  return page.locator("article");
}

/** The active-filter chips, in order (docs/product.md#screens: one removable chip per active filter). */
async function expectChips(page: Page, texts: string[]): Promise<void> {
  if (texts.length === 0) await expect(page.getByTestId("filter-chip")).toHaveCount(0);
  else await expect(page.getByTestId("filter-chip")).toHaveText(texts);
}

/** Waits until the URL's search parameters are exactly these (page 1 is left out of URLs). */
async function expectSearch(page: Page, expected: Record<string, string>): Promise<void> {
  await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual(expected);
}

test("a visitor gets the mandatory free-sample dialog and only masked emails", async ({ page }) => {
  await gotoHydrated(page, "/search");
  const dialog = page.getByRole("dialog", { name: SAMPLE_TITLE });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();

  // Its own log in / sign up toggle; the terms checkbox is for sign-up only (docs/product.md#accounts).
  await expect(dialog.getByRole("checkbox")).toHaveCount(1);
  await dialog.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(dialog.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(dialog.getByRole("checkbox")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Sign up", exact: true }).first().click();
  await expect(dialog.getByRole("button", { name: "Create Account" })).toBeDisabled();

  // The cards behind the dialog show masked emails with the upgrade hint.
  const firstEmail = cards(page).first().locator(FOUNDER_EMAIL);
  await expect(firstEmail).toHaveText(MASKED_EMAIL);
  await expect(page.getByTestId("masked-notice")).toHaveText("Upgrade to see emails");
  await expect(
    cards(page)
      .first()
      .getByRole("button", { name: /^Copy email/, includeHidden: true }),
  ).toHaveCount(0);

  // docs/product.md#masking: no full founder email anywhere in the page, loader data included (read as page text: an
  // address is split in spans so it wraps after its local part).
  const html = readable(await page.content());
  const emails = html.match(/[A-Za-z0-9._%+*-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.example/g) ?? [];
  expect(emails.length).toBeGreaterThan(0);
  expect(emails.filter((email) => !email.includes("*"))).toEqual([]);
});

test("a visitor who logs in from the sample dialog is offered the plans", async ({ login, browser }) => {
  const { email } = await login();

  // A fresh browser: the same person, signed out.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await gotoHydrated(visitor, "/search");
  const dialog = visitor.getByRole("dialog", { name: SAMPLE_TITLE });
  await dialog.getByRole("button", { name: "Log in", exact: true }).click();
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  // Decision 011: signed in without a plan, they get the free sample, and the plans one click away.
  await expect(dialog).toBeHidden();
  await expect(visitor.getByTestId("sample-banner")).toBeVisible();
  await visitor.getByTestId("sample-banner").getByRole("button", { name: "See plans" }).click();
  await expect(visitor.getByRole("dialog", { name: "Choose Your Plan" })).toBeVisible();
  await context.close();
});

test("a signed-in user without a plan sees the free sample, and pricing when they search, filter, page or export", async ({
  page,
  login,
}) => {
  await login();
  await gotoHydrated(page, "/search");
  // Decision 011: no dialog on arrival; the sample (the first page, masked) behind a dismissible banner.
  const banner = page.getByTestId("sample-banner");
  await expect(banner).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(cards(page)).toHaveCount(50);
  await expect(cards(page).first().locator(FOUNDER_EMAIL)).toHaveText(MASKED_EMAIL);
  const pricing = page.getByRole("dialog", { name: "Choose Your Plan" });

  // docs/product.md#access: the search input stays read-only; its 'Upgrade' button opens the plans.
  const input = page.getByRole("searchbox", { name: "Search companies" });
  await expect(input).toHaveAttribute("readonly", "");
  // Decision 026: the box says why it does not search, and Enter in it opens the plans rather than nothing.
  await expect(input).toHaveAccessibleDescription(SEARCH_NEEDS_PLAN.box);
  await expect(page.getByTestId("search-locked-reason")).toHaveText(SEARCH_NEEDS_PLAN.box);
  await input.press("Enter");
  await expect(pricing).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(pricing).toBeHidden();
  await page.getByRole("button", { name: "Upgrade", exact: true }).click();
  await expect(pricing).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(pricing).toBeHidden();

  // docs/product.md#roles: prompted with pricing on filter; the URL does not change, the sample stays.
  await page.getByRole("button", { name: /^Filters/ }).click();
  const firstStage = page.getByRole("group", { name: "Funding stage" }).getByRole("checkbox").first();
  await firstStage.click();
  await expect(pricing).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(firstStage).not.toBeChecked();
  expect(new URL(page.url()).search).toBe("");

  // Paging past the sample, too.
  await page
    .getByRole("navigation", { name: "Pagination", exact: true })
    .getByRole("button", { name: "Next" })
    .click();
  await expect(pricing).toBeVisible();
  await page.keyboard.press("Escape");
  expect(new URL(page.url()).search).toBe("");

  // The banner goes when dismissed, and stays gone on the next visit.
  await banner.getByRole("button", { name: "Dismiss the sample notice" }).click();
  await expect(banner).toBeHidden();
  await gotoHydrated(page, "/search");
  await expect(cards(page)).toHaveCount(50);
  await expect(banner).toBeHidden();
});

test("a subscriber searches, filters, pages, copies an email, and a reload shows the same view", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await becomeSubscriber(page);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Text search.
  const input = page.getByRole("searchbox", { name: "Search companies" });
  await expect(input).not.toHaveAttribute("readonly", "");
  await input.fill("software");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expectSearch(page, { q: "software" });
  await expect(page.getByTestId("results-total")).toHaveText(/^[\d,]+ companies$/);

  // The pager: only the page changes.
  const pager = page.getByRole("navigation", { name: "Pagination", exact: true });
  await expect(pager.getByText(/^Page 1 of \d+$/)).toBeVisible();
  // docs/product.md#search: a pager above the results too, and where the page sits in them.
  const topPager = page.getByRole("navigation", { name: "Pagination above the results" });
  await expect(topPager.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(page.getByTestId("results-range")).toHaveText(/^Showing 1-50 of [\d,]+$/);
  await expect(pager.getByRole("button", { name: "Previous" })).toBeDisabled();
  await pager.getByRole("button", { name: "Next" }).click();
  await expectSearch(page, { q: "software", page: "2" });
  await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(page.getByTestId("results-range")).toHaveText(/^Showing 51-100 of [\d,]+$/);
  // Focus comes back to the results, not to the top of the document.
  await expect(page.getByRole("heading", { name: "Results", level: 2 })).toBeFocused();
  await expect(pager.getByRole("button", { name: "Previous" })).toBeEnabled();

  // A reload (or a shared link) of page 2 shows the same companies.
  const pageTwoFirst = (await cards(page).first().getByRole("heading").textContent()) ?? "";
  await gotoHydrated(page, page.url());
  await expect(cards(page).first().getByRole("heading")).toHaveText(pageTwoFirst);
  await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();

  // Copy an email (docs/product.md#calls and docs/product.md#texts).
  const firstCard = cards(page).first();
  const email = ((await firstCard.locator(FOUNDER_EMAIL).textContent()) ?? "").trim();
  expect(email).not.toContain("*");
  await firstCard.getByRole("button", { name: `Copy email ${email}` }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Email Copied" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(email);
  // docs/product.md#screens: a toast covers neither the header nor the search controls (the box, the filters, the
  // order, saving and export): it sits below all of them.
  const toastBox = await boxOf(toast);
  expect(overlaps(toastBox, await boxOf(page.getByRole("banner")))).toBe(false);
  expect(overlaps(toastBox, await boxOf(page.getByRole("search")))).toBe(false);
  const exportBox = await boxOf(page.getByRole("button", { name: "Export CSV" }));
  expect(toastBox.y).toBeGreaterThanOrEqual(exportBox.y + exportBox.height);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(email);

  // A filter change on page 2 goes back to page 1 (docs/product.md#search).
  await page.getByRole("button", { name: /^Filters/ }).click();
  await page.getByLabel("Funding date", { exact: true }).selectOption({ label: "Last year" });
  await expectSearch(page, { q: "software", date: "1y" });
  await expect(page.getByTestId("filter-count")).toHaveText("1");

  // The industry picker: searchable, keyboard-operable, with its empty state.
  const industry = page.getByRole("combobox", { name: "Industry" });
  await industry.click();
  await industry.fill("zzzz-no-such-industry");
  await expect(page.getByText("No industries found").first()).toBeVisible();
  await industry.fill("software");
  await expect(page.getByRole("option").first()).toBeVisible();
  const chosen = (
    (await page.getByRole("option").first().getByTestId("option-label").textContent()) ?? ""
  ).trim();
  await industry.press("ArrowDown");
  await industry.press("Enter");
  await expectSearch(page, { q: "software", industry: chosen, date: "1y" });

  // The location picker: continents to cities, and its empty state.
  const location = page.getByRole("combobox", { name: "Location" });
  await location.click();
  await location.fill("qqqq-nowhere");
  await expect(page.getByText("No locations found").first()).toBeVisible();
  await location.fill("North America");
  await page.getByRole("option", { name: /^North America/ }).click();
  await expectSearch(page, {
    q: "software",
    industry: chosen,
    location: "continent:North America",
    date: "1y",
  });

  await expect(page.getByTestId("filter-count")).toHaveText("3");
  await expectChips(page, [`Industry: ${chosen}`, "Location: North America", "Funding date: Last year"]);
  await expect(page.getByTestId("results-total")).toHaveText(/^[\d,]+ compan(y|ies)$/);

  // Reloading the URL reproduces the view.
  const url = page.url();
  const firstHeading = cards(page).first().getByRole("heading");
  await expect(firstHeading).toBeVisible();
  const firstName = (await firstHeading.textContent()) ?? "";
  const total = (await page.getByTestId("results-total").textContent()) ?? "";
  await gotoHydrated(page, url);
  expect(page.url()).toBe(url);
  await expect(page.getByTestId("results-total")).toHaveText(total);
  await expectChips(page, [`Industry: ${chosen}`, "Location: North America", "Funding date: Last year"]);
  await expect(input).toHaveValue("software");
  await expect(cards(page).first().getByRole("heading")).toHaveText(firstName);
});

test("removing a chip clears that filter; 'Any amount' resets the amount", async ({ page }) => {
  await becomeSubscriber(page);
  await gotoHydrated(page, "/search?stage=Seed&amount=1m-5m&date=1y&page=2");
  await expect(page.getByTestId("filter-count")).toHaveText("3");
  await expectChips(page, ["Funding stage: Seed", "Funding amount: $1M - $5M", "Funding date: Last year"]);

  await page.getByRole("button", { name: "Remove Funding stage filter" }).click();
  await expectSearch(page, { amount: "1m-5m", date: "1y" });
  await expect(page.getByTestId("filter-count")).toHaveText("2");
  await expectChips(page, ["Funding amount: $1M - $5M", "Funding date: Last year"]);

  await page.getByRole("button", { name: /^Filters/ }).click();
  await expect(page.getByLabel("Funding amount", { exact: true })).toHaveValue("1m-5m");
  await page.getByLabel("Funding amount", { exact: true }).selectOption({ label: "Any amount" });
  await expectSearch(page, { date: "1y" });
  await expectChips(page, ["Funding date: Last year"]);

  await page.getByRole("button", { name: "Remove Funding date filter" }).click();
  await expectSearch(page, {});
  await expectChips(page, []);
  await expect(page.getByTestId("filter-count")).toHaveCount(0);
});

test("bad parameters are reported, values in any case are written back canonical, stages list in stage order", async ({
  page,
}) => {
  await becomeSubscriber(page);
  // docs/product.md#search: `stage=seed` is Seed, and the URL says so; an unknown amount stays, with its message.
  await gotoHydrated(page, "/search?amount=lots&stage=seed&stage=VENTURE+-+series+unknown");
  expect(new URL(page.url()).search).toBe("?amount=lots&stage=Seed&stage=Venture+-+Series+Unknown");
  await expect(page.getByText('"lots" is not a funding amount option, so it was ignored.')).toBeVisible();
  await expectChips(page, ["Funding stage: Seed", "Funding stage: Venture - Series Unknown"]);

  // docs/product.md#filters: stages in the order companies raise them, then the other round types; the
  // chosen ones show above the list, whatever it scrolls to.
  await page.getByRole("button", { name: /^Filters/ }).click();
  const stages = page.getByRole("group", { name: "Funding stage" });
  await expect(stages.getByTestId("chosen-value")).toHaveText(["Seed", "Venture - Series Unknown"]);
  const listed = await stages.getByTestId("option-label").allTextContents();
  // The venture stages the data holds come first, in this order (the demo set need not hold every one).
  const ventureStages = [
    "Pre-Seed",
    "Seed",
    "Angel",
    "Series A",
    "Series B",
    "Series C",
    "Series D",
    "Series E",
    "Series F",
    "Series G",
    "Series H",
    "Venture - Series Unknown",
  ].filter((stage) => listed.includes(stage));
  expect(ventureStages.length).toBeGreaterThan(8);
  const venture = ventureStages.length;
  expect(listed.slice(0, venture)).toEqual(ventureStages);
  // Then the other round types by name, 'Undisclosed' last when the data holds it.
  const others = listed.slice(venture);
  expect(others.length).toBeGreaterThan(2);
  expect(others).toEqual([
    ...others.filter((type) => type !== "Undisclosed").sort((a, b) => a.localeCompare(b)),
    ...(others.includes("Undisclosed") ? ["Undisclosed"] : []),
  ]);
});

/** An element's box on the page (it must be rendered). */
async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("the element has no box");
  return box;
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
