import { useState } from "react";
import { formatDate } from "~/core/format";
import type { DemoCardId, SwitchablePlanId } from "~/core/subscription-changes";
import { Button } from "../ui/button";
import { PricingDialog } from "./pricing-dialog";
import { SubscriptionControlButtons } from "./subscription-controls";
import { useUpgradeTrial } from "./use-upgrade-trial";

export interface SubscriptionSummary {
  planName: string;
  status: string;
  provider: "stripe" | "demo" | "grant";
  trialEnd: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

/** docs/product.md#plan-changes: what a switch would charge today (the demo provider's own pricing, decision 025). */
export interface SwitchPreview {
  lines: Array<{ description: string; amount: string }>;
  /** Credit from earlier invoices used (negative amount), if any. */
  creditApplied: string | null;
  dueToday: string;
  /** Credit kept for the next invoices, if the old plan's unused time is worth more than the new plan. */
  creditLeft: string | null;
}

/** docs/product.md#plan-changes: the controls a customer has over a bought, current plan. */
export interface SubscriptionControls {
  switchTo: {
    planId: SwitchablePlanId;
    planName: string;
    priceNote: string;
    preview: SwitchPreview | null;
  } | null;
  /** The demo provider's card in use (null with Stripe: its portal holds the payment method). */
  demoCard: DemoCardId | null;
  paymentMethod: string | null;
}

/** One invoice as the account page lists it. */
export interface InvoiceSummary {
  id: string;
  number: string | null;
  paidAt: string;
  description: string;
  amount: string;
  /** The demo receipt page, or Stripe's hosted invoice page. */
  receiptUrl: string | null;
  pdfUrl: string | null;
}

const STATUS_STYLES: Record<string, string> = {
  active: "bg-emerald-100 text-emerald-800",
  trialing: "bg-sky-100 text-sky-800",
  past_due: "bg-amber-100 text-amber-900",
  canceled: "bg-slate-200 text-slate-700",
};

function dateLine(subscription: SubscriptionSummary): string | null {
  const isCurrent = subscription.status === "active" || subscription.status === "trialing";
  if (!isCurrent) return null;
  if (subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd) {
    return `Cancels on ${formatDate(subscription.currentPeriodEnd)}; access continues until then.`;
  }
  if (subscription.status === "trialing" && subscription.trialEnd)
    return `Trial ends on ${formatDate(subscription.trialEnd)}.`;
  if (subscription.currentPeriodEnd) return `Renews on ${formatDate(subscription.currentPeriodEnd)}.`;
  return subscription.provider === "grant" ? "Granted by an administrator; no end date." : null;
}

/** The status as a coloured badge. */
function StatusBadge({ status, testId }: { status: string; testId: string }) {
  return (
    <span
      data-testid={testId}
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        STATUS_STYLES[status] ?? "bg-slate-100 text-slate-800"
      }`}
    >
      {status}
    </span>
  );
}

/**
 * docs/product.md#lps: the LP Database plan, held beside a startup plan: its status and dates, and the way to the LP
 * database while it gives access.
 */
export function LpPlanLine({ plan }: { plan: SubscriptionSummary }) {
  const isCurrent = plan.status === "active" || plan.status === "trialing";
  return (
    <section
      aria-labelledby="lp-plan-title"
      className="flex flex-col gap-1 border-t border-slate-100 pt-4 text-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="lp-plan-title" className="font-medium text-slate-900">
          {plan.planName}
        </h3>
        <StatusBadge status={plan.status} testId="lp-plan-status" />
      </div>
      {dateLine(plan) ? <p className="text-slate-700">{dateLine(plan)}</p> : null}
      {isCurrent ? (
        <a href="/lps" className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
          Open the LP database
        </a>
      ) : null}
    </section>
  );
}

/** The account page's Subscription section: plan, status, dates, payment method and the plan's controls. */
export function SubscriptionSection({
  subscription,
  controls = null,
  lpPlan = null,
}: {
  subscription: SubscriptionSummary | null;
  controls?: SubscriptionControls | null;
  lpPlan?: SubscriptionSummary | null;
}) {
  const [isPricingOpen, setIsPricingOpen] = useState(false);
  const { upgrade, isUpgrading } = useUpgradeTrial();
  const isCurrent = subscription?.status === "active" || subscription?.status === "trialing";

  return (
    <div className="flex flex-col gap-4">
      {subscription ? (
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Plan</dt>
            <dd className="font-medium text-slate-900" data-testid="subscription-plan">
              {subscription.planName}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Status</dt>
            <dd>
              <StatusBadge status={subscription.status} testId="subscription-status" />
            </dd>
          </div>
          {/* A term of the list, not a paragraph inside it (a dl holds dt/dd groups only: axe definition-list). */}
          {dateLine(subscription) ? (
            <div className="sm:col-span-2">
              <dt className="sr-only">Dates</dt>
              <dd className="text-slate-700" data-testid="subscription-dates">
                {dateLine(subscription)}
              </dd>
            </div>
          ) : null}
          {controls?.paymentMethod ? (
            <div className="sm:col-span-2">
              <dt className="text-slate-500">Payment method</dt>
              <dd className="font-medium text-slate-900" data-testid="payment-method">
                {controls.paymentMethod}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p className="text-sm text-slate-600">
          You have no subscription yet. Both plans start with a 7-day free trial.
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {subscription?.status === "trialing" ? (
          <Button onClick={upgrade} isBusy={isUpgrading}>
            Upgrade now
          </Button>
        ) : null}
        {subscription && controls ? (
          <SubscriptionControlButtons subscription={subscription} controls={controls} />
        ) : null}
        {!isCurrent ? <Button onClick={() => setIsPricingOpen(true)}>Choose a plan</Button> : null}
      </div>
      <PricingDialog open={isPricingOpen} onOpenChange={setIsPricingOpen} />
      {lpPlan ? <LpPlanLine plan={lpPlan} /> : null}
    </div>
  );
}
