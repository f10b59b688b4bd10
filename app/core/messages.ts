/**
 * Every toast and error text the app shows, in one place. The texts of docs/product.md#texts are used
 * word for word: they are contracts, and tests assert them.
 */
export interface ToastMessage {
  title: string;
  description?: string;
  type?: "success" | "error" | "info";
}

export const AUTH_TOASTS = {
  signedIn: { title: "Welcome back!", description: "You have successfully signed in.", type: "success" },
  signedOut: { title: "See you later!", description: "You have been signed out.", type: "success" },
  confirmationSent: {
    title: "Check your email",
    description: "We've sent you a confirmation link.",
    type: "success",
  },
  resetSent: {
    title: "Check your email",
    description: "We've sent you a password reset link.",
    type: "success",
  },
} as const satisfies Record<string, ToastMessage>;

/** docs/product.md#texts: failure toast titles; the description is the server's message. */
export const AUTH_FAILURE_TITLES = {
  signin: "Sign in failed",
  signup: "Sign up failed",
  signout: "Sign out failed",
  reset: "Password reset failed",
} as const;

export const AUTH_ERRORS = {
  passwordsDoNotMatch: "Passwords do not match",
  passwordTooShort: "Password must be at least 6 characters",
  passwordTooLong: "Password must be at most 128 characters",
  commonPassword:
    "This password is one of the 10,000 most common passwords. Please choose a less common one.",
  invalidCredentials: "Invalid email or password",
  emailNotVerified:
    "Please confirm your email address first. We've sent you a new confirmation link: open it to sign in.",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
  invalidResetLink: "This password reset link is invalid or has expired. Please request a new one.",
  wrongCurrentPassword: "Your current password is not correct.",
} as const;

export const EMAIL_CONFIRMED_TOAST = {
  title: "Email confirmed",
  description: "Your account is ready.",
  type: "success",
} as const satisfies ToastMessage;

export const PASSWORD_RESET_TOAST = {
  title: "Password updated",
  description: "Your password has been reset. Sign in with your new password.",
  type: "success",
} as const satisfies ToastMessage;

/** The account page's outcomes (flash toasts after a redirect). */
export const PROFILE_TOASTS = {
  profileUpdated: { title: "Profile updated", description: "Your changes have been saved.", type: "success" },
  passwordChanged: {
    title: "Password changed",
    description: "Your other sessions have been signed out.",
    type: "success",
  },
  accountDeleted: {
    title: "Account deleted",
    description: "Your account and its data have been removed.",
    type: "success",
  },
} as const satisfies Record<string, ToastMessage>;

/** The toast after a subscription is set to end; `until` is the formatted end date, when known. */
export function subscriptionCanceledToast(until: string | null): ToastMessage {
  return {
    title: "Subscription canceled",
    description: `Your plan will not renew.${until ? ` You keep access until ${until}.` : ""}`,
    type: "success",
  };
}

/** docs/product.md#plan-changes: the toast after a cancellation is taken back. */
export function subscriptionResumedToast(renewsOn: string | null): ToastMessage {
  return {
    title: "Subscription resumed",
    description: `Your plan continues.${renewsOn ? ` It renews on ${renewsOn}.` : ""}`,
    type: "success",
  };
}

/** docs/product.md#plan-changes: the toast after a switch; `charged` is what the switch's invoice charged, if any. */
export function planSwitchedToast(planName: string, charged: string | null): ToastMessage {
  return {
    title: `Switched to the ${planName} plan`,
    description: charged
      ? `We charged ${charged}, prorated for your unused time.`
      : "Your new plan applies now.",
    type: "success",
  };
}

export const PAYMENT_METHOD_TOAST = {
  title: "Payment method updated",
  description: "Your next invoices will be charged to it.",
  type: "success",
} as const satisfies ToastMessage;

/** docs/product.md#plan-changes: why a change to the subscription was refused (4xx). */
export const billingChangeErrors = {
  inProgress: "Another change to your subscription is in progress. Try again in a moment.",
  alreadyCanceled: "Your subscription is already canceled; it ends at the end of the period.",
  notCanceled: "Your subscription is not canceled, so there is nothing to resume.",
  samePlan: (planName: string) => `You are already on the ${planName} plan.`,
  resumeFirst: "Resume your subscription before switching plans.",
  unknownCard: "Choose one of the demo cards.",
  sameCard: "That card is already your payment method.",
  providerFailed: "The payment provider did not answer. Please try again in a moment.",
  unknownInvoice: "No invoice of yours has this number.",
} as const;

/** docs/product.md#texts: checkout, upgrade and payment-return texts, word for word. */
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
  /** docs/product.md#free-sample: the checkout started a free trial; nothing was charged yet. */
  trialStarted: {
    title: "Your free trial has started",
    description:
      "Search and see every founder email now. The first charge comes when the trial ends; cancel anytime before.",
    type: "success",
  },
  canceled: {
    title: "Payment canceled",
    description: "Your payment was canceled. You can try again anytime.",
    type: "info",
  },
} as const satisfies Record<string, ToastMessage>;

/** docs/product.md#texts, export toasts, word for word. */
export const EXPORT_TOASTS = {
  success: {
    title: "Export successful!",
    description: "Your CSV file has been downloaded.",
    type: "success",
  },
  failure: { title: "Export failed", description: "Failed to export CSV. Please try again.", type: "error" },
} as const satisfies Record<string, ToastMessage>;

/** Why the export endpoint refuses (docs/product.md#export: a clear message, and no data). */
export const EXPORT_DENIED = {
  signedOut: "Sign in with a paid plan to export.",
  trialing: "Exports unlock when your trial is upgraded.",
  noExportAccess: "Exports need an active paid plan. Choose a plan to export.",
} as const;

/** docs/product.md#lps: the LP export (and LP contacts' full emails) need LP access: the LP Database plan, or admin. */
export const LP_EXPORT_DENIED = "Exporting LPs needs the LP Database plan.";

export const EXPORT_FAILED = EXPORT_TOASTS.failure.description;
export const EXPORT_BUSY = "Too many exports are running right now. Please try again in a minute.";
/** Decision 019: /api/lps-facets while LP search is hidden from the viewer (as /lps, a 404). */
export const LP_SEARCH_UNAVAILABLE = "LP search is not available.";

/**
 * docs/product.md#free-sample (decision 026): why the search box does not search without a plan, beside it; and
 * why a link's search or filters were not applied for such a viewer (the free sample shows instead).
 */
export const SEARCH_NEEDS_PLAN = {
  box: "Searching and filtering need a plan: you are looking at the free sample.",
  link: "Searching, filtering, sorting and paging need a plan, so this link shows the free sample instead.",
} as const;

/** Decision 019: the answers of /api/auth/* outside the emailed links. */
export const AUTH_DOOR = {
  closed: "There is nothing here. Sign in, sign up and reset your password at /signin.",
  malformedLink: "This link is not valid: it was cut off or changed. Ask for a new email.",
  tooLarge: "The request body is too large.",
} as const;

/**
 * Decision 019: the converter's report to a user who is not an admin: repeated addresses and addresses on the
 * do-not-sell list, counted together.
 */
export function converterLeftOut(count: number, formatted: string): string {
  return `${formatted} ${count === 1 ? "row" : "rows"} left out: repeated email addresses (the first is kept) or addresses that cannot be included.`;
}

/** Decision 019: an export link followed from another site is refused (it would change the exporter's leads). */
export const EXPORT_CROSS_SITE =
  "This export was started from another site, so it was refused. Export from Roundlist's own pages.";

/** docs/product.md#security: a request that lost its database connection (answered 503 with Retry-After). */
export const DATABASE_UNAVAILABLE = {
  title: "Roundlist is briefly unavailable",
  message: "We lost our connection to the database for a moment. Please try again in a few seconds.",
} as const;

/** docs/product.md#texts, copy-email toast; the failure is ours (a browser that refuses the clipboard). */
export const COPY_EMAIL_TOASTS = {
  copiedTitle: "Email Copied",
  failed: { title: "Could not copy the email", description: "Select the address and copy it by hand." },
} as const;

/** The public forms' notice after a 429; `retry` is "in a minute" or "in N minutes" (retryIn). */
export const PUBLIC_FORM_RATE_LIMITED = {
  contact: (retry: string) => `You have sent several messages in the last hour. Please try again ${retry}.`,
  trial: (retry: string) => `You have sent several requests in the last hour. Please try again ${retry}.`,
  doNotSell: (retry: string, contactEmail: string) =>
    `Too many requests from your network in the last hour. Please try again ${retry}, or email ${contactEmail}.`,
} as const;

/** The billing endpoints' and services' refusals (shown as the toast's description or on /profile). */
export const BILLING_ERRORS = {
  signInToChoosePlan: "Please sign in to choose a plan.",
  signInFirst: "Please sign in first.",
  unknownPlan: "Choose the monthly or the annual plan.",
  notConfigured: "Payments are not configured.",
  lpPlanNotForSale: "The LP Database plan is not on sale yet. Contact us for access.",
  noTrial: "You have no trial to upgrade.",
  noSubscription: "You have no subscription to manage.",
  noBillingAccount: "No billing account was found.",
  granted: "This plan was granted by an administrator.",
  checkoutExpired: "This checkout has expired or was already used. Please start again.",
  checkoutUsed: "This checkout was already used.",
  /** Checkout (or the demo Pay step) while a monthly, annual or lifetime plan is active or on trial (409). */
  alreadySubscribed: "You already have an active plan. Manage it from your account page.",
} as const;

/** A signed-in user on an admin page (403). */
export const ADMIN_ONLY = "This page is for administrators only.";

/**
 * Sign-in refused while the account waits out its backoff after failed sign-ins (docs/product.md#accounts, 429); the same
 * answer for an address without an account. `retry` is "in a minute" or "in N minutes" (retryIn).
 */
/** docs/product.md#admin: what a banned account is told when it signs in (its password was right). */
export const ACCOUNT_BANNED = (reason: string | null) =>
  `This account has been suspended${reason ? `: ${reason}` : "."} Contact us if you think this is a mistake.`;

export const SIGN_IN_THROTTLED = (retry: string) =>
  `Too many failed sign-ins for this account. Try again ${retry}, or reset your password.`;

/**
 * docs/product.md#plans: a request body that is not what the endpoint reads (answered 4xx, never 500): readForm and
 * readJsonObject (server/read-body.server.ts) for every route action that reads a form or JSON, the webhook.
 */
export const REQUEST_BODY_ERRORS = {
  formType: "This form must be sent as application/x-www-form-urlencoded or multipart/form-data.",
  formMalformed: "The form could not be read: its body is not a well-formed form.",
  formNul: "The form contains a NUL character, which no field accepts.",
  tooLarge: "The request body is too large.",
  jsonObject: "The request body must be a JSON object.",
  jsonInvalid: "The request body is not valid JSON.",
  stripeEventMalformed: "The event does not have the shape of a Stripe event of its type.",
} as const;

/** docs/product.md#admin, docs/product.md#data, site_settings: the admin settings page's failures, word for word. */
export const SITE_SETTINGS_ERRORS = {
  loadFailed: "Failed to load site settings",
  updateFailed: "Failed to update site settings",
} as const;

/** docs/product.md#admin: the toasts of the admin console's settings, inbox and do-not-sell pages. */
export const ADMIN_CONSOLE_TOASTS = {
  settingsSaved: {
    title: "Settings saved",
    description: "Public pages show the new settings now.",
    type: "success",
  },
  settingsUnchanged: { title: "Nothing to save", description: "The settings were already so.", type: "info" },
  messageHandled: { title: "Message marked handled", type: "success" },
  messageReopened: { title: "Message reopened", type: "success" },
} as const satisfies Record<string, ToastMessage>;

/** docs/product.md#admin: the toast after an admin adds an address to the do-not-sell list; `hidden` companies it hid. */
export function suppressionAddedToast(hidden: number): ToastMessage {
  return {
    title: "Added to the do-not-sell list",
    description:
      hidden === 0
        ? "No stored company carried this address (or they were already hidden)."
        : `${hidden.toLocaleString("en-US")} ${hidden === 1 ? "company is" : "companies are"} now hidden.`,
    type: "success",
  };
}

/** docs/product.md#admin: the admin inbox's refusals. */
export const INBOX_ERRORS = {
  unknownMessage: "That message no longer exists.",
  badRequest: "That request could not be understood. Reload the page and try again.",
} as const;

/**
 * The converter's refusals of more than one person's share (docs/decisions/018): each says what to do.
 * `rowTooLong` names the record (the header is row 1).
 */
export const CONVERTER_LIMIT_ERRORS = {
  tooManyHeld: (held: number) =>
    `You have ${held} files waiting in the converter (uploads not converted, or conversions not downloaded). Convert or download them, or wait an hour for them to expire, then upload again.`,
  tooManyRunning: (running: number) =>
    `You already have ${running} uploads or conversions running. Wait for one to finish, then try again.`,
  rowTooLong: (row: number) =>
    `Row ${row.toLocaleString("en-US")} of this file is over 1 MB long (a quote left open?), so the file cannot be converted. Fix that row and upload the file again.`,
} as const;

/** The Stripe webhook's refusal of a body no Stripe event comes near (docs/decisions/018). */
export const STRIPE_WEBHOOK_TOO_LARGE = "A Stripe event is never this large: the body is over 1 MB.";

/** Decision 031: where an address would be, for a person or company none is known for yet. */
export const NO_EMAIL_YET = "No email yet";

/** decision 032: the console's email checks. */
export function emailCheckStartedToast(runId: number): ToastMessage {
  return {
    title: "Email check started",
    description: `Run ${runId.toLocaleString("en-US")} is checking the addresses; its progress is below.`,
    type: "success",
  };
}
