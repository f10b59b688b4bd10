/**
 * axe on the pages people work on and land on, in the states that matter: no serious or critical finding
 * (WCAG 2.1 A and AA rules). The dialog states are checked with the dialog open.
 */
import { ADMIN_SECTIONS } from "~/core/admin-sections";
import { gotoHydrated } from "./accounts-helpers";
import { seriousFindings } from "./axe";
import { expect, test } from "./fixtures";

test("public pages: directory, company, compare, investors", async ({ page }) => {
  // Eight pages, a company page and an investor page, each with an axe run: 90 s (the first ran past 30 s on a
  // loaded 2-core machine).
  test.setTimeout(90_000);
  for (const path of [
    "/",
    "/directory",
    "/directory/cities",
    "/compare",
    "/compare/crunchbase-alternative",
    "/monthly",
    "/investors",
    "/investors/letters/a",
  ]) {
    await gotoHydrated(page, path);
    expect(await seriousFindings(page), path).toEqual([]);
  }
  await gotoHydrated(page, "/directory/companies/a");
  await page.locator("main a[href^='/company/']").first().click();
  await expect(page.getByRole("heading", { level: 2, name: "Founders and team", exact: true })).toBeVisible();
  expect(await seriousFindings(page), page.url()).toEqual([]);
  // docs/product.md#investors: an investor page, reached from the hub.
  await gotoHydrated(page, "/investors");
  await page
    .getByRole("list", { name: "Most active investors in the last 12 months" })
    .getByRole("link")
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 2, name: "Co-investors" })).toBeVisible();
  expect(await seriousFindings(page), page.url()).toEqual([]);
});

test("/search for a visitor (sample dialog open), a trial user and a subscriber", async ({ page, login }) => {
  // Three views, each with an axe run, as its siblings have: 90 s, not the default 30.
  test.setTimeout(90_000);
  await gotoHydrated(page, "/search");
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await seriousFindings(page), "visitor").toEqual([]);
  await login({ plan: "pro", status: "trialing" });
  await gotoHydrated(page, "/search");
  await expect(page.getByTestId("trial-banner")).toBeVisible();
  expect(await seriousFindings(page), "trial").toEqual([]);
  await page.getByRole("button", { name: "Export CSV" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await seriousFindings(page), "trial export dialog").toEqual([]);
});

test("/search for a subscriber: filters open with counts, a picker's list, the table view, the phone sheet", async ({
  page,
  login,
}) => {
  // Five views, each with an axe run: 90 s, as its siblings have.
  test.setTimeout(90_000);
  await login({ plan: "pro", status: "active" });
  await gotoHydrated(page, "/search?stage=Seed&stage=Series+A");
  await page.getByRole("button", { name: /Filters/ }).click();
  await expect(
    page.getByRole("group", { name: "Funding stage" }).getByTestId("option-count").first(),
  ).toBeVisible();
  await expect(page.getByTestId("chosen-value")).toHaveText(["Seed", "Series A"]);
  expect(await seriousFindings(page), "filters").toEqual([]);
  const industry = page.getByRole("combobox", { name: "Industry" });
  await industry.click();
  await expect(page.getByRole("option").first()).toBeVisible();
  expect(await seriousFindings(page), "industry list open").toEqual([]);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Table", exact: true }).click();
  await expect(page.getByTestId("company-table")).toBeVisible();
  expect(await seriousFindings(page), "table").toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/search");
  // docs/product.md#search: the phone's toolbar, folded into a menu.
  await page.getByRole("button", { name: /^Sort and view/ }).click();
  await expect(page.getByRole("menuitemradio", { name: "Newest funding first" })).toBeChecked();
  expect(await seriousFindings(page), "phone toolbar menu").toEqual([]);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: /Filters/ }).click();
  await expect(
    page.getByRole("dialog", { name: "Filters" }).getByRole("group", { name: "Funding stage" }),
  ).toBeVisible();
  expect(await seriousFindings(page), "phone filter sheet").toEqual([]);
});

test("/search for a signed-in user without a plan: the sample banner and the plans", async ({
  page,
  login,
}) => {
  // Two axe runs over a 50-card /search: 35-42 s on a loaded 2-core machine, as its siblings' (decision 023).
  test.setTimeout(90_000);
  await login();
  // Decision 026: a link's filters are not applied without a plan, and the page says why.
  await gotoHydrated(page, "/search?stage=Seed");
  await expect(page.getByTestId("sample-banner")).toBeVisible();
  await expect(page.getByTestId("search-locked-reason")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "this link shows the free sample" })).toBeVisible();
  expect(await seriousFindings(page), "sample").toEqual([]);
  await page.getByRole("button", { name: "See plans" }).click();
  await expect(page.getByRole("dialog", { name: "Choose Your Plan" })).toBeVisible();
  expect(await seriousFindings(page), "sample, plans open").toEqual([]);
});

test("/lps: the sample with the LP offer, and for LP access the filters, the location list, the table and the phone sheet", async ({
  page,
  login,
}) => {
  // Six axe runs over large pages: about 30 s on a loaded 2-core machine, so more than the default time.
  test.setTimeout(90_000);
  await gotoHydrated(page, "/lps");
  await expect(page.getByTestId("lp-plan-offer")).toBeVisible();
  expect(await seriousFindings(page), "visitor sample").toEqual([]);
  await page.getByTestId("export-lps").click();
  await expect(page.getByRole("dialog", { name: "The LP Database plan" })).toBeVisible();
  expect(await seriousFindings(page), "offer dialog").toEqual([]);

  await login({ plan: "lps" });
  await gotoHydrated(page, "/lps?type=endowment&emerging=yes");
  await page.getByRole("button", { name: /Filters/ }).click();
  await expect(
    page.getByRole("group", { name: "LP type" }).getByTestId("option-count").first(),
  ).toBeVisible();
  expect(await seriousFindings(page), "filters").toEqual([]);
  await page.getByRole("combobox", { name: "Headquarters" }).click();
  await expect(page.getByRole("option").first()).toBeVisible();
  expect(await seriousFindings(page), "headquarters list open").toEqual([]);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Table", exact: true }).click();
  await expect(page.getByTestId("lp-table")).toBeVisible();
  expect(await seriousFindings(page), "table").toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/lps");
  await page.getByRole("button", { name: /Filters/ }).click();
  await expect(
    page.getByRole("dialog", { name: "Filters" }).getByRole("group", { name: "Stage focus" }),
  ).toBeVisible();
  expect(await seriousFindings(page), "phone filter sheet").toEqual([]);
});

test("/converter: the columns to map, then the report, the preview and the download", async ({
  page,
  login,
}) => {
  await login();
  await gotoHydrated(page, "/converter");
  await page.getByLabel("Leads file (CSV)").setInputFiles({
    name: "leads.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "Organization Name,First name,Last name,Email,Extra\nAcme,Ada,Byron,ada@acme.example,x\n",
    ),
  });
  await expect(page.getByRole("group", { name: /Columns of leads\.csv/ })).toBeVisible();
  expect(await seriousFindings(page), "mapping").toEqual([]);
  await page.getByRole("button", { name: /^Convert for/ }).click();
  await expect(page.getByTestId("converter-download")).toBeVisible();
  expect(await seriousFindings(page), "result").toEqual([]);
});

test("the admin console: every section and a user's page, at 1280 and 390 px", async ({ page, login }) => {
  test.setTimeout(90_000);
  await login({ admin: true });
  await gotoHydrated(page, "/admin/users");
  const firstUser = page.getByTestId("admin-user-row").first().getByRole("link");
  const userPath = (await firstUser.getAttribute("href")) ?? "";
  const paths = [...ADMIN_SECTIONS.map((section) => section.path), userPath];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await gotoHydrated(page, path);
      expect(await seriousFindings(page), `${path} at ${width}px`).toEqual([]);
    }
  }
});

test("docs/product.md#export: the save dialog, the saved searches, the new-leads count, the Exported marker and /profile's lists, at 1280 and 390 px", async ({
  page,
  login,
}) => {
  // Eight axe runs at two widths: 66-96 s on a loaded 2-core machine (decision 023).
  test.setTimeout(180_000);
  await login({ plan: "pro", status: "active" });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, "/search?stage=Seed");
    await page.getByTestId("save-search").click();
    const saveDialog = page.getByRole("dialog", { name: "Save this search" });
    await expect(saveDialog).toBeVisible();
    expect(await seriousFindings(page), `save dialog at ${width}px`).toEqual([]);
    await saveDialog.getByLabel("Name").fill(`Seed rounds ${width}`);
    await saveDialog.getByLabel("Email me new companies").selectOption("weekly");
    await saveDialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(saveDialog).toBeHidden();
    await page.getByTestId("saved-searches").click();
    await expect(
      page.getByRole("dialog", { name: "Saved searches" }).getByTestId("saved-search"),
    ).toHaveCount(width === 1280 ? 1 : 2);
    expect(await seriousFindings(page), `saved searches at ${width}px`).toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Export for a CRM or an outreach tool" }).click();
    await page.getByTestId("export-new-only").click();
    await expect(page.getByTestId("export-new-leads-count")).toContainText(/new of|No new leads/);
    expect(await seriousFindings(page), `export menu at ${width}px`).toEqual([]);
    await page.keyboard.press("Escape");
  }
  const downloading = page.waitForEvent("download");
  await page.getByTestId("export-csv").click();
  await downloading;
  await gotoHydrated(page, "/search?stage=Seed");
  await expect(page.getByTestId("exported-marker").first()).toBeVisible();
  expect(await seriousFindings(page), "Exported markers").toEqual([]);
  await gotoHydrated(page, "/profile");
  await expect(
    page.getByRole("region", { name: "Your exports" }).getByRole("link", { name: /Repeat/ }),
  ).toHaveCount(1);
  expect(await seriousFindings(page), "/profile with saved searches and exports").toEqual([]);
});
