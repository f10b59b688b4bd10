import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { formatDate } from "~/core/format";
import { Button } from "../ui/button";
import { PricingDialog } from "./pricing-dialog";
import { useUpgradeTrial } from "./use-upgrade-trial";

export interface SubscriptionSummary {
  planName: string;
  status: string;
  provider: "stripe" | "demo" | "grant";
  trialEnd: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
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

/** The account page's Subscription section: plan, status, dates, upgrade and manage/cancel. */
export function SubscriptionSection({
  subscription,
  lpPlan = null,
}: {
  subscription: SubscriptionSummary | null;
  lpPlan?: SubscriptionSummary | null;
}) {
  const [isPricingOpen, setIsPricingOpen] = useState(false);
  const { upgrade, isUpgrading } = useUpgradeTrial();
  const navigation = useNavigation();
  const isManaging = navigation.state === "submitting" && navigation.formData?.get("intent") === "manage";
  const isCurrent = subscription?.status === "active" || subscription?.status === "trialing";

  return (
    <div className="flex flex-col gap-4">
      {subscription ? (
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Plan</dt>
            <dd className="font-medium text-slate-900">{subscription.planName}</dd>
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
              <dd className="text-slate-700">{dateLine(subscription)}</dd>
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
        {isCurrent && subscription?.provider !== "grant" && !subscription?.cancelAtPeriodEnd ? (
          <Form method="post">
            <input type="hidden" name="intent" value="manage" />
            <Button type="submit" variant="secondary" isBusy={isManaging}>
              {subscription?.provider === "stripe" ? "Manage billing" : "Cancel subscription"}
            </Button>
          </Form>
        ) : null}
        {!isCurrent ? <Button onClick={() => setIsPricingOpen(true)}>Choose a plan</Button> : null}
      </div>
      <PricingDialog open={isPricingOpen} onOpenChange={setIsPricingOpen} />
      {lpPlan ? <LpPlanLine plan={lpPlan} /> : null}
    </div>
  );
}
