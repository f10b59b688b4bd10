import { API_DEFAULT_PAGE_SIZE, API_MESSAGES } from "~/core/api-keys";
import { directoryPageCount, directoryPaths } from "~/core/directory";
import {
  INVESTOR_PAGE_SIZE,
  type InvestorSummary,
  investorPaths,
  isInvestorSlugShape,
} from "~/core/investor-pages";
import type { LpCard } from "~/core/lp-card";
import { lpFiltersOf, parseLpSearchParams, serializeLpSearchState } from "~/core/lp-search-params";
import { hasSlugShape } from "~/core/slug";
import { maxPageFor, type PageSize } from "~/core/url-values";
import { findInvestors } from "../companies/search-investors.server";
import { getInvestorCatalog } from "../investors/investor-catalog.server";
import { getInvestorFacts, investorRoundsPage } from "../investors/investor-page.server";
import { lpBySlug, searchLps } from "../lps/lp-search.server";
import {
  type InvestorDetailAnswer,
  type InvestorSummaryAnswer,
  investorPath,
  investorQuery,
  investorsQuery,
  type LpAnswer,
  lpPath,
  lpsQuery,
} from "./api-schemas.server";
import {
  ApiAnswer,
  type ApiContext,
  ApiRefusal,
  cursorOf,
  problemOf,
  queryObject,
  readCursor,
} from "./api-v1.server";

/**
 * /api/v1/investors and /api/v1/lps (docs/product.md#api): the investor pages' and the LP database's own server
 * functions, answered as JSON. Investors name firms, never people, and count only companies no do-not-sell
 * request hides (investor-catalog.server.ts, VISIBLE_LINK), as their pages do. LPs need LP access (the route
 * says so, api-v1.server.ts), which is also what /lps and its export need to show contact addresses in full:
 * an LP answer carries them whole, as the export does; a do-not-sell request deletes the contact itself.
 */

const slugOfPath = (path: string) => path.split("/").filter(Boolean).at(-1) ?? "";

function investorSummaryOf(investor: InvestorSummary, origin: string): InvestorSummaryAnswer {
  return {
    slug: investor.slug,
    name: investor.name,
    type: investor.type as InvestorSummaryAnswer["type"],
    companies: investor.companies,
    rounds: investor.rounds,
    recentRounds: investor.recentRounds,
    lastRoundOn: investor.lastRoundOn,
    website: investor.website,
    city: investor.city,
    region: investor.region,
    country: investor.country,
    url: `${origin}${investorPaths.investor(investor.slug)}`,
  };
}

/**
 * GET /api/v1/investors: every investor by name (the A-Z pages' order), or those whose name holds `q` (the
 * search page's investor picker's match: names starting with it first), a page at a time.
 */
export async function listInvestors({ db, url }: ApiContext) {
  const query = investorsQuery.safeParse(queryObject(url.searchParams));
  if (!query.success) throw new ApiRefusal(400, problemOf(query.error));
  const q = query.data.q?.trim() ?? "";
  const size = query.data.limit ?? API_DEFAULT_PAGE_SIZE;
  const search = `investors?${new URLSearchParams(q ? { q } : {})}`;
  const page = query.data.cursor === undefined ? 1 : readCursor(query.data.cursor, size, search);
  const catalog = await getInvestorCatalog(db);
  const matches =
    q === ""
      ? catalog.investors
      : (await findInvestors(db, q, Number.POSITIVE_INFINITY)).flatMap((match) => {
          const investor = catalog.bySlug.get(match.slug);
          return investor ? [investor] : [];
        });
  const rows = matches.slice((page - 1) * size, page * size);
  const hasNext = page * size < matches.length && page < maxPageFor(size);
  return new ApiAnswer(
    {
      data: rows.map((investor) => investorSummaryOf(investor, url.origin)),
      total: matches.length,
      nextCursor: hasNext ? cursorOf(page + 1, size, search) : null,
    },
    { count: rows.length, query: q },
  );
}

/**
 * GET /api/v1/investors/{slug}: the investor as its page shows it: its figures, stages, sectors and
 * co-investors, and its rounds with the companies it backed, newest first, a page (50) at a time.
 */
export async function getInvestor(
  { db, url }: ApiContext,
  slug: string,
): Promise<ApiAnswer<InvestorDetailAnswer>> {
  const path = investorPath.safeParse({ slug });
  if (!path.success || !isInvestorSlugShape(path.data.slug)) throw new ApiRefusal(404, API_MESSAGES.notFound);
  const query = investorQuery.safeParse(queryObject(url.searchParams));
  if (!query.success) throw new ApiRefusal(400, problemOf(query.error));
  const investor = (await getInvestorCatalog(db)).bySlug.get(path.data.slug);
  if (!investor) throw new ApiRefusal(404, API_MESSAGES.notFound);
  const search = `investor/${investor.slug}`;
  const page =
    query.data.cursor === undefined ? 1 : readCursor(query.data.cursor, INVESTOR_PAGE_SIZE, search);
  const pageCount = directoryPageCount(investor.rounds);
  if (page > Math.max(pageCount, 1)) throw new ApiRefusal(400, "cursor: past the investor's last round.");
  const [rounds, facts] = await Promise.all([
    investor.rounds === 0 ? [] : investorRoundsPage(db, investor.id, page),
    getInvestorFacts(db, investor.id),
  ]);
  return new ApiAnswer(
    {
      ...investorSummaryOf(investor, url.origin),
      leadRounds: facts.leadRounds,
      stages: facts.stages,
      sectors: facts.sectors,
      coInvestors: facts.coInvestors.map((co) => ({
        slug: slugOfPath(co.path),
        name: co.name,
        type: co.type as InvestorSummaryAnswer["type"],
        sharedRounds: co.sharedRounds,
      })),
      portfolio: rounds.map((round) => {
        const companySlug = slugOfPath(round.company.path);
        return {
          announcedOn: round.announcedOn,
          fundingType: round.fundingType,
          amountUsd: round.amountUsd,
          isLead: round.isLead,
          company: {
            slug: companySlug,
            name: round.company.name,
            url: `${url.origin}${directoryPaths.company(companySlug)}`,
          },
        };
      }),
      nextCursor: page < pageCount ? cursorOf(page + 1, INVESTOR_PAGE_SIZE, search) : null,
    },
    { count: 1, resource: investor.slug },
  );
}

function lpOf(card: LpCard): LpAnswer {
  return {
    slug: card.slug,
    name: card.name,
    type: card.type as LpAnswer["type"],
    city: card.city,
    region: card.region,
    country: card.country,
    website: card.website,
    aumUsd: card.aumUsd,
    aumAsOf: card.aumAsOf,
    checkMinUsd: card.checkMinUsd,
    checkMaxUsd: card.checkMaxUsd,
    assetClasses: card.assetClasses,
    stageFocus: card.stageFocus,
    sectorFocus: card.sectorFocus,
    geoFocus: card.geoFocus,
    acceptsEmerging: card.acceptsEmerging as LpAnswer["acceptsEmerging"],
    backsFirstTimeFunds: card.backsFirstTimeFunds,
    mfoModel: card.mfoModel,
    description: card.description,
    contacts: card.contacts.map((contact) => ({
      name: contact.name,
      title: contact.title,
      email: contact.email,
      isEmailMasked: contact.isEmailMasked,
      linkedin: contact.linkedin,
    })),
    commitments: card.commitments,
    commitmentCount: card.commitmentCount,
  };
}

/**
 * GET /api/v1/lps: the /lps page's search (its filters as its URL names them, its order), a page at a time.
 * The route asks LP access, so the search is the subscriber's, never the sample, and addresses are whole.
 */
export async function listLps({ db, url, access }: ApiContext) {
  const query = lpsQuery.safeParse(queryObject(url.searchParams));
  if (!query.success) throw new ApiRefusal(400, problemOf(query.error));
  const params = new URLSearchParams(url.searchParams);
  params.delete("limit");
  params.delete("cursor");
  const parsed = parseLpSearchParams(params);
  if (parsed.errors.length > 0)
    throw new ApiRefusal(400, parsed.errors.map((error) => error.message).join(" "));
  const size = query.data.limit ?? API_DEFAULT_PAGE_SIZE;
  const search = `lps?${serializeLpSearchState({ ...parsed.state, page: 1 })}`;
  const page = query.data.cursor === undefined ? 1 : readCursor(query.data.cursor, size, search);
  if (page > maxPageFor(size))
    throw new ApiRefusal(400, "cursor: results stop 100,000 rows deep; narrow the search.");
  const result = await searchLps(
    db,
    { ...parsed.state, size: size as PageSize, page },
    { hasLpAccess: access.hasLpAccess },
  );
  // Past the last page (the data changed since the cursor was made), searchLps answers the last page: the
  // API answers an empty one instead, so a client paging through never reads a page twice.
  const rows = result.page === page ? result.lps : [];
  const hasNext = page < result.pageCount && page < maxPageFor(size);
  return new ApiAnswer(
    {
      data: rows.map(lpOf),
      total: result.total,
      nextCursor: hasNext ? cursorOf(page + 1, size, search) : null,
    },
    { count: rows.length, query: parsed.state.q, filters: { ...lpFiltersOf(parsed.state) }, database: "lps" },
  );
}

/** GET /api/v1/lps/{slug}: one LP with its contacts and newest commitments, as its card on /lps. */
export async function getLp({ db, access }: ApiContext, slug: string): Promise<ApiAnswer<LpAnswer>> {
  const path = lpPath.safeParse({ slug });
  // A slug's shape first, as the company and investor routes check theirs (decision 018): no query otherwise.
  if (!path.success || !hasSlugShape(path.data.slug)) throw new ApiRefusal(404, API_MESSAGES.notFound);
  const card = await lpBySlug(db, path.data.slug, !access.hasLpAccess);
  if (card === null) throw new ApiRefusal(404, API_MESSAGES.notFound);
  return new ApiAnswer(lpOf(card), { count: 1, resource: card.slug, database: "lps" });
}
