import { test as base, expect, type Page } from "@playwright/test";
import type { PlanId } from "~/core/plans";
import { PASSWORD, uniqueEmail } from "./accounts-helpers";
import { E2E_ADMIN_EMAIL } from "./e2e-config";

export interface LoginOptions {
  /** No plan (default), a plan bought on the demo provider (monthly, pro) or a granted one. */
  plan?: PlanId | null;
  /** For monthly and pro: on the trial, or paid (default). */
  status?: "trialing" | "active";
  /** Sign in as the e2e server's admin (ADMIN_EMAILS). */
  admin?: boolean;
  email?: string;
  firstName?: string;
  lastName?: string;
}

export interface LoggedIn {
  email: string;
  password: string;
}

/**
 * A confirmed account, signed in in this page's browser context, with the plan asked for: made on the
 * server through /__test/login (test routes only), which goes through the real sign-up, sign-in and
 * billing code. Tests about sign-up, confirmation and checkout use those screens instead.
 */
export async function logIn(page: Page, options: LoginOptions = {}): Promise<LoggedIn> {
  const email = options.admin ? E2E_ADMIN_EMAIL : (options.email ?? uniqueEmail("user"));
  const response = await page.request.post("/__test/login", {
    data: {
      email,
      password: PASSWORD,
      plan: options.plan ?? null,
      status: options.status ?? "active",
      firstName: options.firstName ?? "Ada",
      lastName: options.lastName ?? "Lovelace",
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { email, password: PASSWORD };
}

/** Playwright's `test` with `login(options)`: logs the test's page in (see logIn). */
export const test = base.extend<{ login: (options?: LoginOptions) => Promise<LoggedIn> }>({
  login: async ({ page }, use) => {
    await use((options) => logIn(page, options));
  },
});

export { expect };

/**
 * A founder's email in a search result, full (a mailto link) or masked: the cards and the table draw it with
 * these classes (founder-email.tsx). Not a test id: a page carries 50 to 100 of them.
 */
export const FOUNDER_EMAIL = ".rl-mail, .rl-masked";
