import { Check } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import { type CheckoutPlanId, monthlyEquivalent, PLAN_FEATURES, PLANS, planFeatureText } from "~/core/plans";
import { trialOfferText, upgradeNowPriceText } from "~/core/trial";
import { Button } from "../ui/button";

interface PlanCardsProps {
  pendingPlan: CheckoutPlanId | null;
  onChoose: (plan: CheckoutPlanId) => void;
  /** decision 032: the share of addresses checked valid lately (useVerifiedEmailShare); null: not known. */
  verifiedShare?: number | null;
}

/** decision 032: the root loader's share of addresses checked valid lately, for the plans' claim. */
export function useVerifiedEmailShare(): number | null {
  const root = useRouteLoaderData("root") as { verifiedEmailShare?: number | null } | undefined;
  return root?.verifiedEmailShare ?? null;
}

const ORDER: CheckoutPlanId[] = ["pro", "monthly"];

/**
 * The two plans of docs/product.md#plans, annual first ('Most Popular'). The features are the paid plan's
 * (decision 024): what the trial includes and what 'Upgrade Now' charges are stated apart, above them, from the
 * capabilities list and the plan's price.
 */
export function PlanCards({ pendingPlan, onChoose, verifiedShare = null }: PlanCardsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {ORDER.map((id) => {
        const plan = PLANS[id];
        const isFeatured = Boolean(plan.badge);
        const headline = monthlyEquivalent(plan) ?? plan.priceNote;
        return (
          <section
            key={id}
            aria-labelledby={`plan-${id}`}
            className={`relative flex flex-col rounded-xl border p-5 ${
              isFeatured ? "border-brand-600 ring-2 ring-brand-600/20" : "border-slate-200"
            }`}
          >
            {plan.badge ? (
              <span className="absolute -top-3 left-5 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">
                {plan.badge}
              </span>
            ) : null}
            <h3 id={`plan-${id}`} className="text-lg font-semibold text-slate-900">
              {plan.name}
            </h3>
            <p className="mt-2 text-3xl font-bold text-slate-900">{headline}</p>
            <p className="mt-1 text-sm text-slate-600">
              {monthlyEquivalent(plan) ? plan.priceNote : "Billed monthly"}
            </p>
            {plan.savings ? (
              <p className="mt-1 text-sm font-semibold text-emerald-700">{plan.savings}</p>
            ) : null}
            <div
              data-testid={`trial-terms-${id}`}
              className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700"
            >
              <p>{trialOfferText(plan.trialDays)}</p>
              <p className="mt-1 font-medium text-slate-900">{upgradeNowPriceText([id])}</p>
            </div>
            <p id={`plan-${id}-features`} className="mt-4 text-sm font-semibold text-slate-900">
              Once paid, the {plan.name} plan includes:
            </p>
            <ul
              aria-labelledby={`plan-${id}-features`}
              className="mt-2 flex flex-1 flex-col gap-2 text-sm text-slate-700"
            >
              {PLAN_FEATURES.map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
                  {planFeatureText(feature, verifiedShare)}
                </li>
              ))}
            </ul>
            <Button
              className="mt-5 w-full py-2.5"
              variant={isFeatured ? "primary" : "secondary"}
              isBusy={pendingPlan === id}
              disabled={pendingPlan !== null && pendingPlan !== id}
              onClick={() => onChoose(id)}
              aria-label={`Start free trial, ${plan.name} plan`}
            >
              Start free trial
            </Button>
          </section>
        );
      })}
    </div>
  );
}
