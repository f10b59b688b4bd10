import type { ToastMessage } from "./messages";

/** spec 8: checkout, upgrade and payment-return texts, word for word. */
export const CHECKOUT_ERROR_TITLE = "Checkout Error";
export const CHECKOUT_ERRORS = {
  failed: "Failed to create checkout session",
  noUrl: "No checkout URL received",
  unexpected: "An unexpected error occurred",
} as const;

export const UPGRADE_TOASTS = {
  success: {
    title: "Trial Upgraded Successfully!",
    description: "Your subscription is now active. You have full access to all features.",
    type: "success",
  },
  failedTitle: "Upgrade Failed",
  failed: "Failed to upgrade your trial. Please try again.",
  unexpected: "An unexpected error occurred. Please try again.",
  inProgress: "Upgrade already in progress",
} as const;

export const PAYMENT_RETURN_TOASTS = {
  success: {
    title: "Payment successful!",
    description: "Welcome to your Pro Plan. You now have full access to all features.",
    type: "success",
  },
  canceled: {
    title: "Payment canceled",
    description: "Your payment was canceled. You can try again anytime.",
    type: "info",
  },
} as const satisfies Record<string, ToastMessage>;
