import {
  gotoHydrated,
  openMailedLink,
  PASSWORD,
  signIn,
  signUpAndConfirm,
  uniqueEmail,
} from "./accounts-helpers";
import { E2E_ADMIN_EMAIL } from "./e2e-config";
import { expect, logIn, test } from "./fixtures";

test("sign up, confirm from the mailbox, land signed in on /search, sign out, sign in again", async ({
  page,
}) => {
  const email = uniqueEmail("ada");
  await signUpAndConfirm(page, email);
  // Landed on / signed in, and / sent the signed-in user on to /search, where a user without a plan gets
  // the free sample with the plans one click away (decision 011).
  await expect(page.getByText("Email confirmed")).toBeVisible();
  await expect(page.getByTestId("sample-banner")).toBeVisible();

  await gotoHydrated(page, "/profile");
  const menu = page.getByRole("banner").getByRole("button", { name: "Ada Lovelace" });
  await menu.click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("You have been signed out.")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();

  await signIn(page, email);
  await expect(page).toHaveURL(/\/search$/);
  await gotoHydrated(page, "/profile");
  await expect(page.getByRole("banner").getByRole("button", { name: "Ada Lovelace" })).toBeVisible();
});

test("the sign-up form validates as docs/product.md#accounts says and switching mode clears it", async ({
  page,
}) => {
  await gotoHydrated(page, "/");
  await page.getByRole("banner").getByRole("link", { name: "Get Started" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Account" });
  const submit = dialog.getByRole("button", { name: "Create Account" });
  await dialog.getByLabel("Email").fill(uniqueEmail("short"));
  await dialog.getByLabel("Password", { exact: true }).fill("12345");
  await dialog.getByLabel("Confirm password").fill("54321");
  // The terms checkbox must be ticked or the submit button stays disabled.
  await expect(submit).toBeDisabled();
  await dialog.getByRole("checkbox").check();
  await submit.click();
  await expect(dialog.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(dialog.getByText("Passwords do not match")).toBeVisible();

  await dialog.getByLabel("Password", { exact: true }).fill("password");
  await dialog.getByLabel("Confirm password").fill("password");
  await submit.click();
  // The server refuses one of the 10,000 most common passwords, and says why.
  await expect(page.getByText("Sign up failed")).toBeVisible();
  await expect(dialog.getByRole("alert")).toContainText("10,000 most common passwords");

  await dialog.getByRole("button", { name: "Sign in" }).click();
  const signInDialog = page.getByRole("dialog", { name: "Welcome Back" });
  await expect(signInDialog.getByLabel("Email")).toHaveValue("");
  await expect(signInDialog.getByRole("alert")).toHaveCount(0);
});

test("a wrong password toasts 'Sign in failed' with the server's message", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("banner").getByRole("link", { name: "Log in" }).click();
  const dialog = page.getByRole("dialog", { name: "Welcome Back" });
  await dialog.getByLabel("Email").fill(uniqueEmail("nobody"));
  await dialog.getByLabel("Password").fill("not-a-real-password");
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Sign in failed")).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveText("Invalid email or password");
});

test("reset the password from the emailed link: the old session ends and the new password works", async ({
  browser,
}) => {
  const email = uniqueEmail("reset");
  const oldDevice = await browser.newPage();
  await logIn(oldDevice, { email });
  await gotoHydrated(oldDevice, "/profile");
  await expect(oldDevice.getByRole("heading", { name: "Account Settings" })).toBeVisible();

  const page = await browser.newPage();
  await gotoHydrated(page, "/");
  await page.getByRole("banner").getByRole("link", { name: "Log in" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Forgot password?" }).click();
  const resetDialog = page.getByRole("dialog", { name: "Reset Password" });
  await resetDialog.getByLabel("Email").fill(email);
  await resetDialog.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("We've sent you a password reset link.")).toBeVisible();
  // A successful reset request returns to sign-in mode (docs/product.md#access).
  await expect(page.getByRole("dialog", { name: "Welcome Back" })).toBeVisible();

  await openMailedLink(page, email, "/api/auth/reset-password/");
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  const newPassword = "quiet-lantern-58";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Your password has been reset. Sign in with your new password.")).toBeVisible();

  const dialog = page.getByRole("dialog", { name: "Welcome Back" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Invalid email or password");
  await dialog.getByLabel("Password").fill(newPassword);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/search$/);

  // The session on the other device ended with the reset.
  await oldDevice.goto("/profile");
  await expect(oldDevice).toHaveURL(/\/signin\?redirectTo=%2Fprofile$/);
  await oldDevice.close();
  await page.close();
});

test("profile edits persist, and the header shows the new name", async ({ page, login }) => {
  await login({ firstName: "Grace", lastName: "Hopper" });
  await gotoHydrated(page, "/profile");
  await expect(page.getByText("Last login")).toBeVisible();
  await page.getByLabel("First name").fill("Rear Admiral Grace");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your changes have been saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("First name")).toHaveValue("Rear Admiral Grace");
  await expect(
    page.getByRole("banner").getByRole("button", { name: "Rear Admiral Grace Hopper" }),
  ).toBeVisible();
});

test("the admin panel is for admins only", async ({ browser }) => {
  const user = await browser.newPage();
  await logIn(user);
  const denied = await user.goto("/admin");
  expect(denied?.status()).toBe(403);
  await expect(user.getByRole("heading", { name: "Access denied" })).toBeVisible();
  await user.getByRole("banner").getByRole("button", { name: "Ada Lovelace" }).click();
  await expect(user.getByRole("menuitem", { name: "Admin Panel" })).toHaveCount(0);
  await user.close();

  const admin = await browser.newPage();
  await logIn(admin, { admin: true });
  await gotoHydrated(admin, "/");
  await admin.getByRole("banner").getByRole("button", { name: "Ada Lovelace" }).click();
  await admin.getByRole("menuitem", { name: "Admin Panel" }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await expect(admin.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  // The console's sections, and the admin's own sign-in in its audit trail.
  const sections = admin.getByRole("navigation", { name: "Admin sections" });
  await sections.getByRole("link", { name: "Audit log" }).click();
  await expect(admin.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  await expect(
    admin
      .getByRole("region", { name: "Account security events" })
      .getByRole("cell", { name: E2E_ADMIN_EMAIL })
      .first(),
  ).toBeVisible();
  await admin.close();
});

test("session cookies are HttpOnly and SameSite=Lax", async ({ login, context }) => {
  await login();
  const session = (await context.cookies()).find((cookie) => cookie.name === "roundlist.session_token");
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
});
