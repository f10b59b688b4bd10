import { type CheckoutPlanId, PLANS } from "~/core/plans";
import { useAuthDialog } from "../auth/auth-dialog";
import { PlanCards, useVerifiedEmailShare } from "../billing/plan-cards";
import { useCheckout } from "../billing/use-checkout";

/**
 * docs/product.md#home and docs/product.md#plans: the two plans on the home page. A signed-in user starts checkout; a visitor gets the sign-up
 * dialog first (and does if the session ran out meanwhile: checkout answers 401).
 */
export function PricingSection({ isSignedIn }: { isSignedIn: boolean }) {
  const { openAuthDialog } = useAuthDialog();
  const { pendingPlan, startCheckout } = useCheckout(() => openAuthDialog("signup"));
  const verifiedShare = useVerifiedEmailShare();
  const choose = (plan: CheckoutPlanId) => (isSignedIn ? startCheckout(plan) : openAuthDialog("signup"));
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-20 px-4 py-16 sm:px-6 sm:py-20"
    >
      <div className="mx-auto max-w-3xl">
        <div className="text-center">
          <h2 id="pricing-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Simple pricing
          </h2>
          <p className="mt-3 text-lg text-balance text-slate-700">
            One database, two ways to pay. Start with a {PLANS.pro.trialDays}‑day free trial, cancel anytime
            with no fee.
          </p>
        </div>
        <div className="mt-12">
          <PlanCards
            pendingPlan={pendingPlan}
            onChoose={(plan) => void choose(plan)}
            verifiedShare={verifiedShare}
          />
        </div>
      </div>
    </section>
  );
}
