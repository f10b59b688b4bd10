import { expect, type Page } from "@playwright/test";

export const PASSWORD = "violet-harbor-71";

/** Opens a page and waits until React has hydrated it, so clicks reach the app's handlers. */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

let counter = 0;
/** A fresh address per test run and test, so tests never share an account. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@e2e.example`;
}

/** Opens the newest message to `email` in the dev mailbox and follows the link that starts with `linkPrefix`. */
export async function openMailedLink(page: Page, email: string, linkPrefix: string): Promise<void> {
  await page.goto("/dev/mailbox");
  await page.getByRole("row").filter({ hasText: email }).first().getByRole("link").click();
  const link = page.getByTestId("mail-text-body").getByRole("link").filter({ hasText: linkPrefix });
  await expect(link).toHaveCount(1);
  await link.click();
}

/** Signs up through the dialog and confirms through the mailbox: ends signed in. */
export async function signUpAndConfirm(
  page: Page,
  email: string,
  names: { first: string; last: string } = { first: "Ada", last: "Lovelace" },
): Promise<void> {
  await gotoHydrated(page, "/");
  await page.getByRole("banner").getByRole("link", { name: "Get Started" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Account" });
  await dialog.getByLabel("First name").fill(names.first);
  await dialog.getByLabel("Last name").fill(names.last);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByLabel("Confirm password").fill(PASSWORD);
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("We've sent you a confirmation link.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await openMailedLink(page, email, "/api/auth/verify-email");
  await expect(page).toHaveURL(/\/search$/);
}

/** Signs in through the header's dialog. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await gotoHydrated(page, "/");
  await page.getByRole("banner").getByRole("link", { name: "Log in" }).click();
  const dialog = page.getByRole("dialog", { name: "Welcome Back" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("You have successfully signed in.")).toBeVisible();
}
