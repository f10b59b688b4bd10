import * as z from "zod";
import "zod-openapi";
import { API_DEFAULT_PAGE_SIZE, API_MAX_PAGE_SIZE } from "~/core/api-keys";
import { EMAIL_SOURCES, EMAIL_STATUSES } from "~/core/email-status";
import { INVESTOR_TYPES } from "~/core/investor-match";
import { INVESTOR_PAGE_SIZE } from "~/core/investor-pages";
import { AUM_OPTIONS, CHECK_OPTIONS, LP_SORT_OPTIONS } from "~/core/lp-search-params";
import { ACCEPTS_EMERGING_VALUES, LP_TYPES } from "~/core/lp-types";
import { ALERT_FREQUENCY_VALUES, MAX_SAVED_SEARCH_NAME, MAX_SAVED_SEARCHES } from "~/core/saved-search";
import { SORT_OPTIONS } from "~/core/search-sort";
import { MAX_INVESTOR_QUERY_LENGTH } from "../companies/search-investors.server";

/**
 * The REST API's requests and answers as zod schemas (decision 033): the handlers validate with them and the
 * OpenAPI document (openapi.server.ts) is generated from them, so the two cannot drift apart.
 */

/** A query parameter that may repeat (`stage=Seed&stage=Series A`): one value or several. */
const repeated = (description: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .meta({ description, param: { style: "form", explode: true } });

/** `limit` of a list endpoint: 1 to API_MAX_PAGE_SIZE. */
const limit = (what: string) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(API_MAX_PAGE_SIZE)
    .optional()
    .meta({
      description: `${what} per page, 1 to ${API_MAX_PAGE_SIZE} (default ${API_DEFAULT_PAGE_SIZE}).`,
    });

const cursor = z.string().max(200).optional().meta({ description: "The `nextCursor` of the previous page." });

export const companiesQuery = z
  .object({
    q: z.string().max(200).optional().meta({ description: "Text: names, descriptions, founders." }),
    industry: repeated("Industries (any of them)."),
    stage: repeated("Last funding types, as the search page spells them (any of them)."),
    location: repeated(
      'Places: "continent:Europe", "country:Germany", "state:California" or a city (any of them).',
    ),
    investor: repeated("Investors' slugs (any of them)."),
    led: z.enum(["1"]).optional().meta({ description: '"1": only rounds the chosen investors led.' }),
    amount: z
      .string()
      .optional()
      .meta({ description: "Last round amount option, as the search page's URL names it." }),
    date: z
      .string()
      .optional()
      .meta({ description: "Funding date option, as the search page's URL names it." }),
    rounds: z.string().optional().meta({ description: "Number of funding rounds option." }),
    email: z.string().optional().meta({ description: '"valid" or "valid-or-accept-all".' }),
    sort: z.enum(SORT_OPTIONS.map((option) => option.value) as [string, ...string[]]).optional(),
    limit: limit("Companies"),
    cursor,
  })
  .strict();

const emailStatus = z
  .object({
    status: z.enum(EMAIL_STATUSES).nullable(),
    checkedAt: z.string().nullable().meta({ description: "When the status was established (ISO 8601)." }),
    source: z.enum(EMAIL_SOURCES).nullable(),
  })
  .meta({ id: "EmailStatusInEvent", outputId: "EmailStatus" });

export const companySummary = z
  .object({
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    industries: z.array(z.string()),
    location: z.string().nullable(),
    website: z.string().nullable(),
    linkedin: z.string().nullable(),
    lastFundingType: z.string().nullable(),
    lastFundingAmountUsd: z.number().nullable(),
    lastFundingDate: z.string().nullable(),
    totalFundingAmountUsd: z.number().nullable(),
    leadInvestors: z.array(z.string()),
    contact: z.object({
      name: z.string().nullable(),
      role: z.string(),
      email: z.string().nullable(),
      isEmailMasked: z
        .boolean()
        .meta({ description: "True when the address is masked: it needs export access." }),
      emailStatus: emailStatus.nullable(),
    }),
    url: z.string().meta({ description: "The company's page on Roundlist." }),
  })
  // Sent as a webhook's body too (a request, in OpenAPI's terms): the answers keep the name CompanySummary.
  .meta({ id: "CompanySummaryInEvent", outputId: "CompanySummary" });

export const companiesPage = z
  .object({
    data: z.array(companySummary),
    total: z.number().int(),
    isTotalApproximate: z
      .boolean()
      .meta({ description: "True when `total` is an estimate, as the search page shows it." }),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: "CompaniesPage" });

const investorLink = z.object({ name: z.string(), slug: z.string(), isLead: z.boolean() });

export const companyDetail = companySummary
  .extend({
    fullDescription: z.string().nullable(),
    city: z.string().nullable(),
    region: z.string().nullable(),
    country: z.string().nullable(),
    updatedAt: z.string(),
    rounds: z.array(
      z.object({
        announcedOn: z.string().nullable(),
        fundingType: z.string().nullable(),
        amountUsd: z.number().nullable(),
        amount: z.number().nullable(),
        currency: z.string().nullable(),
        investors: z.array(investorLink),
        statedInvestorCount: z.number().int().nullable(),
        source: z.string(),
        sourceUrl: z.string().nullable(),
      }),
    ),
    investors: z.array(investorLink),
    people: z.array(
      z.object({
        name: z.string(),
        title: z.string(),
        kind: z.string(),
        email: z.string().nullable(),
        isEmailMasked: z.boolean(),
        emailStatus: emailStatus.nullable(),
      }),
    ),
  })
  .meta({ id: "CompanyDetail" });

export const companyPath = z.object({
  slug: z.string().max(200).meta({ description: "The company's slug, as in its page's address." }),
});

export const meAnswer = z
  .object({
    email: z.string(),
    plan: z.object({
      hasProAccess: z.boolean(),
      isTrialing: z.boolean(),
      hasLpAccess: z.boolean(),
      hasExportAccess: z
        .boolean()
        .meta({ description: "Full addresses in answers need it (a paid plan, not a trial)." }),
    }),
    limits: z.object({
      perMinute: z.number().int(),
      perDay: z.number().int(),
      usedToday: z.number().int(),
      resetsInSeconds: z
        .number()
        .int()
        .meta({ description: "Seconds until the daily quota resets (midnight UTC)." }),
    }),
    key: z.object({ prefix: z.string(), name: z.string() }),
  })
  .meta({ id: "Me" });

export const errorAnswer = z
  .object({
    error: z.string(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: "Error" });

/** A list's page as every list endpoint answers it: its rows, the exact total and the next page's cursor. */
const pageOf = <Row extends z.ZodType>(row: Row) =>
  z.object({
    data: z.array(row),
    total: z.number().int().meta({ description: "Every row the request matches, over all its pages." }),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "The next page's `cursor`; null on the last page." }),
  });

// Investors (docs/product.md#investors): their figures count only companies no do-not-sell request hides.

export const investorsQuery = z
  .object({
    q: z.string().max(MAX_INVESTOR_QUERY_LENGTH).optional().meta({
      description: "Text in the investor's name (accents and case ignored); names starting with it first.",
    }),
    limit: limit("Investors"),
    cursor,
  })
  .strict();

export const investorSummary = z
  .object({
    slug: z.string(),
    name: z.string(),
    type: z.enum(INVESTOR_TYPES),
    companies: z.number().int().meta({ description: "Companies it backed in a round." }),
    rounds: z.number().int().meta({ description: "Rounds it joined." }),
    recentRounds: z.number().int().meta({ description: "Of those, announced in the last 12 months." }),
    lastRoundOn: z.string().nullable().meta({ description: "Its newest round's date (YYYY-MM-DD)." }),
    website: z.string().nullable(),
    city: z.string().nullable(),
    region: z.string().nullable(),
    country: z.string().nullable(),
    url: z.string().meta({ description: "The investor's page on Roundlist." }),
  })
  .meta({ id: "InvestorSummary" });

export const investorsPage = pageOf(investorSummary).meta({ id: "InvestorsPage" });

export const investorPath = z.object({
  slug: z.string().max(200).meta({ description: "The investor's slug, as in its page's address." }),
});

export const investorQuery = z
  .object({
    cursor: z
      .string()
      .max(200)
      .optional()
      .meta({
        description: `The \`nextCursor\` of the previous answer: its next ${INVESTOR_PAGE_SIZE} rounds.`,
      }),
  })
  .strict();

const namedCount = z.object({ name: z.string(), count: z.number().int() });

export const investorDetail = investorSummary
  .extend({
    leadRounds: z.number().int().meta({ description: "Rounds it led." }),
    stages: z.array(namedCount).meta({ description: "The stages it backs, most rounds first." }),
    sectors: z.array(namedCount).meta({ description: "The sectors of the companies it backs, most first." }),
    coInvestors: z.array(
      z.object({
        slug: z.string(),
        name: z.string(),
        type: z.enum(INVESTOR_TYPES),
        sharedRounds: z.number().int(),
      }),
    ),
    portfolio: z
      .array(
        z.object({
          announcedOn: z.string().nullable(),
          fundingType: z.string().nullable(),
          amountUsd: z.number().nullable(),
          isLead: z.boolean(),
          company: z.object({ slug: z.string(), name: z.string(), url: z.string() }),
        }),
      )
      .meta({
        description: `Its rounds with the companies it backed, newest first, ${INVESTOR_PAGE_SIZE} an answer as on its page.`,
      }),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "The `cursor` of its next rounds; null after the last." }),
  })
  .meta({ id: "InvestorDetail" });

// LPs (docs/product.md#lps): LP access only; contact addresses in full, as on /lps and in its export.

const repeatedSlugs = (description: string) => repeated(`${description} (any of them).`);

export const lpsQuery = z
  .object({
    q: z.string().max(200).optional().meta({ description: "Text: the LP's name, city and contacts' names." }),
    type: repeatedSlugs("LP types, as the /lps page's URL names them"),
    location: repeatedSlugs('Headquarters: "region:europe" or "country:Germany"'),
    asset: repeatedSlugs("Asset classes"),
    stage: repeatedSlugs("Stage focus"),
    sector: repeatedSlugs("Sector focus"),
    aum: z
      .enum(AUM_OPTIONS.map((option) => option.value) as [string, ...string[]])
      .optional()
      .meta({ description: "Assets under management." }),
    check: z
      .enum(CHECK_OPTIONS.map((option) => option.value) as [string, ...string[]])
      .optional()
      .meta({ description: "Check size: LPs whose range overlaps it." }),
    emerging: z
      .enum(["yes"])
      .optional()
      .meta({ description: '"yes": only LPs that back emerging managers.' }),
    first_time: z
      .enum(["yes"])
      .optional()
      .meta({ description: '"yes": only LPs that back first-time funds.' }),
    sort: z.enum(LP_SORT_OPTIONS.map((option) => option.value) as [string, ...string[]]).optional(),
    limit: limit("LPs"),
    cursor,
  })
  .strict();

export const lpDetail = z
  .object({
    slug: z.string(),
    name: z.string(),
    type: z.enum(LP_TYPES),
    city: z.string().nullable(),
    region: z.string().nullable(),
    country: z.string().nullable(),
    website: z.string().nullable(),
    aumUsd: z.number().nullable(),
    aumAsOf: z.string().nullable(),
    checkMinUsd: z.number().nullable(),
    checkMaxUsd: z.number().nullable(),
    assetClasses: z.array(z.string()),
    stageFocus: z.array(z.string()),
    sectorFocus: z.array(z.string()),
    geoFocus: z.array(z.string()),
    acceptsEmerging: z.enum(ACCEPTS_EMERGING_VALUES),
    backsFirstTimeFunds: z.boolean(),
    mfoModel: z.string().nullable(),
    description: z.string().nullable(),
    contacts: z.array(
      z.object({
        name: z.string(),
        title: z.string().nullable(),
        email: z.string().nullable(),
        isEmailMasked: z.boolean(),
        linkedin: z.string().nullable(),
      }),
    ),
    commitments: z
      .array(
        z.object({
          fundName: z.string(),
          vintage: z.number().int().nullable(),
          amountUsd: z.number().nullable(),
        }),
      )
      .meta({ description: "The newest commitments known (by vintage), as the /lps page lists them." }),
    commitmentCount: z.number().int().meta({ description: "Every commitment known." }),
  })
  .meta({ id: "Lp" });

export const lpsPage = pageOf(lpDetail).meta({ id: "LpsPage" });

export const lpPath = z.object({
  slug: z.string().max(200).meta({ description: "The LP's slug." }),
});

// Saved searches (docs/product.md#saved-searches): the rules and messages of /api/saved-searches.

// The service (saved-searches.server.ts) decides a name's length once trimmed, with its messages: the schema
// states the bound for the document only.
const savedSearchName = z.string().meta({
  description: `1 to ${MAX_SAVED_SEARCH_NAME} characters once trimmed; unique among yours (case ignored).`,
  maxLength: MAX_SAVED_SEARCH_NAME,
});
const savedSearchAlert = z
  .enum(ALERT_FREQUENCY_VALUES)
  .meta({ description: "The email alert: daily at 07:00 UTC, weekly on Mondays, or off." });

export const savedSearchCreate = z
  .object({
    name: savedSearchName,
    query: z.string().meta({
      description:
        "The search as the search page's query string (the parameters of `GET /companies`, without `limit` and `cursor`).",
    }),
    alert: savedSearchAlert.nullable().optional().meta({ description: 'Default "off".' }),
  })
  .strict()
  .meta({ id: "SavedSearchCreate" });

export const savedSearchChange = z
  .object({ name: savedSearchName.optional(), alert: savedSearchAlert.optional() })
  .strict()
  .meta({ id: "SavedSearchChange" });

export const savedSearch = z
  .object({
    id: z.number().int(),
    name: z.string(),
    query: z.string().meta({ description: "The search page's query string, in its canonical form." }),
    alert: z.enum(ALERT_FREQUENCY_VALUES),
    nextDigestAt: z
      .string()
      .nullable()
      .meta({ description: "When the next alert is due; null while it is off." }),
    createdAt: z.string(),
    updatedAt: z.string(),
    url: z.string().meta({ description: "The search on Roundlist's search page." }),
  })
  .meta({ id: "SavedSearch" });

export const savedSearchesList = z
  .object({
    data: z.array(savedSearch).meta({ description: "Newest first." }),
    max: z
      .number()
      .int()
      .meta({ description: `The most a user may keep (${MAX_SAVED_SEARCHES}).` }),
  })
  .meta({ id: "SavedSearches" });

export const savedSearchDeleted = z
  .object({ deleted: z.number().int().meta({ description: "The id of the saved search deleted." }) })
  .meta({ id: "SavedSearchDeleted" });

export const savedSearchPath = z.object({
  id: z.string().max(20).meta({ description: "The saved search's id." }),
});

/**
 * The body of a `search.new_matches` webhook (decision 034, webhooks/webhook-events.server.ts): an alert
 * period's new companies of a saved search, as GET /companies answers them.
 */
export const newMatchesEvent = z
  .object({
    id: z
      .string()
      .meta({ description: "The event's id, also sent as Roundlist-Event-Id; the same on every retry." }),
    type: z.literal("search.new_matches"),
    createdAt: z.string().meta({ description: "When the event was first sent (ISO 8601)." }),
    data: z.object({
      savedSearch: z.object({
        id: z.number().int(),
        name: z.string(),
        url: z.string().meta({ description: "The search on Roundlist." }),
      }),
      window: z.object({
        from: z.string().meta({ description: "Companies recorded after this instant (ISO 8601)..." }),
        to: z.string().meta({ description: "...and up to this one." }),
      }),
      total: z.number().int().meta({ description: "Companies that entered the search in the window." }),
      companies: z
        .array(companySummary)
        .meta({ description: "The first 50 of them, in the search's order." }),
    }),
  })
  .meta({ id: "NewMatchesEvent" });

export type NewMatchesEventBody = z.infer<typeof newMatchesEvent>;
export type CompaniesQuery = z.infer<typeof companiesQuery>;
export type CompaniesPageAnswer = z.infer<typeof companiesPage>;
export type CompanySummaryAnswer = z.infer<typeof companySummary>;
export type CompanyDetailAnswer = z.infer<typeof companyDetail>;
export type MeAnswer = z.infer<typeof meAnswer>;
export type InvestorSummaryAnswer = z.infer<typeof investorSummary>;
export type InvestorDetailAnswer = z.infer<typeof investorDetail>;
export type LpAnswer = z.infer<typeof lpDetail>;
export type SavedSearchAnswer = z.infer<typeof savedSearch>;
