import { gotoHydrated } from "./accounts-helpers";
import { seriousFindings } from "./axe";
import { expect, test } from "./fixtures";

test("subscribe to the annual plan on the demo provider, upgrade the trial, switch, cancel and resume (docs/product.md#plan-changes)", async ({
  page,
  login,
}) => {
  // The whole life of a plan, with two axe runs: 60 s, not the default 30.
  test.setTimeout(60_000);
  await login();
  await gotoHydrated(page, "/profile");
  await expect(page.getByText("You have no subscription yet.")).toBeVisible();
  await page.getByRole("button", { name: "Choose a plan" }).click();

  const pricing = page.getByRole("dialog", { name: "Choose Your Plan" });
  await expect(pricing.getByText("Most Popular")).toBeVisible();
  await expect(pricing.getByText("Save $289 annually")).toBeVisible();
  await expect(pricing.getByText("$25/month")).toBeVisible();
  await pricing.getByRole("button", { name: "Start free trial, Annual plan" }).click();

  // The demo provider's checkout page, clearly marked as a demo.
  await expect(page).toHaveURL(/\/demo-checkout\/demo_cs_/);
  await expect(page.getByRole("note")).toContainText("Demo payment provider");
  await expect(page.getByRole("heading", { name: "Annual plan" })).toBeVisible();
  await expect(page.getByText("7 days")).toBeVisible();
  await page.getByRole("button", { name: "Pay (demo)" }).click();

  // docs/product.md#free-sample: the checkout started a free trial, nothing was charged: the toast says so.
  await expect(page.getByText("Your free trial has started")).toBeVisible();
  await expect(page.getByText("Payment successful!")).toHaveCount(0);
  // The parameter is removed from the URL.
  await expect(page).toHaveURL(/\/search$/);

  await gotoHydrated(page, "/profile");
  await expect(page.getByTestId("subscription-status")).toHaveText("trialing");
  await expect(page.getByText(/^Trial ends on /)).toBeVisible();

  await page.getByRole("button", { name: "Upgrade now" }).click();
  await expect(page.getByText("Trial Upgraded Successfully!")).toBeVisible();
  await expect(page.getByTestId("subscription-status")).toHaveText("active");
  await expect(page.getByText(/^Renews on /)).toBeVisible();

  // docs/product.md#plan-changes: switch to monthly billing, confirmed in a dialog that states the prorated charge.
  await page.getByRole("button", { name: "Switch to monthly billing" }).click();
  const switchDialog = page.getByRole("dialog", { name: "Switch to the Monthly plan?" });
  await expect(switchDialog.getByTestId("switch-due-today")).toHaveText("$0.00");
  await expect(switchDialog.getByText("Unused time on the Annual plan")).toBeVisible();
  await switchDialog.getByRole("button", { name: "Switch to Monthly" }).click();
  await expect(page.getByText("Switched to the Monthly plan")).toBeVisible();
  await expect(page.getByTestId("subscription-plan")).toHaveText("Monthly");
  // The upgrade's invoice and the switch's, each with its receipt.
  await expect(
    page.getByRole("region", { name: "Invoices and receipts" }).getByTestId("invoice"),
  ).toHaveCount(3);

  // Cancel is confirmed in a dialog that states the date access ends; access lasts until then.
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  const cancelDialog = page.getByRole("dialog", { name: "Cancel your subscription?" });
  await expect(cancelDialog.getByTestId("cancel-access-ends")).toHaveText(
    /^Access ends on \w{3} \d{1,2}, \d{4}\./,
  );
  const endsOn = (await cancelDialog.getByTestId("cancel-access-ends").locator("strong").textContent()) ?? "";
  await expect(cancelDialog).toContainText(`stays active until ${endsOn}`);
  expect(await seriousFindings(page), "cancel dialog").toEqual([]);
  await cancelDialog.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByText("Subscription canceled")).toBeVisible();
  await expect(page.getByTestId("subscription-status")).toHaveText("active");
  await expect(page.getByTestId("subscription-dates")).toHaveText(
    `Cancels on ${endsOn}; access continues until then.`,
  );
  // The toasts of earlier steps stack half-transparent behind this one until they expire: checked once this
  // toast is the only one, so the contrast check reads the page, not a fading stack.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(1, { timeout: 15_000 });
  expect(await seriousFindings(page), "/profile, canceled, with invoices").toEqual([]);

  // Resume, one click, until that date.
  await page.getByRole("button", { name: "Resume subscription" }).click();
  await expect(page.getByText("Subscription resumed")).toBeVisible();
  await expect(page.getByTestId("subscription-dates")).toHaveText(`Renews on ${endsOn}.`);
  await expect(page.getByRole("button", { name: "Cancel subscription" })).toBeVisible();

  // The switch's receipt, marked as the demo provider's.
  await page.getByRole("link", { name: /^Receipt RL-DEMO-0003/ }).click();
  await expect(page.getByRole("heading", { name: "Receipt RL-DEMO-0003" })).toBeVisible();
  await expect(page.getByRole("note")).toContainText("no money was charged");
  await expect(page.getByText("Unused time on the Annual plan")).toBeVisible();
  expect(await seriousFindings(page), "demo receipt").toEqual([]);
});

test("canceling on the demo checkout page comes back with the cancel notice", async ({ page, login }) => {
  await login();
  await gotoHydrated(page, "/monthly");
  await page.getByRole("button", { name: "Start your free trial" }).click();
  await expect(page).toHaveURL(/\/demo-checkout\//);
  await expect(page.getByRole("heading", { name: "Monthly plan" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("Your payment was canceled. You can try again anytime.")).toBeVisible();
  await expect(page).toHaveURL(/\/search$/);
  await page.goto("/success");
  await expect(page.getByTestId("success-state")).toContainText("not received the payment confirmation");
});

test("checkout needs a signed-in user (server check)", async ({ request }) => {
  const response = await request.post("/api/checkout", { data: { plan: "pro" } });
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({ error: "Please sign in to choose a plan." });
});

test("a cross-site POST with the user's cookies is refused before it changes anything (CSRF)", async ({
  page,
  login,
}) => {
  await login({ plan: "pro", status: "trialing" });
  const evil = { Origin: "https://evil.example" };
  for (const path of ["/api/upgrade-trial", "/api/checkout", "/profile"]) {
    const response = await page.request.post(path, {
      headers: evil,
      form: { plan: "pro", intent: "cancel" },
    });
    expect(response.status(), path).toBe(403);
    expect(await response.json()).toEqual({
      error: "This request came from another site, so it was refused.",
    });
  }
  // Still on the trial: the upgrade (a charge) did not happen.
  await gotoHydrated(page, "/profile");
  await expect(page.getByTestId("subscription-status")).toHaveText("trialing");
  // The same request from the app's own origin goes through.
  const own = await page.request.post("/api/upgrade-trial", {
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(own.status()).toBe(200);
});
