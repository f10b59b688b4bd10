import { PRODUCT_NAME } from "./brand";
import { CAPABILITIES, hasCapability } from "./capabilities";
import { PLANS } from "./plans";

/**
 * The comparison pages at /compare/{slug}: what Roundlist and six other data providers offer, as data
 * (the page renders it). Every sentence about another provider carries the page it comes from and the
 * day it was read; where no page said it, the cell reads "Not published" and claims nothing. Statements
 * about Roundlist are our own and need no source: they are written from the plans and the capabilities list
 * (docs/product.md#capabilities), so they say what the product does today.
 */

/** The day the sources below were read (stored copies of the public pages, read that day). */
export const SOURCES_READ_ON = "2026-11-24";

export interface Source {
  url: string;
  /** YYYY-MM-DD. */
  readOn: string;
  title?: string;
}

/** A sourced sentence about the competitor. */
export interface Claim {
  text: string;
  source: Source;
}

export const FEATURE_KEYS = [
  "priceModel",
  "trialAndExport",
  "founderEmails",
  "fundingFilters",
  "smallRounds",
  "alerts",
  "api",
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

export const FEATURE_LABELS: Record<FeatureKey, string> = {
  priceModel: "Price model",
  trialAndExport: "Trial and export",
  founderEmails: "Founder emails",
  fundingFilters: "Funding filters",
  smallRounds: "Coverage of small rounds",
  alerts: "Alerts",
  api: "API",
};

/** The cell for a competitor when none of the pages read states the fact. */
export const NOT_PUBLISHED = "Not published";

export interface FeatureRow {
  key: FeatureKey;
  label: string;
  roundlist: string;
  competitor: string;
  /** Required when `competitor` states a fact (anything but "Not published"). */
  source?: Source;
}

export interface Competitor {
  /** "crunchbase-alternative"; the page is /compare/{slug}. */
  slug: string;
  name: string;
  /** Page title, e.g. "Crunchbase alternative for finding funded startups' founders". */
  title: string;
  /** 120-160 characters. */
  metaDescription: string;
  /** What the provider is (1-3 sourced sentences). */
  summary: Claim[];
  /** One row per FeatureKey, in FEATURE_KEYS order. */
  features: FeatureRow[];
  /** Where the competitor is the better choice (1-3 sourced sentences). */
  betterChoiceWhen: Claim[];
  /** Where Roundlist fits better: our own product, stated modestly. */
  roundlistFitWhen: string[];
}

const dollars = (cents: number | null) => `$${(cents ?? 0) / 100}`;
const TRIAL_DAYS = PLANS.monthly.trialDays;

/** Roundlist's column, the same on every page, from the plans and the capabilities (docs/product.md#capabilities). */
export const ROUNDLIST_FEATURES: Record<FeatureKey, string> = {
  priceModel: `${dollars(PLANS.monthly.priceCents)} a month or ${dollars(PLANS.pro.priceCents)} a year, self-serve`,
  trialAndExport:
    CAPABILITIES.csvExport.access === "paid"
      ? `${TRIAL_DAYS}-day free trial; CSV export once paid`
      : `${TRIAL_DAYS}-day free trial, CSV export included`,
  founderEmails:
    CAPABILITIES.founderEmails.access === "trial"
      ? "Shown and copyable on every plan, the free trial included"
      : "Shown and copyable on every paid plan",
  fundingFilters: "Stage, amount, date, industry, location",
  smallRounds: "Pre-Seed, Seed and Angel rounds included",
  alerts: hasCapability("alerts") ? "Daily or weekly email alerts on saved searches" : "No",
  api: hasCapability("publicApi") ? "Yes" : "No",
};

function source(url: string, title: string): Source {
  return { url, readOn: SOURCES_READ_ON, title };
}

/** The competitor's cells in FEATURE_KEYS order; a cell without a source must be "Not published". */
type CompetitorCells = Record<FeatureKey, { text: string; source: Source } | typeof NOT_PUBLISHED>;

function featureRows(cells: CompetitorCells): FeatureRow[] {
  return FEATURE_KEYS.map((key) => {
    const cell = cells[key];
    const base = { key, label: FEATURE_LABELS[key], roundlist: ROUNDLIST_FEATURES[key] };
    if (cell === NOT_PUBLISHED) return { ...base, competitor: NOT_PUBLISHED };
    return { ...base, competitor: cell.text, source: cell.source };
  });
}

// Sources, one constant per page read, so a page cited twice is spelled once.

const CRUNCHBASE = {
  cancellation: source(
    "https://about.crunchbase.com/terms-of-service/cancellation-policy/",
    "Crunchbase cancellation policy",
  ),
  // Stored copy was fetched over http; the same page is served at this https address.
  fundingTypes: source(
    "https://about.crunchbase.com/knowledge-center/glossary-funding-types/",
    "Crunchbase knowledge center: glossary of funding types",
  ),
  api: source("https://data.crunchbase.com/docs/using-the-api", "Crunchbase Data: using the API"),
  newsMethodology: source(
    "https://news.crunchbase.com/methodology/",
    "How the Crunchbase News team uses data in its reporting",
  ),
  predictions: source(
    "https://support.crunchbase.com/hc/en-us/articles/38557596732691-Crunchbase-s-Prediction-Models-and-Performance",
    "Crunchbase's prediction models and performance",
  ),
};

const PITCHBOOK = {
  terms: source("https://pitchbook.com/terms-of-use", "PitchBook terms of use"),
  api: source(
    "https://documenter.gw.postman.com/view/metadata/TzCV1iRc",
    "PitchBook Public API v2 documentation (Postman)",
  ),
  industrySearch: source(
    "https://pitchbook.com/help/using-industries-verticals-keywords",
    "PitchBook help: how to search using industries, verticals, and keywords",
  ),
  preSeed: source(
    "https://scribd.com/document/673161030/Q3-2023-PitchBook-Analyst-Note-Introducing-the-Pre-Seed-Dataset",
    "PitchBook analyst note: Introducing the Pre-Seed Dataset (2023, copy on Scribd)",
  ),
  valuations: source(
    "https://pitchbook.com/blog/how-pitchbook-calculates-valuation-data",
    "PitchBook blog: how PitchBook calculates valuation data",
  ),
  dealTerms: source(
    "https://prnewswire.com/news-releases/pitchbooks-new-venture-capital-dealmaking-indicator-estimates-fundraising-environment-for-early--and-late-stage-financing-301351972.html",
    "PitchBook press release: VC Dealmaking Indicator (2021)",
  ),
  benchmarks: source(
    "https://pitchbook.com/help/pitchbook-benchmarks",
    "PitchBook help: PitchBook Benchmarks",
  ),
};

const APOLLO = {
  about: source("https://docs.apollo.io/docs/build-with-apollo", "Apollo developer docs: Build with Apollo"),
  plan: source(
    "https://knowledge.apollo.io/hc/en-us/articles/4677130104333-Customize-and-Manage-Your-Apollo-Plan",
    "Apollo knowledge base: customize and manage your Apollo plan",
  ),
  creditUsage: source(
    "https://knowledge.apollo.io/hc/en-us/articles/9527776320781-Review-Credit-Usage-in-Apollo",
    "Apollo knowledge base: review credit usage in Apollo",
  ),
  emailStatuses: source(
    "https://knowledge.apollo.io/hc/en-us/articles/4423314404621",
    "Apollo knowledge base: email statuses",
  ),
  jobChangeAlerts: source(
    "https://knowledge.apollo.io/hc/en-us/articles/5130064363661",
    "Apollo knowledge base: update contacts with job change alerts",
  ),
  apiPricing: source("https://docs.apollo.io/docs/api-pricing", "Apollo developer docs: API pricing"),
};

const ZOOMINFO = {
  api: source("https://api-docs.zoominfo.com/", "ZoomInfo API documentation"),
  credits: source(
    "https://docs.zoominfo.com/docs/credit-usage-and-limits",
    "ZoomInfo API: credit usage and limits",
  ),
  communityEdition: source(
    "https://www.zoominfo.com/b2b/community-edition-data",
    "ZoomInfo Community Edition data",
  ),
  searchContacts: source(
    "https://docs.zoominfo.com/reference/searchinterface_searchcontact",
    "ZoomInfo API reference: search contacts",
  ),
};

const DEALROOM = {
  terms: source("https://dealroom.co/disclaimer", "Dealroom.co terms of service"),
  entities: source(
    "https://knowledge.dealroom.co/knowledge/entities?hsLang=en",
    "Dealroom knowledge base: entities",
  ),
  roundTypes: source(
    "https://knowledge.dealroom.co/knowledge/investment-round-types",
    "Dealroom knowledge base: investment round types",
  ),
  signal: source(
    "https://knowledge.dealroom.co/knowledge/dealroom-signal-1",
    "Dealroom knowledge base: Dealroom Signal",
  ),
};

const CB_INSIGHTS = {
  msa: source("https://legal.cbinsights.com/", "CB Insights master subscription agreement"),
  // Stored copy read through a mirror of this page.
  apiAuth: source(
    "https://api-docs.cbinsights.com/portal/docs/CBI-API/Authentication",
    "CB Insights developer portal: authentication",
  ),
  dataSources: source(
    "https://www.cbinsights.com/research/team-blog/private-company-financing-data-sources-cruncher/",
    "CB Insights blog: where our financing and exit data comes from",
  ),
  mosaic: source("https://www.cbinsights.com/company-mosaic", "CB Insights: Company Mosaic"),
};

/** Where Roundlist fits, whatever the competitor: our own product, stated modestly. */
const SELF_SERVE_FIT = `You want to see the price up front (${dollars(PLANS.monthly.priceCents)} a month or ${dollars(PLANS.pro.priceCents)} a year) and start on your own with a ${TRIAL_DAYS}-day free trial.`;
const EARLY_ROUNDS_FIT = "Your buyers are early-stage: Pre-Seed, Seed and Angel rounds are in the data.";

export const COMPETITORS: readonly Competitor[] = [
  {
    slug: "crunchbase-alternative",
    name: "Crunchbase",
    title: "Crunchbase alternative for finding funded startups' founders",
    metaDescription: `${PRODUCT_NAME} vs Crunchbase: price, trial, CSV export, founder emails and funding filters compared, with sources, for selling to recently funded startups.`,
    summary: [
      {
        text: "Crunchbase holds data on companies, funding rounds, investors and funds, along with aggregated data on people such as their current roles.",
        source: CRUNCHBASE.newsMethodology,
      },
      {
        text: "Its read-only REST API gives approved developers the same data that powers crunchbase.com.",
        source: CRUNCHBASE.api,
      },
    ],
    features: featureRows({
      priceModel: {
        text: "Self-serve subscriptions (Lite, Starter, Pro, Pro with Data Boost) that renew automatically",
        source: CRUNCHBASE.cancellation,
      },
      trialAndExport: {
        text: "Its cancellation policy refers to a one-week free trial",
        source: CRUNCHBASE.cancellation,
      },
      founderEmails: {
        text: "Contacts are unlocked from a purchased Contacts package",
        source: CRUNCHBASE.cancellation,
      },
      fundingFilters: {
        text: "Search by funding type (Angel, Seed, Series rounds and more) in Crunchbase Pro",
        source: CRUNCHBASE.fundingTypes,
      },
      smallRounds: {
        text: "Angel and Seed rounds are tracked funding types",
        source: CRUNCHBASE.fundingTypes,
      },
      alerts: NOT_PUBLISHED,
      api: {
        text: "Full API with an Enterprise or Applications licence; the Basic plan is limited to the Basic APIs",
        source: CRUNCHBASE.api,
      },
    }),
    betterChoiceWhen: [
      {
        text: "You research investors and funds as well as companies: Crunchbase covers companies, funding rounds, investors and funds.",
        source: CRUNCHBASE.newsMethodology,
      },
      {
        text: "You want to build Crunchbase data into your own software through its REST API.",
        source: CRUNCHBASE.api,
      },
      {
        text: "You want predictive signals: its Predictions and Insights API offers models for funding, exits, growth and layoffs.",
        source: CRUNCHBASE.predictions,
      },
    ],
    roundlistFitWhen: [
      "You sell to startups and want recently funded companies and their founders' emails in one list, to copy or export to CSV.",
      "You want founder emails included in the plan rather than unlocked from a contacts package.",
      EARLY_ROUNDS_FIT,
    ],
  },
  {
    slug: "pitchbook-alternative",
    name: "PitchBook",
    title: "PitchBook alternative for reaching newly funded startups",
    metaDescription: `${PRODUCT_NAME} vs PitchBook: how a self-serve list of funded startups and founder emails compares with a private-market research platform, with sources.`,
    summary: [
      {
        text: "PitchBook's API gives access to its database of companies, deals, people, investors, funds, service providers and limited partners.",
        source: PITCHBOOK.api,
      },
      {
        text: "Access is provided to subscribers under an order form, subscription agreement or other data licence agreement.",
        source: PITCHBOOK.terms,
      },
    ],
    features: featureRows({
      priceModel: {
        text: "Subscription under an order form or subscription agreement",
        source: PITCHBOOK.terms,
      },
      trialAndExport: {
        text: "Trial access, where PitchBook agrees to it, may be limited to parts of the content",
        source: PITCHBOOK.terms,
      },
      founderEmails: NOT_PUBLISHED,
      fundingFilters: {
        text: "Companies & Deals screeners, with industry, vertical and keyword criteria",
        source: PITCHBOOK.industrySearch,
      },
      smallRounds: {
        text: "A pre-seed dataset, introduced in September 2023",
        source: PITCHBOOK.preSeed,
      },
      alerts: NOT_PUBLISHED,
      api: {
        text: "A separate offering with its own contract; each request costs credits",
        source: PITCHBOOK.api,
      },
    }),
    betterChoiceWhen: [
      {
        text: "You need private-company valuation data: PitchBook publishes how it calculates valuations.",
        source: PITCHBOOK.valuations,
      },
      {
        text: "You analyse venture deal terms, such as liquidation participation and anti-dilution terms, which PitchBook tracks.",
        source: PITCHBOOK.dealTerms,
      },
      {
        text: "You are an LP or GP benchmarking fund performance against peer groups.",
        source: PITCHBOOK.benchmarks,
      },
    ],
    roundlistFitWhen: [
      "You need a prospect list of funded startups and their founders' emails rather than valuations, deal terms or fund performance.",
      SELF_SERVE_FIT,
      EARLY_ROUNDS_FIT,
    ],
  },
  {
    slug: "apollo-alternative",
    name: "Apollo.io",
    title: "Apollo.io alternative for selling to funded startups",
    metaDescription: `${PRODUCT_NAME} vs Apollo.io: a list of venture-funded startups and founder emails compared with a broad sales platform on price, credits and filters, with sources.`,
    summary: [
      {
        text: "Apollo describes itself as a sales intelligence and engagement platform, with a database of over 240 million contacts and 30 million companies.",
        source: APOLLO.about,
      },
    ],
    features: featureRows({
      priceModel: {
        text: "A free plan and paid plans; admins add seats and credits themselves",
        source: APOLLO.plan,
      },
      trialAndExport: {
        text: "Exports are among the features that can use credits, which depend on the plan",
        source: APOLLO.creditUsage,
      },
      founderEmails: { text: "A verified email costs 1 credit per contact", source: APOLLO.emailStatuses },
      fundingFilters: NOT_PUBLISHED,
      smallRounds: NOT_PUBLISHED,
      alerts: { text: "Job change alerts for saved contacts", source: APOLLO.jobChangeAlerts },
      api: {
        text: "Basic API access for every customer; more depends on the plan, and some endpoints use credits",
        source: APOLLO.apiPricing,
      },
    }),
    betterChoiceWhen: [
      {
        text: "You sell to companies of every kind, not only funded startups: Apollo's database holds over 240 million contacts and 30 million companies.",
        source: APOLLO.about,
      },
      {
        text: "You want prospecting data and outreach sequences in one tool.",
        source: APOLLO.about,
      },
      {
        text: "You want to start on a free plan.",
        source: APOLLO.plan,
      },
    ],
    roundlistFitWhen: [
      "You only sell to venture-funded startups and want the list already narrowed to them, filtered by stage, amount and funding date.",
      "You want founder emails shown on every paid plan, without spending credits per contact.",
      EARLY_ROUNDS_FIT,
    ],
  },
  {
    slug: "zoominfo-alternative",
    name: "ZoomInfo",
    title: "ZoomInfo alternative for startup founder leads",
    metaDescription: `${PRODUCT_NAME} vs ZoomInfo: founder emails of recently funded startups compared with an enterprise B2B data platform on price, trial and filters, with sources.`,
    summary: [
      {
        text: "ZoomInfo describes itself as a data intelligence platform for B2B go-to-market teams; its API searches its companies and contacts and enriches CRM and marketing automation records.",
        source: ZOOMINFO.api,
      },
    ],
    features: featureRows({
      priceModel: {
        text: "API credits are bought in bulk each year; one credit per record first enriched in a rolling 12 months",
        source: ZOOMINFO.credits,
      },
      trialAndExport: {
        text: "Free Community Edition access in exchange for sharing your business contacts",
        source: ZOOMINFO.communityEdition,
      },
      founderEmails: {
        text: "Emails and phone numbers come from its Enrich API; search results do not include them",
        source: ZOOMINFO.searchContacts,
      },
      fundingFilters: { text: "Funding details are part of its company data", source: ZOOMINFO.api },
      smallRounds: NOT_PUBLISHED,
      alerts: { text: "Scoops, news alerts and intent data", source: ZOOMINFO.api },
      api: { text: "Enterprise API to search and enrich company and contact records", source: ZOOMINFO.api },
    }),
    betterChoiceWhen: [
      {
        text: "You enrich a large CRM or marketing automation database with company and contact data through an API.",
        source: ZOOMINFO.api,
      },
      {
        text: "You sell into large organisations and need technographics, corporate hierarchies and intent data.",
        source: ZOOMINFO.api,
      },
    ],
    roundlistFitWhen: [
      "Your targets are recently funded startups and their founders rather than large companies.",
      SELF_SERVE_FIT,
      EARLY_ROUNDS_FIT,
    ],
  },
  {
    slug: "dealroom-alternative",
    name: "Dealroom",
    title: "Dealroom alternative for funded-startup lead lists",
    metaDescription: `${PRODUCT_NAME} vs Dealroom: founder emails and CSV export of funded startups compared with a startup and ecosystem intelligence platform, with sources.`,
    summary: [
      {
        text: "Dealroom offers data on start-ups, high-growth companies, ecosystems and investors, through its platform as software-as-a-service and through an API.",
        source: DEALROOM.terms,
      },
      {
        text: "It tracks tech companies designed for rapid growth, founded after 1990: companies it calls venture-backable.",
        source: DEALROOM.entities,
      },
    ],
    features: featureRows({
      priceModel: NOT_PUBLISHED,
      trialAndExport: {
        text: "Data exports, with some fields (the standardised round) available in exports only",
        source: DEALROOM.roundTypes,
      },
      founderEmails: NOT_PUBLISHED,
      fundingFilters: {
        text: "Searches use the round type each company announced",
        source: DEALROOM.roundTypes,
      },
      smallRounds: {
        text: "Tracks companies backed by angels, grants or accelerators, and unfunded ones",
        source: DEALROOM.entities,
      },
      alerts: NOT_PUBLISHED,
      api: { text: "API access under a separate API agreement", source: DEALROOM.terms },
    }),
    betterChoiceWhen: [
      {
        text: "You study ecosystems and investment strategies rather than individual leads.",
        source: DEALROOM.terms,
      },
      {
        text: "You want comparable round labels for analysis: Dealroom assigns a standardised round from the announced label, round size, company age and funding history.",
        source: DEALROOM.roundTypes,
      },
      {
        text: "You want a score of which companies and founders look promising (Dealroom Signal).",
        source: DEALROOM.signal,
      },
    ],
    roundlistFitWhen: [
      "You want people to contact, with founder emails and CSV export, more than market analysis.",
      SELF_SERVE_FIT,
      EARLY_ROUNDS_FIT,
    ],
  },
  {
    slug: "cb-insights-alternative",
    name: "CB Insights",
    title: "CB Insights alternative for funded-startup founder leads",
    metaDescription: `${PRODUCT_NAME} vs CB Insights: a self-serve list of funded startups and founder emails compared with a market intelligence platform, with sources.`,
    summary: [
      {
        text: "CB Insights gathers private-company financing and exit data, partly by machine-learning extraction and partly from investors who submit it directly.",
        source: CB_INSIGHTS.dataSources,
      },
      {
        text: "Its Mosaic score estimates the health and growth potential of private companies from non-traditional signals.",
        source: CB_INSIGHTS.mosaic,
      },
    ],
    features: featureRows({
      priceModel: {
        text: "Subscriptions bought by order form or web checkout under its master subscription agreement",
        source: CB_INSIGHTS.msa,
      },
      trialAndExport: {
        text: "Trial access to its API on sign-up",
        source: CB_INSIGHTS.apiAuth,
      },
      founderEmails: NOT_PUBLISHED,
      fundingFilters: {
        text: "Financing data includes amount, valuation, date and stage",
        source: CB_INSIGHTS.dataSources,
      },
      smallRounds: NOT_PUBLISHED,
      alerts: NOT_PUBLISHED,
      api: {
        text: "API credentials issued by CB Insights; production access through a representative",
        source: CB_INSIGHTS.apiAuth,
      },
    }),
    betterChoiceWhen: [
      {
        text: "You want a predictive score of private-company health (Mosaic) to compare partners, vendors or acquisition targets.",
        source: CB_INSIGHTS.mosaic,
      },
      {
        text: "You track financings and exits, including valuations, across private companies.",
        source: CB_INSIGHTS.dataSources,
      },
    ],
    roundlistFitWhen: [
      "You want a lead list of funded startups and their founders rather than market research and company scores.",
      SELF_SERVE_FIT,
      EARLY_ROUNDS_FIT,
    ],
  },
];

/** The /compare hub page. */
export const COMPARE_HUB = {
  title: `${PRODUCT_NAME} compared with other startup data providers`,
  metaDescription: `How ${PRODUCT_NAME} compares with Crunchbase, PitchBook, Apollo.io, ZoomInfo, Dealroom and CB Insights for finding funded startups and their founders.`,
  intro: `How ${PRODUCT_NAME} compares with other data providers for finding recently funded startups and their founders. Every statement about another provider links to the page it comes from, read on ${SOURCES_READ_ON}.`,
} as const;

export function competitorBySlug(slug: string): Competitor | undefined {
  return COMPETITORS.find((competitor) => competitor.slug === slug);
}

/** Every source a competitor's page cites, each URL once, in order of first citation (for a sources list). */
export function competitorSources(competitor: Competitor): Source[] {
  const cited = [
    ...competitor.summary.map((claim) => claim.source),
    ...competitor.features.flatMap((row) => (row.source ? [row.source] : [])),
    ...competitor.betterChoiceWhen.map((claim) => claim.source),
  ];
  const byUrl = new Map<string, Source>();
  for (const item of cited) if (!byUrl.has(item.url)) byUrl.set(item.url, item);
  return [...byUrl.values()];
}

/** Every text the comparison pages show that speaks for Roundlist (not about a competitor), its feature cells as "Label: cell". */
export function roundlistStatements(): string[] {
  return [
    ...FEATURE_KEYS.map((key) => `${FEATURE_LABELS[key]}: ${ROUNDLIST_FEATURES[key]}`),
    COMPARE_HUB.title,
    COMPARE_HUB.metaDescription,
    COMPARE_HUB.intro,
    ...COMPETITORS.flatMap((competitor) => [
      competitor.title,
      competitor.metaDescription,
      ...competitor.roundlistFitWhen,
    ]),
  ];
}
