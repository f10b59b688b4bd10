import { Check, Landmark } from "lucide-react";
import type { ViewerAccess } from "~/core/access";
import { formatCount } from "~/core/format";
import { useAuthDialog } from "../auth/auth-dialog";
import { useCheckout } from "../billing/use-checkout";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";

/** The LP plan as the server configured it (LP_PLAN_PRICE_USD; STRIPE_PRICE_LPS with Stripe). */
export interface LpPlanOffer {
  name: string;
  /** "$990 billed yearly". */
  priceNote: string;
  /** "$83/month". */
  perMonth: string | null;
}

export const LP_PLAN_FEATURES = [
  "Search and filter every LP by type, size, check and focus",
  "Full contact emails and LinkedIn profiles",
  "Export LPs and their contacts to CSV",
  "Commitments history where known",
] as const;

interface LpPlanOfferProps {
  offer: LpPlanOffer;
  access: ViewerAccess;
  totalLps: number;
}

/**
 * docs/product.md#lps: what LP access costs and the button that buys it: checkout for a signed-in user, sign-up first
 * for a visitor (a plan belongs to an account).
 */
function OfferBody({ offer, access, totalLps }: LpPlanOfferProps) {
  const { openAuthDialog } = useAuthDialog();
  const { pendingPlan, startCheckout } = useCheckout(() => openAuthDialog("signin"));
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm text-slate-700">
          {formatCount(totalLps)} limited partners with the people to write to. Emails are masked in this
          sample.
        </p>
        {/* On a phone the list would push the sample below the fold; the price and the button stay. */}
        <ul className="mt-3 hidden flex-col gap-1.5 text-sm text-slate-800 sm:flex">
          {LP_PLAN_FEATURES.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
              {feature}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex shrink-0 flex-col items-start gap-2 sm:items-end">
        <p className="text-2xl font-bold text-slate-900" data-testid="lp-plan-price">
          {offer.perMonth ?? offer.priceNote}
        </p>
        {offer.perMonth ? <p className="text-sm text-slate-600">{offer.priceNote}</p> : null}
        {access.isSignedIn ? (
          <Button isBusy={pendingPlan === "lps"} onClick={() => void startCheckout("lps")}>
            Get the {offer.name} plan
          </Button>
        ) : (
          <Button onClick={() => openAuthDialog("signup")}>Sign up to get LP access</Button>
        )}
      </div>
    </div>
  );
}

/** The offer on the page, above the masked sample. */
export function LpPlanBanner(props: LpPlanOfferProps) {
  return (
    <section
      aria-labelledby="lp-offer-title"
      data-testid="lp-plan-offer"
      className="rounded-xl border border-brand-100 bg-brand-50/60 p-4 sm:p-5"
    >
      <h2 id="lp-offer-title" className="mb-3 flex items-center gap-2 font-semibold text-slate-900">
        <Landmark aria-hidden="true" className="h-5 w-5 text-brand-700" />
        You are looking at a sample of the LP database
      </h2>
      <OfferBody {...props} />
    </section>
  );
}

/** The same offer in a dialog: what searching, filtering, paging or exporting opens without LP access. */
export function LpPlanDialog({
  open,
  onOpenChange,
  ...props
}: LpPlanOfferProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`The ${props.offer.name} plan`}
      description="Searching, filtering and exporting LPs are part of the LP Database plan."
      size="2xl"
    >
      <OfferBody {...props} />
    </Dialog>
  );
}
