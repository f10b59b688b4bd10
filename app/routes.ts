import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("healthz", "routes/healthz.ts"),
  // Only answers when ENABLE_TEST_ROUTES is on (never in production): the browser tests' crash probe.
  route("__test/crash", "routes/test-crash.tsx"),
  // The log driver's outbox; 404 in production.
  route("dev/mailbox", "routes/dev.mailbox.tsx"),
  route("dev/mailbox/:id", "routes/dev.mailbox.$id.tsx"),
  // Accounts
  route("api/auth/*", "routes/api.auth.$.ts"),
  route("auth", "routes/auth.ts"),
  route("auth/sign-out", "routes/auth.sign-out.ts"),
  route("signin", "routes/signin.tsx"),
  route("signup", "routes/signup.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("profile", "routes/profile.tsx"),
  route("admin", "routes/admin.tsx"),
  route("search", "routes/search.tsx"),
  // Subscriptions
  route("api/checkout", "routes/api.checkout.ts"),
  route("api/upgrade-trial", "routes/api.upgrade-trial.ts"),
  route("demo-checkout/:id", "routes/demo-checkout.$id.tsx"),
  route("monthly", "routes/monthly.tsx"),
  route("success", "routes/success.tsx"),
  route("api/webhooks/stripe", "routes/api.webhooks.stripe.ts"),
  // Public pages (issue 7)
  route("contact", "routes/contact.tsx"),
  route("request-trial", "routes/request-trial.tsx"),
  route("do-not-sell", "routes/do-not-sell.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("api/export-csv", "routes/api.export-csv.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
