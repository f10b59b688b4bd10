import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Every URL of the app, grouped by area. Route modules live in a folder per area (app/routes/<area>/),
 * with their route-only server helpers beside them (`*.server.ts`). Folders whose name starts with "_"
 * add no URL segment; the others mirror their URL prefix.
 */
export default [
  // Marketing and legal pages (public, indexable)
  index("routes/_marketing/home.tsx"),
  route("contact", "routes/_marketing/contact.tsx"),
  route("request-trial", "routes/_marketing/request-trial.tsx"),
  route("do-not-sell", "routes/_marketing/do-not-sell.tsx"),
  route("terms", "routes/_marketing/terms.tsx"),
  route("privacy", "routes/_marketing/privacy.tsx"),
  // docs/product.md#api: the API reference, generated from the OpenAPI document (public, indexable)
  route("docs/api", "routes/_marketing/docs-api.tsx"),

  // Accounts: the auth dialog's action, its full-page forms, sign-out, password reset
  route("auth", "routes/_auth/auth.ts"),
  route("auth/sign-out", "routes/_auth/sign-out.ts"),
  route("signin", "routes/_auth/signin.tsx"),
  route("signup", "routes/_auth/signup.tsx"),
  route("reset-password", "routes/_auth/reset-password.tsx"),

  // The public directory and company pages (server-rendered, indexable, cacheable by a CDN)
  ...prefix("directory", [
    index("routes/directory/hub.tsx"),
    route("cities", "routes/directory/cities.tsx"),
    route("cities/:citySlug", "routes/directory/city.tsx"),
    route("industries", "routes/directory/industries.tsx"),
    route("industries/:industrySlug", "routes/directory/industry.tsx"),
    route("companies", "routes/directory/companies.tsx"),
    route("companies/:letter", "routes/directory/letter.tsx"),
  ]),
  route("company/:companySlug", "routes/company/company.tsx"),
  // docs/product.md#investors: the investors hub, A-Z and one page per investor (public, indexable)
  ...prefix("investors", [
    index("routes/investors/hub.tsx"),
    route("letters/:letter", "routes/investors/letter.tsx"),
    route(":investorSlug", "routes/investors/investor.tsx"),
  ]),
  // Comparison pages: the hub, six competitors and company against company (docs/product.md#compare)
  ...prefix("compare", [index("routes/compare/hub.tsx"), route(":slug", "routes/compare/compare.tsx")]),

  route("search", "routes/search/search.tsx"),
  // The limited-partners database (docs/product.md#lps): the search page's anatomy over LPs and their contacts
  route("lps", "routes/lps/lps.tsx"),
  // The converter (docs/product.md#converter): a file into a CRM's or an outreach tool's import format
  route("converter", "routes/converter/converter.tsx"),
  route("profile", "routes/account/profile.tsx"),
  // docs/product.md#plan-changes: one of the customer's invoices (the demo provider's receipt, or Stripe's page)
  route("invoices/:invoiceId", "routes/account/invoice.tsx"),
  // docs/product.md#alerts: a digest's unsubscribe link (signed; works without signing in)
  route("alerts/unsubscribe/:token", "routes/account/alert-unsubscribe.tsx"),

  // Subscriptions: the plan pages, the payment return and the demo provider's checkout page
  route("monthly", "routes/billing/monthly.tsx"),
  route("success", "routes/billing/success.tsx"),
  route("demo-checkout/:id", "routes/billing/demo-checkout.tsx"),

  // The admin console (docs/product.md#admin): every loader and action checks the admin role on the server
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/overview.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("users/:userId", "routes/admin/user.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("imports", "routes/admin/imports.tsx"),
      route("imports/upload", "routes/admin/import-upload.ts"),
      route("imports/:runId/status", "routes/admin/import-status.ts"),
      route("imports/:runId/rejected.csv", "routes/admin/import-rejected-csv.ts"),
      route("data-health", "routes/admin/data-health.tsx"),
      route("email-checks", "routes/admin/email-checks.tsx"),
      route("activity", "routes/admin/activity.tsx"),
      route("inbox", "routes/admin/inbox.tsx"),
      route("do-not-sell", "routes/admin/do-not-sell.tsx"),
      route("audit", "routes/admin/audit.tsx"),
    ]),
  ]),

  // Resource routes: JSON, CSV, webhooks
  ...prefix("api", [
    route("auth/*", "routes/api/auth.ts"),
    route("checkout", "routes/api/checkout.ts"),
    route("upgrade-trial", "routes/api/upgrade-trial.ts"),
    route("export-csv", "routes/api/export-csv.ts"),
    route("export-preview", "routes/api/export-preview.ts"),
    route("search-facets", "routes/api/search-facets.ts"),
    route("investor-options", "routes/api/investor-options.ts"),
    // docs/product.md#alerts: saved searches (list, save; rename, alert frequency, delete)
    route("saved-searches", "routes/api/saved-searches.ts"),
    route("saved-searches/:id", "routes/api/saved-search.ts"),
    route("email-bounces", "routes/api/email-bounces.ts"),
    route("email-bounces/upload", "routes/api/email-bounces-upload.ts"),
    route("export-lps", "routes/api/export-lps.ts"),
    route("lps-facets", "routes/api/lps-facets.ts"),
    route("converter/upload", "routes/api/converter-upload.ts"),
    route("converter/convert", "routes/api/converter-convert.ts"),
    route("converter/download/:fileId", "routes/api/converter-download.ts"),
    route("webhooks/stripe", "routes/api/stripe-webhook.ts"),
    // decision 033: the REST API, with a key (Authorization: Bearer).
    route("v1/openapi.json", "routes/api/v1/openapi.ts"),
    route("v1/companies", "routes/api/v1/companies.ts"),
    route("v1/companies/:slug", "routes/api/v1/company.ts"),
    route("v1/me", "routes/api/v1/me.ts"),
    route("v1/investors", "routes/api/v1/investors.ts"),
    route("v1/investors/:slug", "routes/api/v1/investor.ts"),
    route("v1/lps", "routes/api/v1/lps.ts"),
    route("v1/lps/:slug", "routes/api/v1/lp.ts"),
    route("v1/saved-searches", "routes/api/v1/saved-searches.ts"),
    route("v1/saved-searches/:id", "routes/api/v1/saved-search.ts"),
    route("v1/*", "routes/api/v1/not-found.ts"),
  ]),

  // Development tools: the log mail driver's outbox (404 in production)
  ...prefix("dev", [
    route("mailbox", "routes/dev/mailbox.tsx"),
    route("mailbox/:id", "routes/dev/mailbox-message.tsx"),
  ]),
  // Test-only routes: answer only when ENABLE_TEST_ROUTES is on (never in production)
  ...prefix("__test", [
    route("crash", "routes/dev/test-crash.tsx"),
    route("login", "routes/dev/test-login.ts"),
    route("run-alerts", "routes/dev/test-run-alerts.ts"),
  ]),

  route("healthz", "routes/_system/healthz.ts"),
  // Crawlers: robots.txt and the sitemaps (server.mjs streams the sitemaps; these serve `react-router dev`)
  route("robots.txt", "routes/_system/robots.ts"),
  route("sitemap.xml", "routes/_system/sitemap.ts", { id: "sitemap-index" }),
  route("sitemaps/:file", "routes/_system/sitemap.ts", { id: "sitemap-file" }),
  route("*", "routes/_system/not-found.tsx"),
] satisfies RouteConfig;
