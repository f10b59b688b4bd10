import { eq } from "drizzle-orm";
import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/core/auth-forms";
import { CHECKOUT_PLAN_IDS, PLAN_IDS } from "~/core/plans";
import { type AccountServices, signIn, signUp } from "../auth/account.server";
import { createDemoCheckout, endDemoTrial, payDemoCheckout } from "../billing/demo-provider.server";
import { grantPlan } from "../billing/grants.server";
import { listSubscriptions } from "../billing/subscriptions.server";
import { users } from "../db/schema";

/**
 * What a browser test asks for: an account (confirmed), signed in, with a plan in a given state. Only
 * the tests that are about sign-up, confirmation and checkout go through those screens; every other test
 * starts here.
 */
export const testLoginSchema = z
  .object({
    email: z.email().transform((value) => value.toLowerCase()),
    password: z.string().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH),
    firstName: z.string().max(100).default("Ada"),
    lastName: z.string().max(100).default("Lovelace"),
    /** No plan, a plan bought through the demo provider (monthly, pro), or a granted one (lifetime, lps). */
    plan: z.enum(PLAN_IDS).nullable().default(null),
    /** For monthly and pro: on the 7-day trial, or paid (the trial ended by an upgrade). */
    status: z.enum(["trialing", "active"]).default("active"),
  })
  .refine((input) => input.status === "active" || isCheckoutPlan(input.plan), {
    message: "only monthly and pro have a trial",
    path: ["status"],
  });
export type TestLoginInput = z.input<typeof testLoginSchema>;

function isCheckoutPlan(plan: string | null): plan is (typeof CHECKOUT_PLAN_IDS)[number] {
  return (CHECKOUT_PLAN_IDS as readonly string[]).includes(plan ?? "");
}

export class TestLoginError extends Error {
  override name = "TestLoginError";
}

/**
 * Creates (or reuses) the account, confirms it, signs it in through the real auth endpoints, and gives it
 * the plan through the real billing code: the demo provider's checkout and pay (so a trial is a trial the
 * app can upgrade), or a grant. Returns the session cookies for the browser.
 */
export async function createTestLogin(
  services: AccountServices,
  request: Request,
  appUrl: string,
  input: z.output<typeof testLoginSchema>,
): Promise<{ userId: string; setCookies: string[] }> {
  const { db } = services;
  const signedUp = await signUp(services, request, input);
  if (!signedUp.ok) throw new TestLoginError(`sign-up failed: ${signedUp.message}`);
  const [user] = await db
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.email, input.email))
    .returning({ id: users.id, email: users.email });
  if (!user) throw new TestLoginError("the account was not created");
  const signedIn = await signIn(services, request, { email: input.email, password: input.password });
  if (!signedIn.ok) throw new TestLoginError(`sign-in failed: ${signedIn.message}`);

  if (isCheckoutPlan(input.plan)) {
    const checkoutUrl = await createDemoCheckout(db, appUrl, user, input.plan);
    const checkoutId = new URL(checkoutUrl).pathname.split("/").at(-1) ?? "";
    await payDemoCheckout(db, checkoutId, user.id);
    const [subscription] = await listSubscriptions(db, user.id);
    if (input.status === "active" && subscription?.status === "trialing")
      await endDemoTrial(db, subscription);
  } else if (input.plan) {
    await grantPlan(db, input.email, input.plan);
  }
  return { userId: user.id, setCookies: signedIn.setCookies };
}
