import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { SUBSCRIPTION_STATUSES } from "../../core/access";
import { ROLE_KINDS } from "../../core/company-summary";
import { EMAIL_CHECK_METHODS, EMAIL_SOURCES, EMAIL_STATUSES } from "../../core/email-status";
import { INVESTOR_TYPES } from "../../core/investor-match";
import { ACCEPTS_EMERGING_VALUES, LP_TYPES, MFO_MODELS } from "../../core/lp-types";
import { CHECKOUT_PLAN_IDS, PLAN_IDS } from "../../core/plans";
import { DELIVERY_STATUSES, ENDPOINT_KINDS, ENDPOINT_STATUSES } from "../../core/webhooks";

/**
 * Funded startups and their founders (docs/product.md#data). The field names there ("Organization Name",
 * "Last Funding Amount (in USD)", ...) are the public names, used in CSV headers and imports;
 * columns are snake_case. `COMPANY_CSV_COLUMNS` in server/companies/crunchbase-columns.ts maps one onto the
 * other.
 */
// The order of columns here is not the order in the database: migration 0007 puts the columns every search
// reads first (decision 005). drizzle names every column, so queries do not depend on the order.
export const companies = pgTable(
  "companies",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    slug: text("slug").notNull().unique(),
    organizationName: text("organization_name").notNull(),
    /** lower(trim(name)): the import's match key when a company has no website. */
    nameKey: text("name_key").notNull(),
    description: text("description"),
    fullDescription: text("full_description"),
    industries: text("industries").array().notNull().default(sql`'{}'::text[]`),
    industryGroups: text("industry_groups").array().notNull().default(sql`'{}'::text[]`),
    headquartersLocation: text("headquarters_location"),
    headquartersRegions: text("headquarters_regions").array().notNull().default(sql`'{}'::text[]`),
    city: text("city"),
    region: text("region"),
    country: text("country"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    founders: text("founders"),
    role: text("role"),
    email: text("email"),
    contactEmail: text("contact_email"),
    website: text("website"),
    /** Host of the website without "www.": the import's match key. */
    websiteDomain: text("website_domain"),
    linkedin: text("linkedin"),
    lastFundingAmountUsd: bigint("last_funding_amount_usd", { mode: "number" }),
    /** Amount in the round's own currency (Crunchbase "Last Funding Amount"). */
    lastFundingAmount: numeric("last_funding_amount", { mode: "number" }),
    lastFundingCurrency: text("last_funding_currency"),
    lastFundingDate: date("last_funding_date", { mode: "string" }),
    lastFundingType: text("last_funding_type"),
    totalFundingAmountUsd: bigint("total_funding_amount_usd", { mode: "number" }),
    /**
     * docs/product.md#search, text search target: lower-cased organization name, description, industry groups, location,
     * first and last name, joined by U+001F so no match spans two fields. Kept by a trigger (migration
     * 0004), never written by the app.
     */
    searchText: text("search_text"),
    /**
     * docs/product.md#do-not-sell: true while a row of suppressed_companies hides this company. Kept by triggers on
     * that table (migration 0006); text searches filter on it instead of an anti-join per row.
     */
    suppressed: boolean("suppressed").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * docs/product.md#alerts: when this company last entered the data with news: created, or its last round
     * (date, type or amount) changed. Written by the database alone (clock_timestamp() as the row is written,
     * by default and by a trigger, migration 0024), never by the app: a saved search's digest lists the
     * companies recorded in its window (alerts/digest-window.server.ts says why the clock, not now()).
     */
    roundRecordedAt: timestamp("round_recorded_at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    // decision 030: what a source states of the company as a whole (inputs of the summary, never derived)...
    statedTotalUsd: bigint("stated_total_usd", { mode: "number" }),
    statedRoundCount: integer("stated_round_count"),
    // ...and what the one writer derives from its rounds, investors and people (core/company-summary.ts).
    fundingRoundCount: integer("funding_round_count").notNull().default(0),
    /** Each investor's id, and the negated id of each that led a round: the investor filter, both forms. */
    investorKeys: integer("investor_keys").array().notNull().default(sql`'{}'::int[]`),
    lastRoundLeadIds: integer("last_round_lead_ids").array().notNull().default(sql`'{}'::int[]`),
    /** The latest round's id: a new latest round records the company for alerts (migration 0028). */
    lastRoundId: integer("last_round_id"),
    /** decision 031: the SEC's Central Index Key of a Form D issuer (no leading zeros): its first match key. */
    cik: text("cik"),
    /**
     * decision 032: the status of `email` (the primary contact's address), when it was established and where
     * the address came from: copies of its email_addresses row, kept by the database alone (triggers of
     * migration 0030, on this table's email and on email_addresses), never written by the app.
     */
    emailStatus: text("email_status", { enum: EMAIL_STATUSES }),
    emailCheckedAt: timestamp("email_checked_at", { withTimezone: true }),
    emailSource: text("email_source", { enum: EMAIL_SOURCES }),
  },
  (table) => [
    // docs/product.md#alerts: the companies recorded in a digest's window, read by range.
    index("companies_round_recorded_at_idx").on(table.roundRecordedAt),
    // docs/product.md#search: results are ordered by Last Funding Date descending, nulls last; id breaks ties.
    index("companies_last_funding_date_id_idx").on(table.lastFundingDate.desc().nullsLast(), table.id.desc()),
    index("companies_website_domain_idx").on(table.websiteDomain),
    index("companies_name_key_idx").on(table.nameKey),
    index("companies_last_funding_type_idx").on(table.lastFundingType, table.lastFundingDate),
    // Also on (stage, date), written by migration 0025 alone (Drizzle cannot spell INCLUDE): a partial index
    // that carries id, country, suppressed and search_text for texts up to 2,000 bytes, and one for longer
    // texts (search-source.server.ts reads the two together).
    index("companies_industries_idx").using("gin", table.industries),
    index("companies_industry_groups_idx").using("gin", table.industryGroups),
    index("companies_country_region_city_idx").on(table.country, table.region, table.city),
    // docs/product.md#directory, city pages: a city's companies in the default order (docs/product.md#search), read from the index alone at any depth.
    index("companies_country_city_date_idx").on(
      table.country,
      table.city,
      table.lastFundingDate.desc().nullsLast(),
      table.id.desc(),
    ),
    // docs/product.md#directory, A-Z pages: slug order with the id beside it (the suppression check needs only the id), so a
    // deep page skips its offset in the index without visiting the table.
    index("companies_slug_id_idx").on(table.slug, table.id),
    index("companies_region_idx").on(table.region),
    // decision 030: the investor filter (any of the ids, or their negations for 'led by') and rounds filter.
    index("companies_investor_keys_idx").using("gin", table.investorKeys),
    index("companies_funding_round_count_idx").on(table.fundingRoundCount),
    // decision 031: a Form D batch finds its issuers by CIK, one `= any($ciks)`.
    uniqueIndex("companies_cik_idx").on(table.cik).where(sql`${table.cik} is not null`),
    index("companies_city_idx").on(table.city),
    // decision 032: a status that changes reaches the companies showing the address.
    index("companies_email_lower_idx").on(sql`lower(${table.email})`),
    // docs/product.md#search, sort orders: each key with id in the same direction, empty values last (search-order.server.ts
    // spells the ORDER BY the same way). The amount's ascending index also serves the amount filter.
    index("companies_last_funding_date_asc_id_idx").on(
      table.lastFundingDate.asc().nullsLast(),
      table.id.asc(),
    ),
    // The amount and total orders also carry the filters they are combined with (stage, country, amount,
    // date) after the id, which keeps their order: a walk checks those filters in the index alone, where
    // a filter correlated with the key (an early stage has few of the largest rounds) would otherwise cost
    // a table visit for every row passed over (search-filters.server.ts ConditionParts, decision 011).
    index("companies_last_amount_asc_cover_idx").on(
      table.lastFundingAmountUsd.asc().nullsLast(),
      table.id.asc(),
      table.lastFundingType,
      table.country,
      table.lastFundingDate,
    ),
    index("companies_last_amount_desc_cover_idx").on(
      table.lastFundingAmountUsd.desc().nullsLast(),
      table.id.desc(),
      table.lastFundingType,
      table.country,
      table.lastFundingDate,
    ),
    index("companies_total_amount_asc_cover_idx").on(
      table.totalFundingAmountUsd.asc().nullsLast(),
      table.id.asc(),
      table.lastFundingType,
      table.country,
      table.lastFundingAmountUsd,
      table.lastFundingDate,
    ),
    index("companies_total_amount_desc_cover_idx").on(
      table.totalFundingAmountUsd.desc().nullsLast(),
      table.id.desc(),
      table.lastFundingType,
      table.country,
      table.lastFundingAmountUsd,
      table.lastFundingDate,
    ),
    index("companies_name_key_c_id_idx").on(sql`${table.nameKey} collate "C"`, table.id),
    index("companies_search_text_trgm_idx").using("gin", table.searchText.op("gin_trgm_ops")),
    check(
      "companies_amounts_non_negative",
      sql`${table.lastFundingAmountUsd} >= 0 AND ${table.totalFundingAmountUsd} >= 0`,
    ),
  ],
);

/** docs/product.md#data: a single row with id 1. The marketing claims are settings (docs/product.md#home). */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    // docs/product.md#lps: with the LP database built, LP links show by default (migration 0021 left an admin's
    // explicit choice alone).
    hideLpSearch: boolean("hide_lp_search").notNull().default(false),
    contactsExportedClaim: text("contacts_exported_claim").notNull().default("1.2m+"),
    businessesTrustedClaim: text("businesses_trusted_claim").notNull().default("2,000+"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("site_settings_single_row", sql`${table.id} = 1`)],
);

/*
 * Accounts (better-auth's models: user, session, account, verification, rateLimit). The JS property
 * names are better-auth's field names, which its Drizzle adapter looks up; the columns are snake_case.
 * docs/product.md#data, "profiles" (first_name, last_name, last_login, updated_at) live on the user row.
 */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    heardAboutUs: text("heard_about_us"),
    /**
     * "admin" for the addresses in ADMIN_EMAILS and the accounts an admin made admin (admin_granted), kept in
     * step at sign-up, sign-in and on every request; else "user".
     */
    role: text("role", { enum: ["user", "admin"] })
      .notNull()
      .default("user"),
    /** docs/product.md#admin: made admin by an admin in the console (ADMIN_EMAILS makes an admin whatever this says). */
    adminGranted: boolean("admin_granted").notNull().default(false),
    /** docs/product.md#admin: banned by an admin: no sign-in, no session; the reason is shown at sign-in. */
    bannedAt: timestamp("banned_at", { withTimezone: true }),
    banReason: text("ban_reason"),
    lastLogin: timestamp("last_login", { withTimezone: true }),
    /** docs/product.md#search: the search page's view this user chose last (cards, the default, or the dense table). */
    searchView: text("search_view", { enum: ["cards", "table"] })
      .notNull()
      .default("cards"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // docs/product.md#admin: the admin users grid's orders (a page's ids read from the index alone) and its text filter.
    index("users_created_at_id_idx").on(table.createdAt, table.id),
    index("users_name_lower_id_idx").on(sql`lower(${table.name})`, table.id),
    index("users_last_login_id_idx").on(table.lastLogin.desc().nullsLast(), table.id.desc()),
    index("users_email_trgm_idx").using("gin", table.email.op("gin_trgm_ops")),
    index("users_name_trgm_idx").using("gin", table.name.op("gin_trgm_ops")),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    /** scrypt hash; never leaves the server. */
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/** Rate-limit counters in the database, so several app processes share them. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    id: text("id").primaryKey(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
    lastRequest: bigint("last_request", { mode: "number" }).notNull(),
  },
  (table) => [uniqueIndex("rate_limits_key_idx").on(table.key)],
);

/** Security-relevant account events. No passwords, tokens or links: only what happened, to whom, from where. */
export const authAuditEvents = pgTable(
  "auth_audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    event: text("event").notNull(),
    email: text("email"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    details: jsonb("details").$type<Record<string, string | number | boolean | null>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("auth_audit_events_user_id_idx").on(table.userId, table.createdAt.desc()),
    index("auth_audit_events_created_at_idx").on(table.createdAt.desc()),
  ],
);

export type UserRow = typeof users.$inferSelect;

/*
 * Billing. A subscription row mirrors the provider's subscription (Stripe, the demo provider, or an
 * admin's grant). Access is derived from these rows by core/access.ts.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: text("plan_id", { enum: PLAN_IDS }).notNull(),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull(),
    provider: text("provider", { enum: ["stripe", "demo", "grant"] }).notNull(),
    providerCustomerId: text("provider_customer_id"),
    /** Stripe's sub_..., the demo provider's demo_sub_..., or grant_... */
    providerSubscriptionId: text("provider_subscription_id").notNull().unique(),
    trialStart: timestamp("trial_start", { withTimezone: true }),
    trialEnd: timestamp("trial_end", { withTimezone: true }),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** When the provider produced the state stored here: an older event never overwrites it. */
    providerStateAt: timestamp("provider_state_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("subscriptions_user_id_idx").on(table.userId),
    // docs/product.md#admin: the users grid's trial filter and its "trial ends soonest" order.
    index("subscriptions_status_trial_end_idx").on(table.status, table.trialEnd),
  ],
);

/** One trial per person: a user id or an email that ever started a trial gets checkout without one. */
export const trialClaims = pgTable(
  "trial_claims",
  {
    email: text("email").primaryKey(),
    userId: text("user_id").notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("trial_claims_user_id_idx").on(table.userId)],
);

/** The Stripe customer of each user (for checkout and the customer portal). */
export const billingCustomers = pgTable("billing_customers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Webhook events already applied: a replay changes nothing. */
export const processedWebhookEvents = pgTable("processed_webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Checkout sessions of the demo payment provider (used when no Stripe key is configured). */
export const demoCheckoutSessions = pgTable("demo_checkout_sessions", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  planId: text("plan_id", { enum: CHECKOUT_PLAN_IDS }).notNull(),
  withTrial: boolean("with_trial").notNull(),
  status: text("status", { enum: ["open", "paid", "canceled"] })
    .notNull()
    .default("open"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Short per-user locks across app processes (one trial upgrade at a time). */
export const billingLocks = pgTable("billing_locks", {
  userId: text("user_id").primaryKey(),
  acquiredAt: timestamp("acquired_at", { withTimezone: true }).notNull().defaultNow(),
});

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** One line of an invoice as the customer reads it (US cents; a credit is negative). */
export interface InvoiceLineJson {
  description: string;
  amountCents: number;
}

/**
 * docs/product.md#plan-changes: a customer's invoices, listed on the account page. The demo provider writes its
 * own (the receipt page shows them); Stripe's arrive with invoice.paid and link to Stripe's hosted page and
 * PDF. Amounts are in the smallest unit of `currency` (US cents).
 */
export const invoices = pgTable(
  "invoices",
  {
    /** Stripe's in_..., or the demo provider's demo_in_... */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["stripe", "demo"] }).notNull(),
    providerSubscriptionId: text("provider_subscription_id"),
    /** The number the customer quotes (Stripe's, or RL-DEMO-<n> per account). */
    number: text("number"),
    currency: text("currency").notNull().default("usd"),
    subtotalCents: integer("subtotal_cents").notNull(),
    creditAppliedCents: integer("credit_applied_cents").notNull().default(0),
    amountPaidCents: integer("amount_paid_cents").notNull(),
    /** The demo customer's credit balance after this invoice (unused time of a longer plan). */
    endingCreditCents: integer("ending_credit_cents").notNull().default(0),
    lines: jsonb("lines").$type<InvoiceLineJson[]>().notNull(),
    /** What paid it, as the receipt names it (the demo card's label); null for Stripe (its page says). */
    paymentMethod: text("payment_method"),
    hostedInvoiceUrl: text("hosted_invoice_url"),
    invoicePdfUrl: text("invoice_pdf_url"),
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("invoices_user_id_paid_at_idx").on(table.userId, table.paidAt.desc())],
);

export type InvoiceRow = typeof invoices.$inferSelect;

/** The demo card each demo customer pays with (docs/product.md#plan-changes); none stored: the first demo card. */
export const demoPaymentMethods = pgTable("demo_payment_methods", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  cardId: text("card_id").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** docs/product.md#data: user activity (search, filter, export, api) with its details. */
export const userActivity = pgTable(
  "user_activity",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actionType: text("action_type", { enum: ["search", "filter", "export", "api"] }).notNull(),
    actionDetails: jsonb("action_details").$type<ActivityDetails>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("user_activity_user_id_created_at_idx").on(table.userId, table.createdAt.desc()),
    index("user_activity_created_at_idx").on(table.createdAt.desc()),
    check("user_activity_action_type", sql`${table.actionType} in ('search', 'filter', 'export', 'api')`),
  ],
);

export interface ActivityDetails {
  query: string;
  /** A multi-select filter's values as a list (docs/product.md#filters), amount and date as text. */
  filters: Record<string, string | string[]>;
  totalResults: number;
  /** docs/product.md#lps: "lps" for the LP database; absent for the startup search (every record before it). */
  database?: "lps";
  /** docs/product.md#converter: the import format an export was written in (a converter target's id); absent: Roundlist's CSV. */
  format?: string;
  /** docs/product.md#export: "people" for an export of one row per person; absent: one row per company. */
  rows?: string;
  /**
   * docs/product.md#activity, an `api` row: the method and the path as the API's document names it
   * ("GET /companies/{slug}"); its totalResults is the rows the answer carried.
   */
  endpoint?: string;
  /** An `api` row about one record: its slug or id. */
  resource?: string;
}

/*
 * docs/product.md#admin: daily roll-ups of user_activity for the admin console's activity report and overview
 * (server/admin/activity-rollup.server.ts fills and reads them). Each completed UTC day is counted once, on
 * the first report that needs it; today is always read live from user_activity.
 *
 * What they hold, and what they do not: counts per day, per action type, per query text (lower-cased and
 * trimmed, as the report shows it) and per filter value. No user id, no account, no address: the only text a
 * person typed is the query, which the activity report already lists. They are aggregate statistics of
 * what was searched, not a person's record, so they are kept when user_activity rows go: an account's
 * deletion removes its user_activity rows (ON DELETE CASCADE) but the past days' counts stay as counted.
 * Nothing purges user_activity today (retention/purge.server.ts); a purge of it would leave them too.
 */

/** Events per completed UTC day and action type; exported_rows sums an export's totalResults (0 otherwise). */
export const activityDaily = pgTable(
  "activity_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    actionType: text("action_type", { enum: ["search", "filter", "export", "api"] }).notNull(),
    events: integer("events").notNull(),
    exportedRows: numeric("exported_rows").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.actionType] })],
);

/**
 * 'search' rows per completed UTC day and normalized query (non-blank), and how many found nothing. The
 * search cuts a query to MAX_QUERY_LENGTH (200) characters, so the key stays far below an index entry's limit.
 */
export const activityDailyQueries = pgTable(
  "activity_daily_queries",
  {
    day: date("day", { mode: "string" }).notNull(),
    query: text("query").notNull(),
    searches: integer("searches").notNull(),
    zeroResults: integer("zero_results").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.query] })],
);

/**
 * 'search' and 'filter' rows per completed UTC day that used a filter value; filter_value '' counts the
 * searches that used the filter with any value (a blank value is never a value, so '' names no real one).
 */
export const activityDailyFilters = pgTable(
  "activity_daily_filters",
  {
    day: date("day", { mode: "string" }).notNull(),
    filterKey: text("filter_key").notNull(),
    filterValue: text("filter_value").notNull(),
    searches: integer("searches").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.filterKey, table.filterValue] })],
);

/** The completed UTC days rolled up into the tables above, empty days included (so none is counted twice). */
export const activityRollupDays = pgTable("activity_rollup_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  rolledAt: timestamp("rolled_at", { withTimezone: true }).notNull().defaultNow(),
});

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompanyRow = typeof companies.$inferInsert;
export type SiteSettingsRow = typeof siteSettings.$inferSelect;

/**
 * Messages sent by the mail module's log driver (the default outside production): kept so a person
 * trying the app locally can read them at /dev/mailbox and click a confirmation link.
 */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text("to_address").notNull(),
    fromAddress: text("from_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("mail_messages_created_at_idx").on(table.createdAt.desc()),
    index("mail_messages_to_address_idx").on(table.toAddress, table.createdAt.desc()),
  ],
);

export type MailMessageRow = typeof mailMessages.$inferSelect;

/*
 * Public forms (docs/product.md#public-pages): /contact and /request-trial messages, kept for the admins (who are also mailed),
 * and the per-IP hits that rate-limit every public form in the database, so several app processes share them.
 */
export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: ["contact", "trial"] }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    message: text("message").notNull(),
    /** Form-specific answers (the trial form's team size and use), shown to the admins as they are. */
    details: jsonb("details").$type<Record<string, string>>().notNull().default({}),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** docs/product.md#admin: marked handled in the admin inbox, and by whom (null: still open). */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [index("contact_submissions_created_at_idx").on(table.createdAt.desc())],
);

export const publicFormHits = pgTable(
  "public_form_hits",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    form: text("form").notNull(),
    ipAddress: text("ip_address").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("public_form_hits_form_ip_idx").on(table.form, table.ipAddress, table.createdAt.desc())],
);

export type ContactSubmissionRow = typeof contactSubmissions.$inferSelect;

/**
 * docs/product.md#admin: every change an admin makes in the console: who, what, to which record, the values before and
 * after, when and from where. Kept 24 months like the other audit trails (retention/purge.server.ts).
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    /** What the target was called when it changed (a user's email, a setting's name), for the log's reader. */
    targetLabel: text("target_label"),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("admin_audit_log_created_at_idx").on(table.createdAt.desc()),
    index("admin_audit_log_target_idx").on(table.targetType, table.targetId, table.createdAt.desc()),
  ],
);

export type AdminAuditRow = typeof adminAuditLog.$inferSelect;

/*
 * The do-not-sell suppression list (docs/product.md#do-not-sell). It holds keyed hashes of
 * addresses (HMAC-SHA-256 with AUTH_SECRET), never the addresses. suppressed_companies marks the stored
 * companies a request hid, so search, counts and exports exclude them with an indexed anti-join instead of
 * hashing every row's email per query.
 */
export const suppressedContacts = pgTable("suppressed_contacts", {
  emailHash: text("email_hash").primaryKey(),
  /** The first request: the date the admins see. */
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
  lastRequestedAt: timestamp("last_requested_at", { withTimezone: true }).notNull().defaultNow(),
  requestCount: integer("request_count").notNull().default(1),
});

export const suppressedCompanies = pgTable(
  "suppressed_companies",
  {
    companyId: integer("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    emailHash: text("email_hash")
      .notNull()
      .references(() => suppressedContacts.emailHash, { onDelete: "cascade" }),
    suppressedAt: timestamp("suppressed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("suppressed_companies_email_hash_idx").on(table.emailHash)],
);

export type SuppressedContactRow = typeof suppressedContacts.$inferSelect;

/**
 * The per-account sign-in throttle (docs/product.md#accounts): failed sign-ins in a row per email address, shared by every
 * app process. The key is an HMAC-SHA-256 of the normalized address (keyed with AUTH_SECRET), so the table
 * holds no addresses, and unknown addresses are counted exactly like known ones. A successful sign-in or a
 * password reset deletes the row; a row whose last failure is a day old no longer counts.
 */
export const signInThrottles = pgTable(
  "sign_in_throttles",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull(),
    lastFailedAt: timestamp("last_failed_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("sign_in_throttles_last_failed_at_idx").on(table.lastFailedAt)],
);

/**
 * docs/product.md#security: the version of what searches see, one row shared by every app process. Statement
 * triggers on companies and suppressed_companies (migration 0010) set it to the writing transaction's id
 * before the statement writes, so it changes in the same transaction as the data and becomes visible with
 * it at commit. The caches of counts, home figures and filter options keep the version they were loaded
 * at and treat any other as missing (data-version.server.ts). A transaction id is never reused, so a value
 * never comes back, even after the table is truncated (the truncate trigger writes a fresh one).
 */
export const dataVersions = pgTable(
  "data_versions",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull(),
  },
  // Row 1: what company searches see (companies, suppressed_companies). Row 2 (docs/product.md#lps): what LP searches
  // see (lps, lp_contacts), apart, so a companies import does not make every process reload its LPs.
  (table) => [check("data_versions_known_rows", sql`${table.id} in (1, 2)`)],
);

/**
 * docs/product.md#compare: each company's most similar companies (core/similarity.ts), best first, as computed by the last
 * similarity refresh (server/similarity/). One row per company and refresh generation: a refresh writes a
 * whole new generation, then makes it current (similarity_state) and deletes the old one, so readers never
 * see half a refresh and nothing waits on a lock. No foreign key: a deleted or suppressed company is left out
 * when the rows are read (joined to companies), and the next refresh drops it.
 */
export const companySimilarities = pgTable(
  "company_similarities",
  {
    generation: integer("generation").notNull(),
    companyId: integer("company_id").notNull(),
    similarIds: integer("similar_ids").array().notNull(),
    scores: real("scores").array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.generation, table.companyId] })],
);

/** A single row: the current similarity generation and when it was computed. */
export const similarityState = pgTable(
  "similarity_state",
  {
    id: integer("id").primaryKey().default(1),
    generation: integer("generation").notNull(),
    companies: integer("companies").notNull(),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("similarity_state_single_row", sql`${table.id} = 1`)],
);

/**
 * docs/product.md#compare: the company-vs-company pairs the last similarity refresh chose (either company among the other's
 * three most similar), each once, with its canonical path: the compare sitemaps read a block of them in
 * order instead of joining two companies per pair (3,000,000 pairs on 1,000,000 companies). `block` is the
 * compare sitemap the pair is listed in (by the id of the company that chose it). Suppressed companies are
 * left out when read.
 */
export const companyPairs = pgTable(
  "company_pairs",
  {
    generation: integer("generation").notNull(),
    block: integer("block").notNull(),
    aId: integer("a_id").notNull(),
    bId: integer("b_id").notNull(),
    path: text("path").notNull(),
  },
  (table) => [primaryKey({ columns: [table.generation, table.block, table.aId, table.bId] })],
);

/**
 * Indexes a first load into an empty table dropped, to build once when it ends (decision 020): each one's
 * definition, recorded in the transaction that dropped it. A load that dies half-way leaves its rows here,
 * and the next process start (migrate) builds them (db/deferred-indexes.server.ts).
 */
export const deferredIndexes = pgTable("deferred_indexes", {
  name: text("name").primaryKey(),
  tableName: text("table_name").notNull(),
  definition: text("definition").notNull(),
  deferredAt: timestamp("deferred_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One kept rejected row of an import run: its file line and why. */
export interface ImportRunRejectedRow {
  row: number;
  reason: string;
}

/** One kept duplicate row of an import run: a row about a company an earlier row of the file named. */
export interface ImportRunDuplicateRow {
  row: number;
  firstRow: number;
}

/**
 * docs/product.md#imports: every import, with its file, who ran it and what it found or did. An upload from the admin
 * console is checked first (a dry run: classified, nothing written), then imported (a commit of the same
 * stored file, pointing at its dry run); `npm run import` records its commits here too. The counts split
 * the rows read: new + updated + unchanged + rejected (invalid) + suppressed (do-not-sell) = rows_read;
 * duplicates (rows about a company an earlier row of the file named) are among updated and unchanged.
 * At most one run is running at a time: the partial unique index is the lock (import-lock.server.ts).
 */
export const importRuns = pgTable(
  "import_runs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: ["dry_run", "commit"] }).notNull(),
    status: text("status", { enum: ["running", "done", "failed"] }).notNull(),
    source: text("source", { enum: ["console", "command_line"] })
      .notNull()
      .default("console"),
    /** docs/product.md#lps: what the file holds, so the run uses its importer; runs before it were all companies. */
    subject: text("subject", { enum: ["companies", "lps", "rounds", "formd"] })
      .notNull()
      .default("companies"),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Who ran it, kept as it was (null: the command line). */
    actorEmail: text("actor_email"),
    fileName: text("file_name").notNull(),
    fileBytes: bigint("file_bytes", { mode: "number" }).notNull(),
    /** The uploaded file on this server's disk; null once deleted (committed, discarded or abandoned). */
    storedPath: text("stored_path"),
    /** A commit: the dry run of the same file it followed. */
    dryRunId: bigint("dry_run_id", { mode: "number" }).references((): AnyPgColumn => importRuns.id, {
      onDelete: "set null",
    }),
    bytesRead: bigint("bytes_read", { mode: "number" }).notNull().default(0),
    rowsRead: integer("rows_read").notNull().default(0),
    inserted: integer("inserted").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    rejected: integer("rejected").notNull().default(0),
    suppressed: integer("suppressed").notNull().default(0),
    duplicates: integer("duplicates").notNull().default(0),
    /** An LP run: contacts inserted or changed, and stored contacts the file's contacts replaced. */
    contactsWritten: integer("contacts_written").notNull().default(0),
    contactsRemoved: integer("contacts_removed").notNull().default(0),
    /** decision 030: rounds, people and new investors a run wrote. */
    roundsWritten: integer("rounds_written").notNull().default(0),
    peopleWritten: integer("people_written").notNull().default(0),
    investorsCreated: integer("investors_created").notNull().default(0),
    /** decision 031: a Form D run's companies, and the filings it left out or applied as amendments. */
    companiesInserted: integer("companies_inserted").notNull().default(0),
    companiesUpdated: integer("companies_updated").notNull().default(0),
    fundsLeftOut: integer("funds_left_out").notNull().default(0),
    testsLeftOut: integer("tests_left_out").notNull().default(0),
    notOperatingLeftOut: integer("not_operating_left_out").notNull().default(0),
    amendmentsApplied: integer("amendments_applied").notNull().default(0),
    /** The first rejected rows (invalid and suppressed), in file order, for the report and its CSV. */
    rejectedRows: jsonb("rejected_rows").$type<ImportRunRejectedRow[]>(),
    duplicateRows: jsonb("duplicate_rows").$type<ImportRunDuplicateRow[]>(),
    /** Why the run failed, for a person. */
    error: text("error"),
    /** The process running it (host:pid:start), so a run whose process is gone is found stale. */
    runner: text("runner"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Last progress (or heartbeat) of a running run: a run silent for minutes is stale. */
    progressAt: timestamp("progress_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    durationMs: integer("duration_ms"),
    /** A dry run whose file was discarded by an admin (not imported). */
    discardedAt: timestamp("discarded_at", { withTimezone: true }),
  },
  (table) => [
    index("import_runs_created_at_idx").on(table.createdAt.desc()),
    index("import_runs_dry_run_id_idx").on(table.dryRunId),
    // Two imports never run at once: a second running row breaks this index (import-lock.server.ts).
    uniqueIndex("import_runs_one_running_idx").on(table.status).where(sql`status = 'running'`),
    check("import_runs_kind", sql`${table.kind} in ('dry_run', 'commit')`),
    check("import_runs_status", sql`${table.status} in ('running', 'done', 'failed')`),
    check("import_runs_subject", sql`${table.subject} in ('companies', 'lps', 'rounds', 'formd')`),
  ],
);

export type ImportRunRow = typeof importRuns.$inferSelect;

/** `'a', 'b'` for a check constraint listing the allowed values of a column. */
function sqlValueList(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", "));
}

/*
 * docs/product.md#lps: the limited-partners (LP) database. An LP organisation (lps) with its contacts (lp_contacts) and
 * the fund commitments it is known for (lp_commitments). Enumerated values are core/lp-types.ts slugs.
 *
 * Built for /lps search at 100,000 LPs and 250,000 contacts (page + count p95 <= 30 ms on PostgreSQL): the
 * text search reads one trigram index on lps.search_text, which holds the LP's name, city and every
 * contact's name. A separate contacts search would make each text query an OR of an LP match and a
 * semi-join into lp_contacts, which the planner can only run as a filter over every LP (no bitmap OR of a
 * subquery) and which the count query would repeat; one column on the LP keeps page and count to one index
 * probe. Triggers keep it (migration 0020): lps' own trigger rebuilds it on every insert or update of the
 * LP, and a statement trigger on lp_contacts touches the LPs whose contacts' names changed, once per LP and
 * statement. The app never writes it. A bulk load writes the contacts first (their foreign key is deferrable,
 * migration 0020), so that each LP is written once, already with its contacts (lp-seed.server.ts).
 */
export const lps = pgTable(
  "lps",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    type: text("type", { enum: LP_TYPES }).notNull(),
    city: text("city"),
    region: text("region"),
    country: text("country"),
    website: text("website"),
    /** Host of the website without "www.": the match key of a later import. */
    websiteDomain: text("website_domain"),
    /** Assets under management in USD, as of aum_as_of; null: not disclosed. */
    aumUsd: bigint("aum_usd", { mode: "number" }),
    aumAsOf: date("aum_as_of", { mode: "string" }),
    /** The check size it writes into one fund, in USD. */
    checkMinUsd: bigint("check_min_usd", { mode: "number" }),
    checkMaxUsd: bigint("check_max_usd", { mode: "number" }),
    assetClasses: text("asset_classes").array().notNull().default(sql`'{}'::text[]`),
    stageFocus: text("stage_focus").array().notNull().default(sql`'{}'::text[]`),
    /** Empty: a generalist. */
    sectorFocus: text("sector_focus").array().notNull().default(sql`'{}'::text[]`),
    geoFocus: text("geo_focus").array().notNull().default(sql`'{}'::text[]`),
    acceptsEmerging: text("accepts_emerging", { enum: ACCEPTS_EMERGING_VALUES }).notNull().default("unknown"),
    /** Known to commit to first-time funds (false: not known to). */
    backsFirstTimeFunds: boolean("backs_first_time_funds").notNull().default(false),
    /** Multi-family offices only: whether it decides (discretionary) or its families sign (advisory). */
    mfoModel: text("mfo_model", { enum: MFO_MODELS }),
    description: text("description"),
    /**
     * The /lps text search target: NFC, lower-cased name, city and each contact's "first last", joined by
     * U+001F so no match spans two of them. Kept by triggers (migration 0020), never written by the app.
     */
    searchText: text("search_text"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("lps_search_text_trgm_idx").using("gin", table.searchText.op("gin_trgm_ops")),
    // Multi-valued filters ("any of these asset classes"): && and @> on GIN.
    index("lps_asset_classes_idx").using("gin", table.assetClasses),
    index("lps_stage_focus_idx").using("gin", table.stageFocus),
    index("lps_sector_focus_idx").using("gin", table.sectorFocus),
    index("lps_geo_focus_idx").using("gin", table.geoFocus),
    // Orders: by name (A-Z, the id breaks ties) and by AUM both ways, unknown AUM last, so a page is a walk
    // of the index; the AUM ones also serve the AUM range filter. An ORDER BY must be spelled as the index
    // reads ("lower(name) collate "C", id"; "aum_usd desc nulls last, id desc nulls last"), as the companies'
    // search-order.server.ts does.
    index("lps_name_order_idx").on(sql`lower(${table.name}) collate "C"`, table.id),
    index("lps_aum_desc_id_idx").on(table.aumUsd.desc().nullsLast(), table.id.desc()),
    index("lps_aum_asc_id_idx").on(table.aumUsd.asc().nullsLast(), table.id.asc()),
    // Equality filters and their facet counts.
    index("lps_type_aum_idx").on(table.type, table.aumUsd),
    index("lps_country_city_idx").on(table.country, table.city),
    // The check size filter asks for ranges that overlap the one wanted (min <= upper, max >= lower).
    index("lps_check_min_idx").on(table.checkMinUsd),
    index("lps_check_max_idx").on(table.checkMaxUsd),
    index("lps_website_domain_idx").on(table.websiteDomain),
    check("lps_type", sql`${table.type} in (${sqlValueList(LP_TYPES)})`),
    check(
      "lps_accepts_emerging",
      sql`${table.acceptsEmerging} in (${sqlValueList(ACCEPTS_EMERGING_VALUES)})`,
    ),
    check(
      "lps_mfo_model",
      sql`${table.mfoModel} is null or (${table.type} = 'multi-family-office' and ${table.mfoModel} in (${sqlValueList(MFO_MODELS)}))`,
    ),
    check(
      "lps_amounts",
      sql`${table.aumUsd} >= 0 and ${table.checkMinUsd} >= 0 and ${table.checkMaxUsd} >= 0 and ${table.checkMinUsd} <= ${table.checkMaxUsd}`,
    ),
  ],
);

/** A person at an LP, in the LP's order (position 0 first: the main contact). */
export const lpContacts = pgTable(
  "lp_contacts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** DEFERRABLE INITIALLY IMMEDIATE (migration 0020; Drizzle cannot say so): a bulk load defers it. */
    lpId: integer("lp_id")
      .notNull()
      .references(() => lps.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    firstName: text("first_name").notNull(),
    lastName: text("last_name"),
    title: text("title"),
    email: text("email"),
    linkedin: text("linkedin"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // An LP's contacts in order (and the foreign key's index: deleting an LP finds its contacts here).
    index("lp_contacts_lp_id_position_idx").on(table.lpId, table.position),
    // Do-not-sell and import matching look contacts up by address.
    index("lp_contacts_email_lower_idx").on(sql`lower(${table.email})`),
    check("lp_contacts_position", sql`${table.position} >= 0`),
  ],
);

/** A fund an LP committed to: the commitments history of docs/product.md#lps. */
export const lpCommitments = pgTable(
  "lp_commitments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    lpId: integer("lp_id")
      .notNull()
      .references(() => lps.id, { onDelete: "cascade" }),
    fundName: text("fund_name").notNull(),
    vintage: integer("vintage"),
    /** Null: not disclosed. */
    amountUsd: bigint("amount_usd", { mode: "number" }),
  },
  (table) => [
    index("lp_commitments_lp_id_vintage_idx").on(table.lpId, table.vintage.desc()),
    check("lp_commitments_amount", sql`${table.amountUsd} >= 0`),
    check("lp_commitments_vintage", sql`${table.vintage} between 1900 and 2200`),
  ],
);

export type LpRow = typeof lps.$inferSelect;
export type NewLpRow = typeof lps.$inferInsert;
export type LpContactRow = typeof lpContacts.$inferSelect;
export type NewLpContactRow = typeof lpContacts.$inferInsert;
export type LpCommitmentRow = typeof lpCommitments.$inferSelect;
export type NewLpCommitmentRow = typeof lpCommitments.$inferInsert;

/*
 * docs/product.md#alerts: saved searches with alerts, their digests, and each user's export history and exported companies.
 */

export const ALERT_FREQUENCIES = ["off", "daily", "weekly"] as const;

/** A subscriber's saved search: the search page's URL state (its query string, no page) under a name. */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The search as the search page's query string (core/saved-search.ts canonicalSearchQuery). */
    query: text("query").notNull(),
    alert: text("alert", { enum: ALERT_FREQUENCIES }).notNull().default("off"),
    /** When the next digest is due (null while alerts are off): the scheduler's claim compares and sets it. */
    nextDigestAt: timestamp("next_digest_at", { withTimezone: true }),
    /** The start of the next digest's window: the end of the last one, or when alerts were turned on. */
    digestSince: timestamp("digest_since", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("saved_searches_user_id_idx").on(table.userId, table.createdAt),
    uniqueIndex("saved_searches_user_name_idx").on(table.userId, sql`lower(${table.name})`),
    index("saved_searches_due_idx")
      .on(table.nextDigestAt, table.id)
      .where(sql`${table.nextDigestAt} is not null`),
    check("saved_searches_alert", sql`${table.alert} in ('off', 'daily', 'weekly')`),
    check("saved_searches_name_length", sql`char_length(${table.name}) between 1 and 80`),
  ],
);

export type SavedSearchRow = typeof savedSearches.$inferSelect;

export const DIGEST_STATUSES = ["pending", "sending", "sent", "failed", "unknown", "dropped"] as const;
export type DigestStatus = (typeof DIGEST_STATUSES)[number];

/**
 * docs/product.md#alerts: one digest of a saved search for one period, with news: built (and the search's window moved
 * on) in one transaction, then delivered once. The unique (saved search, period) pair is the exactly-once
 * guarantee of the building; the status is the delivery's (alerts/digest-delivery.server.ts).
 */
export const alertDigests = pgTable(
  "alert_digests",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    savedSearchId: bigint("saved_search_id", { mode: "number" })
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The period: the instant the digest was due. */
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }).notNull(),
    windowFrom: timestamp("window_from", { withTimezone: true }).notNull(),
    windowTo: timestamp("window_to", { withTimezone: true }).notNull(),
    /** Companies that entered the search in the window (the email lists the first 50, company_ids). */
    companyCount: integer("company_count").notNull(),
    companyIds: integer("company_ids").array().notNull(),
    status: text("status", { enum: DIGEST_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    claimedBy: text("claimed_by"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    retryAt: timestamp("retry_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("alert_digests_period_idx").on(table.savedSearchId, table.scheduledFor),
    index("alert_digests_open_idx")
      .on(table.status, table.id)
      .where(sql`${table.status} in ('pending', 'sending')`),
    index("alert_digests_created_at_idx").on(table.createdAt),
    check(
      "alert_digests_status",
      sql`${table.status} in ('pending', 'sending', 'sent', 'failed', 'unknown', 'dropped')`,
    ),
  ],
);

export type AlertDigestRow = typeof alertDigests.$inferSelect;

export const EXPORT_DATABASES = ["companies", "lps"] as const;

/** docs/product.md#export-history: every export a user made: its criteria (a query string the export endpoint reads), rows and time. */
export const exportHistory = pgTable(
  "export_history",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    database: text("database", { enum: EXPORT_DATABASES }).notNull(),
    /** The export's criteria as its endpoint's query string (format and new-leads-only included). */
    query: text("query").notNull(),
    /** A converter target's id (docs/product.md#converter), or null for Roundlist's CSV. */
    format: text("format"),
    newOnly: boolean("new_only").notNull().default(false),
    /** Rows written; null while the file is still streaming. */
    rowCount: integer("row_count"),
    /** complete, or how it ended early (csv-stream.server.ts ExportStatus); null while streaming. */
    outcome: text("outcome"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("export_history_user_id_idx").on(table.userId, table.createdAt.desc(), table.id.desc()),
    check("export_history_database", sql`${table.database} in ('companies', 'lps')`),
  ],
);

export type ExportHistoryRow = typeof exportHistory.$inferSelect;

/**
 * docs/product.md#export, new leads only: each company a user has exported, once, with when it was first exported. The
 * primary key (user, company) is what an export's anti-join and the search page's marker look up.
 */
export const exportedCompanies = pgTable(
  "exported_companies",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id").notNull(),
    firstExportedAt: timestamp("first_exported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.companyId] })],
);

// ---------------------------------------------------------------------------------------------
// decision 030: rounds, investors and people. The companies' spec fields are derived from them by one
// writer (app/server/company-summary/), in the transaction that writes them.

/** Where a round, a person or an investor link came from. */
export const DATA_SOURCES = [
  "crunchbase_companies",
  "crunchbase_rounds",
  "demo",
  "backfill",
  // decision 031: SEC Form D filings (provenance 'SEC Form D').
  "sec_form_d",
] as const;
export type DataSource = (typeof DATA_SOURCES)[number];

export const investors = pgTable(
  "investors",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    /** core/investor-match.ts investorNameKey: the match key where a website is missing. */
    nameKey: text("name_key").notNull(),
    type: text("type", { enum: INVESTOR_TYPES }).notNull().default("other"),
    website: text("website"),
    /** core/investor-match.ts investorDomain: the first match key. */
    websiteDomain: text("website_domain"),
    city: text("city"),
    region: text("region"),
    country: text("country"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Matching: one `= any($domains)` and one `= any($keys)` per import batch.
    uniqueIndex("investors_website_domain_idx")
      .on(table.websiteDomain)
      .where(sql`${table.websiteDomain} is not null`),
    index("investors_name_key_idx").on(table.nameKey),
  ],
);

export const fundingRounds = pgTable(
  "funding_rounds",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    announcedOn: date("announced_on", { mode: "string" }),
    fundingType: text("funding_type"),
    amountUsd: bigint("amount_usd", { mode: "number" }),
    /** As announced, in `currency`. */
    amount: numeric("amount", { mode: "number" }),
    currency: text("currency"),
    /** The number of investors as the source states it (it may name fewer). */
    investorCount: integer("investor_count"),
    source: text("source", { enum: DATA_SOURCES }).notNull(),
    /** The source's own key for the round (a Crunchbase round's URL): re-importing finds it again. */
    sourceKey: text("source_key"),
    sourceUrl: text("source_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The company's timeline, the writer's reload of a batch's rounds, and the cascade from companies.
    index("funding_rounds_company_date_idx").on(
      table.companyId,
      table.announcedOn.desc().nullsLast(),
      table.id.desc(),
    ),
    uniqueIndex("funding_rounds_source_key_idx")
      .on(table.source, table.sourceKey)
      .where(sql`${table.sourceKey} is not null`),
    check("funding_rounds_amount_usd", sql`${table.amountUsd} >= 0`),
    check("funding_rounds_investor_count", sql`${table.investorCount} >= 0`),
  ],
);

export const roundInvestors = pgTable(
  "round_investors",
  {
    roundId: integer("round_id")
      .notNull()
      .references(() => fundingRounds.id, { onDelete: "cascade" }),
    investorId: integer("investor_id")
      .notNull()
      .references(() => investors.id, { onDelete: "cascade" }),
    /** Copied from the round by the writer: an investor's page reads its rounds from one index. */
    companyId: integer("company_id").notNull(),
    announcedOn: date("announced_on", { mode: "string" }),
    isLead: boolean("is_lead").notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.roundId, table.investorId] }),
    // An investor's rounds by date (migration 0028 adds INCLUDE (company_id, is_lead): index-only pages).
    index("round_investors_investor_date_idx").on(
      table.investorId,
      table.announcedOn.desc().nullsLast(),
      table.roundId.desc(),
    ),
  ],
);

/** An investor a source names for the company with no round (Crunchbase's `Top 5 Investors`, `Lead Investors`). */
export const companyInvestors = pgTable(
  "company_investors",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    investorId: integer("investor_id")
      .notNull()
      .references(() => investors.id, { onDelete: "cascade" }),
    isLead: boolean("is_lead").notNull().default(false),
    source: text("source", { enum: DATA_SOURCES }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.investorId] }),
    index("company_investors_investor_idx").on(table.investorId),
  ],
);

export const people = pgTable(
  "people",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Source order among the company's people. */
    position: integer("position").notNull().default(0),
    firstName: text("first_name"),
    lastName: text("last_name"),
    title: text("title"),
    roleKind: text("role_kind", { enum: ROLE_KINDS }).notNull(),
    email: text("email"),
    /** The person's own LinkedIn profile (the company's page is companies.linkedin). */
    linkedin: text("linkedin"),
    source: text("source", { enum: DATA_SOURCES }).notNull(),
    sourceUrl: text("source_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("people_company_position_idx").on(table.companyId, table.position),
    // Do-not-sell finds a person by address (as lp_contacts_email_lower_idx).
    index("people_email_lower_idx").on(sql`lower(${table.email})`),
    check("people_position", sql`${table.position} >= 0`),
  ],
);

/** One-off data migrations written in TypeScript (decision 030's backfill), each done once. */
export const dataBackfills = pgTable("data_backfills", {
  name: text("name").primaryKey(),
  doneAt: timestamp("done_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * decision 031: every Form D filing a round was built from, by accession number, and the accession numbers
 * its amendments name (`filed_on` null: named, not read yet), so a later original or amendment finds its
 * round. `root_accession` is the chain's root as the filing's reader knew it.
 */
export const formdFilings = pgTable(
  "formd_filings",
  {
    accessionNumber: text("accession_number").primaryKey(),
    roundId: integer("round_id")
      .notNull()
      .references(() => fundingRounds.id, { onDelete: "cascade" }),
    rootAccession: text("root_accession").notNull(),
    filedOn: date("filed_on", { mode: "string" }),
  },
  // The cascade from funding_rounds, and a round's newest filing (the one whose values it holds).
  (table) => [index("formd_filings_round_idx").on(table.roundId, table.filedOn)],
);

export type InvestorRow = typeof investors.$inferSelect;
export type FundingRoundRow = typeof fundingRounds.$inferSelect;
export type PersonRow = typeof people.$inferSelect;

// ---------------------------------------------------------------------------------------------
// decision 032: a status and a date on every address.

/**
 * What is known of an address, whoever holds it (people, a company's primary contact): its status, when and
 * how it was established, where it came from. Keyed by the address lower-cased, so a re-imported address
 * keeps its status and a changed one starts without.
 */
export const emailAddresses = pgTable(
  "email_addresses",
  {
    email: text("email").primaryKey(),
    status: text("status", { enum: EMAIL_STATUSES }).notNull(),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
    method: text("method", { enum: EMAIL_CHECK_METHODS }).notNull(),
    source: text("source", { enum: EMAIL_SOURCES }).notNull().default("imported"),
    /** What the check saw (an SMTP reply, "no mail host"), for the console. */
    detail: text("detail"),
    /** An `unknown` answer (greylisted, timed out) is asked again from here. */
    retryAt: timestamp("retry_at", { withTimezone: true }),
    /** The demo set's generated statuses (decision 028): never sent to a verifier. */
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (table) => [
    index("email_addresses_checked_at_idx").on(table.checkedAt),
    index("email_addresses_status_idx").on(table.status),
    index("email_addresses_retry_at_idx").on(table.retryAt).where(sql`${table.retryAt} is not null`),
    check("email_addresses_lower", sql`${table.email} = lower(${table.email})`),
    check("email_addresses_status", sql.raw(`status in (${EMAIL_STATUSES.map((v) => `'${v}'`).join(", ")})`)),
    check(
      "email_addresses_method",
      sql.raw(`method in (${EMAIL_CHECK_METHODS.map((v) => `'${v}'`).join(", ")})`),
    ),
    check("email_addresses_source", sql.raw(`source in (${EMAIL_SOURCES.map((v) => `'${v}'`).join(", ")})`)),
  ],
);

/** A subscriber's report that an address bounced: one per user and address (decision 032). */
export const emailBounceReports = pgTable(
  "email_bounce_reports",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    reportedAt: timestamp("reported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.email, table.userId] }),
    index("email_bounce_reports_reported_at_idx").on(table.reportedAt),
  ],
);

/** What the verifier learnt of a domain (decision 032): its mail hosts and whether it accepts every address. */
export const emailDomains = pgTable("email_domains", {
  domain: text("domain").primaryKey(),
  /** What the verifier keeps of the domain (email-verify/domain-facts.server.ts DomainFacts), as it stored it. */
  facts: jsonb("facts").$type<Record<string, unknown>>().notNull(),
  mxHosts: text("mx_hosts").array().notNull().default(sql`'{}'::text[]`),
  /** No MX and no A record: nothing there can receive mail. */
  noMail: boolean("no_mail").notNull().default(false),
  /** null: not probed yet. */
  acceptAll: boolean("accept_all"),
  checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A verification run (decision 032): the freshness job's or an admin's, with its progress for the console. */
export const emailVerificationRuns = pgTable("email_verification_runs", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  /** "schedule": the freshness job; "admin": an admin's selection. */
  trigger: text("trigger", { enum: ["schedule", "admin"] }).notNull(),
  /** The selection, as the console describes it ("Stale addresses", "Status: unknown"...). */
  selection: text("selection").notNull(),
  requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
  status: text("status", { enum: ["running", "done", "failed"] })
    .notNull()
    .default("running"),
  total: integer("total").notNull().default(0),
  checked: integer("checked").notNull().default(0),
  /** How many came out in each status. */
  counts: jsonb("counts").$type<Record<string, number>>().notNull().default({}),
  error: text("error"),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  progressAt: timestamp("progress_at", { withTimezone: true }).notNull().defaultNow(),
});

/*
 * The API's keys (decision 033). A key is shown once, when created; only its SHA-256 is stored (a key is 32
 * random bytes, so a fast hash is as strong as a slow one), with its first characters to tell keys apart.
 * A revoked key stays listed, refused.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The key's first characters ("rl_live_" and 6 more), shown in lists. */
    prefix: text("prefix").notNull(),
    /** Hex SHA-256 of the whole key. */
    keyHash: text("key_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key (api-keys.server.ts), so use does not cost a write per call. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("api_keys_key_hash_idx").on(table.keyHash),
    index("api_keys_user_id_idx").on(table.userId, table.createdAt),
    check("api_keys_name_length", sql`char_length(${table.name}) between 1 and 60`),
  ],
);

/**
 * Calls counted per key and window (a minute for the rate, a UTC day for the quota), in the database so every
 * app process shares them (decision 033). Windows older than two days are purged (retention/purge.server.ts).
 */
export const apiUsage = pgTable(
  "api_usage",
  {
    keyId: bigint("key_id", { mode: "number" })
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    window: text("window", { enum: ["minute", "day"] }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.keyId, table.window, table.startsAt] }),
    index("api_usage_starts_at_idx").on(table.startsAt),
    check("api_usage_window", sql`${table.window} in ('minute', 'day')`),
  ],
);

/**
 * docs/product.md#webhooks (decision 034): where a saved search delivers its new matches besides the email:
 * a customer's HTTPS endpoint (signed with `secret`) or a Slack incoming webhook. An endpoint that fails every
 * attempt for a day is disabled (status, disabled_at, disabled_reason) and its owner emailed.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    savedSearchId: bigint("saved_search_id", { mode: "number" })
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ENDPOINT_KINDS }).notNull(),
    url: text("url").notNull(),
    /** The HMAC key of a webhook's signatures (`whsec_...`); null for Slack, whose URL is its secret. */
    secret: text("secret"),
    status: text("status", { enum: ENDPOINT_STATUSES }).notNull().default("active"),
    /** The first failed attempt since the last success: a day of failures disables the endpoint. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    disabledReason: text("disabled_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("webhook_endpoints_user_id_idx").on(table.userId, table.createdAt),
    index("webhook_endpoints_saved_search_idx").on(table.savedSearchId),
    check("webhook_endpoints_kind", sql`${table.kind} in ('webhook', 'slack')`),
    check("webhook_endpoints_status", sql`${table.status} in ('active', 'disabled')`),
    check("webhook_endpoints_url_length", sql`char_length(${table.url}) between 1 and 2048`),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * One event to one endpoint: a digest (an alert period's new matches) delivered to each active endpoint of
 * its saved search, created in the digest's own transaction, unique per (endpoint, digest): exactly once per
 * period (decision 017). The body is written at the first attempt and sent byte for byte on every retry.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: bigint("endpoint_id", { mode: "number" })
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    digestId: bigint("digest_id", { mode: "number" })
      .notNull()
      .references(() => alertDigests.id, { onDelete: "cascade" }),
    /** Sent as Roundlist-Event-Id and in the body: the same on every retry, so a receiver can drop repeats. */
    eventId: text("event_id").notNull(),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    body: text("body"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    claimedBy: text("claimed_by"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("webhook_deliveries_period_idx").on(table.digestId, table.endpointId),
    uniqueIndex("webhook_deliveries_event_id_idx").on(table.eventId),
    index("webhook_deliveries_due_idx")
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.status} = 'pending'`),
    index("webhook_deliveries_sending_idx").on(table.claimedAt).where(sql`${table.status} = 'sending'`),
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.createdAt),
    check(
      "webhook_deliveries_status",
      sql`${table.status} in ('pending', 'sending', 'delivered', 'failed', 'dropped')`,
    ),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
