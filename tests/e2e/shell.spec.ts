import { expect, test } from "@playwright/test";
import { E2E_SEED_COUNT } from "./e2e-config";

test("home shows the headline and the live count of funded startups", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Find venture funded clients for your business",
  );
  // The server seeded E2E_SEED_COUNT demo companies into its fresh database.
  await expect(page.getByTestId("total-companies")).toHaveText(E2E_SEED_COUNT.toLocaleString("en-US"));
  await expect(page.getByTestId("recent-funding")).toHaveText(/^\$\d+(\.\d)?[KMB]$/);
});

test("the header turns solid once the page is scrolled more than 4px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto("/");
  const header = page.locator("header").first();
  await expect(header).toHaveAttribute("data-scrolled", "false");
  await page.evaluate(() => window.scrollTo(0, 4));
  await expect(header).toHaveAttribute("data-scrolled", "false");
  await page.evaluate(() => window.scrollTo(0, 5));
  await expect(header).toHaveAttribute("data-scrolled", "true");
});

test("an unknown path answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go home" })).toBeVisible();
});

const CRASH_PROBE_MESSAGE = "Crash probe: a component threw while rendering.";

test("a render error in the browser shows the crash screen with collapsible details", async ({ page }) => {
  await page.goto("/__test/crash?client=1");
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(page.getByText("An error occurred while loading the application.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Reload Page" })).toBeVisible();
  const details = page.getByText(CRASH_PROBE_MESSAGE);
  await expect(details).toBeHidden();
  await page.getByText("Error details").click();
  await expect(details).toBeVisible();
  // Reload Page reloads: the probe renders once more before it throws again.
  await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Reload Page" }).click()]);
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
});

test("a render error on the server shows the crash screen with status 500 and no internals", async ({
  page,
}) => {
  const response = await page.goto("/__test/crash");
  expect(response?.status()).toBe(500);
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await page.getByText("Error details").click();
  await expect(page.getByText("Unexpected Server Error")).toBeVisible();
  expect(await page.content()).not.toContain(CRASH_PROBE_MESSAGE);
});

test("navigation scrolls to the top instantly", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await page.getByRole("link", { name: "Contact Us" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("GET /healthz reports the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(await response.json()).toMatchObject({ status: "ok", database: { status: "up", kind: "pglite" } });
});
