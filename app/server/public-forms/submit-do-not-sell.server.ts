import type { FieldErrors } from "~/core/auth-forms";
import { fieldErrorsOf } from "~/core/auth-forms";
import { doNotSellSchema } from "~/core/public-forms";
import { invalidateCatalog } from "../companies/catalog.server";
import type { Db } from "../db/database.server";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import { type FormRateLimit, takeFormSlot } from "./rate-limit.server";
import { type FormValues, formValues, isHoneypotFilled } from "./submit-public-form.server";

export type DoNotSellResult =
  | { status: "done" }
  | { status: "ignored" }
  | { status: "invalid"; fieldErrors: FieldErrors; values: FormValues }
  | { status: "rate-limited"; retryAfterSeconds: number; values: FormValues };

/**
 * docs/product.md#do-not-sell, /do-not-sell: honeypot, validation (an address and the confirmation box), the per-IP limit
 * (nobody may wipe the data set with a script), then the suppression. The answer never says whether the
 * address was in the data: that would tell anyone who holds which address.
 */
export async function submitDoNotSell(
  deps: { db: Db; now?: Date; limit?: FormRateLimit },
  form: FormData,
  ipAddress: string,
): Promise<DoNotSellResult> {
  if (isHoneypotFilled(form)) return { status: "ignored" };
  const values = formValues(form, ["email"]);
  const parsed = doNotSellSchema.safeParse({
    email: values.email,
    confirm: form.get("confirm") ?? undefined,
  });
  if (!parsed.success) return { status: "invalid", fieldErrors: fieldErrorsOf(parsed.error), values };
  const verdict = await takeFormSlot(deps.db, "do-not-sell", ipAddress, { now: deps.now, limit: deps.limit });
  if (!verdict.allowed)
    return { status: "rate-limited", retryAfterSeconds: verdict.retryAfterSeconds, values };
  const { companiesHidden } = await requestDoNotSell(deps.db, parsed.data.email);
  // This process's cached figures drop the hidden companies now; other processes by the data version.
  if (companiesHidden > 0) invalidateCatalog();
  return { status: "done" };
}
