import { PAYMENT_RETURN_TOASTS, type ToastMessage } from "./messages";

/**
 * docs/product.md#free-sample: the address a checkout returns to names what happened. `success=true` (docs/product.md#plans) (or
 * `canceled=true`) stays; a checkout that started a free trial adds `trial=started`, so the toast says a
 * trial began rather than 'Payment successful!' for a payment that was not taken.
 */
export function paymentReturnPath(outcome: "paid" | "trial-started" | "canceled"): string {
  if (outcome === "canceled") return "/search?canceled=true";
  return outcome === "trial-started" ? "/search?success=true&trial=started" : "/search?success=true";
}

/** The toast for a return from checkout, or null when the address is not one. */
export function paymentReturnMessage(params: URLSearchParams): ToastMessage | null {
  if (params.get("success") === "true") {
    return params.get("trial") === "started"
      ? PAYMENT_RETURN_TOASTS.trialStarted
      : PAYMENT_RETURN_TOASTS.success;
  }
  return params.get("canceled") === "true" ? PAYMENT_RETURN_TOASTS.canceled : null;
}

/** The parameters PaymentReturn reads and then removes. */
export const PAYMENT_RETURN_PARAMS = ["success", "canceled", "trial"] as const;
