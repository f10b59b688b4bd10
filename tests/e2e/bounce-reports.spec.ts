import { BOUNCE_TEXTS } from "~/core/bounce-report";
import { gotoHydrated } from "./accounts-helpers";
import { expect, test } from "./fixtures";

const SCREENSHOT_WIDTHS = [390, 1280] as const;

test("decision 032: a subscriber reports a bounce from a card, once per address", async ({
  page,
  login,
}, testInfo) => {
  await login({ plan: "pro" });
  await gotoHydrated(page, "/search");
  const reportButton = page.getByRole("button", { name: /^Report a bounce for / });
  const card = page.locator("article.rl-card").filter({ has: reportButton }).first();
  const button = card.getByRole("button", { name: /^Report a bounce for / });
  await expect(button).toBeVisible();
  await expect(button).toHaveText(BOUNCE_TEXTS.button);
  const companyName = (await card.locator("h3").textContent()) ?? "";
  expect(companyName).not.toBe("");
  const cardOf = () =>
    page
      .locator("article.rl-card")
      .filter({ has: page.getByRole("heading", { name: companyName, exact: true }) })
      .first();

  await button.click();
  const reported = page.locator("[data-sonner-toast]").filter({ hasText: BOUNCE_TEXTS.reportedTitle });
  await expect(reported).toBeVisible();
  // The e2e server checks addresses by syntax alone: no new check is promised.
  await expect(reported).toContainText(BOUNCE_TEXTS.reportedUncheckedDescription);
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await cardOf().scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`bounce-card-${width}.png`) });
  }

  // The same address again: nothing new, and the user is told so.
  await cardOf()
    .getByRole("button", { name: /^Report a bounce for / })
    .click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: BOUNCE_TEXTS.alreadyTitle }),
  ).toBeVisible();
});

test("decision 032: 'Report bounce' on table rows and on the company page's people", async ({
  page,
  login,
}, testInfo) => {
  await login({ plan: "pro" });
  await gotoHydrated(page, "/search");
  await page.getByRole("button", { name: "Table" }).click();
  const row = page
    .getByTestId("company-row")
    .filter({ has: page.getByRole("button", { name: /^Report a bounce for / }) })
    .first();
  await expect(row).toBeVisible();
  const href = await row.locator('a[href^="/company/"]').first().getAttribute("href");
  expect(href).toMatch(/^\/company\//);
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`bounce-table-${width}.png`) });
  }
  await gotoHydrated(page, href ?? "/");
  const people = page.getByRole("list", { name: /founders and team$/ });
  const personButton = people.getByRole("button", { name: /^Report a bounce for / }).first();
  await expect(personButton).toBeVisible();
  await personButton.click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: BOUNCE_TEXTS.reportedTitle }),
  ).toBeVisible();
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await people.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`bounce-people-${width}.png`) });
  }
});

test("decision 032: no 'Report bounce' beside a masked address, and the bulk upload sits on the account page", async ({
  page,
  login,
}, testInfo) => {
  await login();
  await gotoHydrated(page, "/search");
  await expect(page.locator("article.rl-card").first()).toBeVisible();
  await expect(page.getByRole("button", { name: /^Report a bounce for / })).toHaveCount(0);
  await gotoHydrated(page, "/profile");
  await expect(page.getByRole("heading", { name: BOUNCE_TEXTS.uploadTitle })).toHaveCount(0);

  await login({ plan: "pro" });
  await gotoHydrated(page, "/profile");
  const form = page.getByRole("form", { name: BOUNCE_TEXTS.uploadTitle });
  await form.getByRole("button", { name: BOUNCE_TEXTS.submit }).click();
  await expect(form.getByRole("alert")).toHaveText(BOUNCE_TEXTS.noFile);
  await form.getByLabel(BOUNCE_TEXTS.fileLabel).setInputFiles({
    name: "bounces.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("Email,Reason\nnobody@nowhere.example.org,hard\nnot-an-address,hard\n"),
  });
  await form.getByRole("button", { name: BOUNCE_TEXTS.submit }).click();
  const result = form.getByTestId("bounce-upload-result");
  await expect(result).toContainText("Reported 0 addresses.");
  await expect(result).toContainText("1 address not in Roundlist.");
  await expect(result).toContainText(`Line 3: ${BOUNCE_TEXTS.badAddress}`);
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`bounce-upload-${width}.png`) });
  }
});

test("decision 032: the console's data health shows the email status mix and the bounce reports", async ({
  page,
  login,
}, testInfo) => {
  await login({ admin: true });
  await gotoHydrated(page, "/admin/data-health");
  const mix = page.getByRole("region", { name: "Companies' addresses by email status" });
  await expect(mix.getByRole("row")).toHaveCount(1 + 8);
  await expect(mix.getByRole("row", { name: /^Not checked/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Bounce reports per week" }).getByRole("row")).toHaveCount(
    1 + 12,
  );
  // The demo set has bounced addresses: the domains with most of them are listed.
  await expect(
    page.getByRole("region", { name: "Domains with most bounced addresses" }).getByRole("row"),
  ).not.toHaveCount(0);
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole("heading", { name: "Email status" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`bounce-console-${width}.png`), fullPage: true });
  }
});
