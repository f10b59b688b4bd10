import { EMAIL_STATUS_LABELS } from "~/core/email-status";
import { gotoHydrated } from "./accounts-helpers";
import { expect, test } from "./fixtures";

const SCREENSHOT_WIDTHS = [390, 1280] as const;

test("decision 032: the 'Email status' filter keeps valid addresses, and every address shows its badge", async ({
  page,
  login,
}, testInfo) => {
  await login({ plan: "pro" });
  await gotoHydrated(page, "/search");
  // The demo set's generated mix: several statuses on the first page.
  const badges = page.getByTestId("email-status");
  await expect(badges.first()).toBeVisible();
  const shown = new Set(
    await badges.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-status"))),
  );
  expect(shown.size).toBeGreaterThan(1);
  expect(shown.has("valid")).toBe(true);

  await page.getByRole("button", { name: /^Filters/ }).click();
  await page.getByLabel("Email status", { exact: true }).selectOption({ label: "Valid only" });
  await expect(page).toHaveURL(/[?&]email=valid(&|$)/);
  await expect(page.getByTestId("filter-count")).toHaveText("1");
  await expect(badges.first()).toBeVisible();
  const statuses = await badges.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-status")));
  expect(statuses.length).toBeGreaterThan(10);
  expect(new Set(statuses)).toEqual(new Set(["valid"]));
  await expect(badges.first()).toContainText(EMAIL_STATUS_LABELS.valid);
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`email-status-valid-${width}.png`) });
  }

  // 'Valid or accept-all' lets accept-all addresses back in; 'Any status' removes the filter.
  await page.getByLabel("Email status", { exact: true }).selectOption({ label: "Valid or accept-all" });
  await expect(page).toHaveURL(/[?&]email=valid-or-accept-all(&|$)/);
  await expect(page.locator('[data-testid="email-status"][data-status="accept_all"]').first()).toBeVisible();
  await page.getByLabel("Email status", { exact: true }).selectOption({ label: "Any status" });
  await expect(page).not.toHaveURL(/[?&]email=/);
});

test("decision 032: a visitor sees each masked address's status, never the address", async ({ page }) => {
  await gotoHydrated(page, "/search");
  const masked = page.locator(".rl-masked").first();
  await expect(masked).toBeVisible();
  await expect(masked).toContainText("*");
  const badge = page.getByTestId("email-status").first();
  await expect(badge).toBeVisible();
  expect(Object.values(EMAIL_STATUS_LABELS)).toContain(
    ((await badge.textContent()) ?? "").replace("Email status: ", "").split(",")[0]?.trim(),
  );
});
