import { useState } from "react";
import { toast } from "sonner";
import { CHECKOUT_ERROR_TITLE, CHECKOUT_ERRORS } from "~/core/messages";
import type { CheckoutPlanId } from "~/core/plans";

/**
 * Starts checkout for a plan (docs/product.md#calls, create-checkout) and sends the browser to the provider. Knows which
 * plan is in progress, for its button's spinner (docs/product.md#plans), and toasts the failures (docs/product.md#texts).
 */
export function useCheckout(onSignInNeeded?: () => void) {
  const [pendingPlan, setPendingPlan] = useState<CheckoutPlanId | null>(null);

  async function startCheckout(plan: CheckoutPlanId) {
    if (pendingPlan) return;
    setPendingPlan(plan);
    try {
      const response = await fetch("/api/checkout", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ plan }),
      });
      const body = (await response.json().catch(() => ({}))) as { url?: unknown; error?: unknown };
      if (response.status === 401 && onSignInNeeded) {
        setPendingPlan(null);
        onSignInNeeded();
        return;
      }
      if (!response.ok) {
        const message = typeof body.error === "string" ? body.error : CHECKOUT_ERRORS.failed;
        toast.error(CHECKOUT_ERROR_TITLE, { description: message });
        setPendingPlan(null);
        return;
      }
      if (typeof body.url !== "string" || body.url === "") {
        toast.error(CHECKOUT_ERROR_TITLE, { description: CHECKOUT_ERRORS.noUrl });
        setPendingPlan(null);
        return;
      }
      // The spinner stays until the provider's page replaces this one.
      window.location.assign(body.url);
    } catch (error) {
      toast.error(CHECKOUT_ERROR_TITLE, {
        description: error instanceof Error && error.message ? error.message : CHECKOUT_ERRORS.unexpected,
      });
      setPendingPlan(null);
    }
  }

  return { pendingPlan, startCheckout };
}
