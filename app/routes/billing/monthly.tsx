import { Check } from "lucide-react";
import { useAuthDialog } from "~/components/auth/auth-dialog";
import { useCheckout } from "~/components/billing/use-checkout";
import { Button } from "~/components/ui/button";
import { PRODUCT_NAME } from "~/core/brand";
import { PLAN_FEATURES, PLANS } from "~/core/plans";
import { rootOrigin, seo } from "~/core/seo";
import { trialOfferText, upgradeNowPriceText } from "~/core/trial";
import { getCurrentUser } from "~/server/auth/session.server";
import type { Route } from "./+types/monthly";

export async function loader({ request }: Route.LoaderArgs) {
  return { isSignedIn: (await getCurrentUser(request)) !== null };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    origin: rootOrigin(matches),
    title: `Monthly plan: ${PLANS.monthly.priceNote} with a ${PLANS.monthly.trialDays}-day free trial`,
    description: `Search and export venture-funded startup leads for ${PLANS.monthly.priceNote}. Cancel anytime.`,
    path: "/monthly",
  });
}

/** /monthly: the monthly plan's landing page; its button starts monthly checkout (or sign-up first). */
export default function Monthly({ loaderData }: Route.ComponentProps) {
  const { openAuthDialog } = useAuthDialog();
  const { pendingPlan, startCheckout } = useCheckout(() => openAuthDialog("signup"));
  const plan = PLANS.monthly;
  return (
    <section aria-labelledby="monthly-title" className="mx-auto w-full max-w-3xl px-4 py-16 text-center">
      <p className="text-sm font-semibold text-brand-700">{PRODUCT_NAME} Monthly</p>
      <h1 id="monthly-title" className="mt-2 text-4xl font-bold tracking-tight text-slate-900">
        Funded startup leads for {plan.priceNote}
      </h1>
      <p className="mt-4 text-lg text-slate-600">
        Start with a {plan.trialDays}-day free trial. Cancel anytime, no fee.
      </p>
      {/* docs/product.md#capabilities: what the trial holds and what 'Upgrade Now' charges, before the button. */}
      <p className="mx-auto mt-4 max-w-xl text-slate-700">
        {trialOfferText(plan.trialDays)} {upgradeNowPriceText(["monthly"])}
      </p>
      <p className="mx-auto mt-8 max-w-md text-left font-semibold text-slate-900">
        Once paid, the {plan.name} plan includes:
      </p>
      <ul className="mx-auto mt-2 flex max-w-md flex-col gap-2 text-left text-slate-700">
        {PLAN_FEATURES.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-brand-600" />
            {feature}
          </li>
        ))}
      </ul>
      <Button
        className="mt-10 px-8 py-3 text-base"
        isBusy={pendingPlan === "monthly"}
        onClick={() => (loaderData.isSignedIn ? startCheckout("monthly") : openAuthDialog("signup"))}
      >
        Start your free trial
      </Button>
      {loaderData.isSignedIn ? null : (
        <p className="mt-3 text-sm text-slate-600">Create your account first; it takes a minute.</p>
      )}
    </section>
  );
}
