import { API_MESSAGES, API_RATE_PER_MINUTE } from "~/core/api-keys";
import { gotoHydrated } from "./accounts-helpers";
import { expect, test } from "./fixtures";

const SCREENSHOT_WIDTHS = [390, 1280] as const;

test("decision 033: a subscriber creates an API key, sees it once, calls the API with it, and revokes it", async ({
  page,
  login,
}, testInfo) => {
  await login({ plan: "pro" });
  await gotoHydrated(page, "/profile");
  const section = page.getByRole("region", { name: "API keys" });
  await section.getByLabel("Key name").fill("CRM sync");
  await section.getByRole("button", { name: "Create key" }).click();

  const shown = section.getByLabel("Your new API key");
  await expect(shown).toHaveValue(/^rl_live_[A-Za-z0-9_-]{43}$/);
  const key = await shown.inputValue();
  await expect(section.getByRole("status")).toContainText("Copy it now: it is shown only once.");
  const list = section.getByRole("list", { name: "Your API keys" });
  await expect(list.getByRole("listitem").filter({ hasText: "CRM sync" })).toContainText(key.slice(0, 14));
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`api-keys-created-${width}.png`) });
  }

  const me = await page.request.get("/api/v1/me", { headers: { authorization: `Bearer ${key}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ key: { name: "CRM sync" }, plan: { hasExportAccess: true } });
  expect(me.headers()["ratelimit-limit"]).toBe(String(API_RATE_PER_MINUTE));

  // Shown once: a new visit lists the key by its first characters only.
  await gotoHydrated(page, "/profile");
  await expect(list.getByRole("listitem").filter({ hasText: "CRM sync" })).toContainText("last used");
  await expect(section.getByLabel("Your new API key")).toHaveCount(0);
  expect(await page.content()).not.toContain(key);

  await list.getByRole("button", { name: "Revoke key CRM sync" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: API_MESSAGES.keyRevoked }),
  ).toBeVisible();
  await expect(list.getByRole("listitem").filter({ hasText: "CRM sync" })).toContainText("Revoked");
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`api-keys-revoked-${width}.png`) });
  }
  const refused = await page.request.get("/api/v1/me", { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ error: API_MESSAGES.badKey });
});

test("decision 033: the OpenAPI document is public, and the API refuses a visitor", async ({ page }) => {
  const document = await page.request.get("/api/v1/openapi.json");
  expect(document.status()).toBe(200);
  expect((await document.json()).openapi).toBe("3.1.0");
  const refused = await page.request.get("/api/v1/companies");
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ error: API_MESSAGES.noKey });
  const unknown = await page.request.get("/api/v1/nothing-here");
  expect(unknown.status()).toBe(404);
});
