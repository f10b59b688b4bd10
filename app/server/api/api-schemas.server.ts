import * as z from "zod";
import "zod-openapi";
import { API_DEFAULT_PAGE_SIZE, API_MAX_PAGE_SIZE } from "~/core/api-keys";
import { EMAIL_SOURCES, EMAIL_STATUSES } from "~/core/email-status";
import { SORT_OPTIONS } from "~/core/search-sort";

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
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(API_MAX_PAGE_SIZE)
      .optional()
      .meta({
        description: `Companies per page, 1 to ${API_MAX_PAGE_SIZE} (default ${API_DEFAULT_PAGE_SIZE}).`,
      }),
    cursor: z.string().max(200).optional().meta({ description: "The `nextCursor` of the previous page." }),
  })
  .strict();

const emailStatus = z
  .object({
    status: z.enum(EMAIL_STATUSES).nullable(),
    checkedAt: z.string().nullable().meta({ description: "When the status was established (ISO 8601)." }),
    source: z.enum(EMAIL_SOURCES).nullable(),
  })
  .meta({ id: "EmailStatus" });

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
  .meta({ id: "CompanySummary" });

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

export type CompaniesQuery = z.infer<typeof companiesQuery>;
export type CompanySummaryAnswer = z.infer<typeof companySummary>;
export type CompanyDetailAnswer = z.infer<typeof companyDetail>;
export type MeAnswer = z.infer<typeof meAnswer>;
