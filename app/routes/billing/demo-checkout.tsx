import { FlaskConical } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { paymentReturnPath } from "~/core/billing-return";
import { PRODUCT_NAME } from "~/core/brand";
import { formatDate } from "~/core/format";
import { lpPlanFor, monthlyEquivalent, PLANS } from "~/core/plans";
import { getDb } from "~/server/app-database.server";
import { requireUser } from "~/server/auth/session.server";
import {
  cancelDemoCheckout,
  DemoCheckoutError,
  getOpenDemoCheckout,
  payDemoCheckout,
} from "~/server/billing/demo-provider.server";
import { addDays } from "~/server/billing/periods";
import { env } from "~/server/env.server";
import { readForm } from "~/server/read-body.server";
import type { Route } from "./+types/demo-checkout";

/** The demo payment provider's checkout page: Stripe Checkout's stand-in when no Stripe key is set. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (env().PAYMENT_PROVIDER !== "demo") throw data(null, { status: 404 });
  const user = await requireUser(request);
  const session = await getOpenDemoCheckout(await getDb(), params.id, user.id);
  if (!session) throw data(null, { status: 404 });
  // docs/product.md#lps: the LP plan's price is configuration (LP_PLAN_PRICE_USD).
  const plan = session.planId === "lps" ? lpPlanFor(env().LP_PLAN_PRICE_USD) : PLANS[session.planId];
  const now = new Date();
  return {
    email: user.email,
    planName: plan.name,
    price: plan.priceNote,
    perMonth: monthlyEquivalent(plan),
    trialDays: session.withTrial ? plan.trialDays : 0,
    firstChargeOn: session.withTrial ? formatDate(addDays(now, plan.trialDays).toISOString()) : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  if (env().PAYMENT_PROVIDER !== "demo") throw data(null, { status: 404 });
  const user = await requireUser(request);
  const intent = (await readForm(request)).get("intent");
  const db = await getDb();
  if (intent === "cancel") {
    await cancelDemoCheckout(db, params.id, user.id);
    return redirect(paymentReturnPath("canceled"));
  }
  let paid: { trialStarted: boolean };
  try {
    paid = await payDemoCheckout(db, params.id, user.id);
  } catch (error) {
    if (error instanceof DemoCheckoutError) return data({ error: error.message }, { status: 409 });
    throw error;
  }
  return redirect(paymentReturnPath(paid.trialStarted ? "trial-started" : "paid"));
}

export function meta() {
  return [{ title: `Demo checkout | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function DemoCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return (
    <section aria-labelledby="checkout-title" className="mx-auto w-full max-w-lg px-4 py-12">
      <div
        role="note"
        className="flex items-start gap-3 rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 p-4 text-amber-900"
      >
        <FlaskConical aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        <p className="text-sm">
          <strong>Demo payment provider.</strong> No card is asked for and nothing is charged. This page
          stands in for Stripe Checkout because no Stripe key is configured.
        </p>
      </div>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm font-medium text-slate-500">{PRODUCT_NAME} subscription</p>
        <h1 id="checkout-title" className="mt-1 text-2xl font-semibold text-slate-900">
          {loaderData.planName} plan
        </h1>
        <dl className="mt-4 flex flex-col gap-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-600">Price</dt>
            <dd className="font-medium text-slate-900">
              {loaderData.price}
              {loaderData.perMonth ? ` (${loaderData.perMonth})` : ""}
            </dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-600">Free trial</dt>
            <dd className="font-medium text-slate-900">
              {loaderData.trialDays > 0 ? `${loaderData.trialDays} days` : "None (already used)"}
            </dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-600">Due today</dt>
            <dd className="font-medium text-slate-900">
              {loaderData.trialDays > 0 ? "$0.00" : loaderData.price}
            </dd>
          </div>
          {loaderData.firstChargeOn ? (
            <p className="text-slate-600">
              First charge on {loaderData.firstChargeOn} unless you cancel before.
            </p>
          ) : null}
          <div className="flex justify-between border-t border-slate-100 pt-2">
            <dt className="text-slate-600">Account</dt>
            <dd className="font-medium text-slate-900">{loaderData.email}</dd>
          </div>
        </dl>
        {actionData?.error ? (
          <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {actionData.error}
          </p>
        ) : null}
        <Form method="post" className="mt-6 flex gap-3">
          <Button type="submit" name="intent" value="pay" isBusy={busy === "pay"} className="flex-1 py-2.5">
            Pay (demo)
          </Button>
          <Button type="submit" name="intent" value="cancel" variant="secondary" isBusy={busy === "cancel"}>
            Cancel
          </Button>
        </Form>
      </div>
    </section>
  );
}
