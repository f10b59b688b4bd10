import { data, replace, type ShouldRevalidateFunctionArgs } from "react-router";
import { SearchPage } from "~/components/search/search-page";
import { canonicalSearchQuery, needsDataSpellings } from "~/core/filter-spelling";
import { SEARCH_NEEDS_PLAN } from "~/core/messages";
import { parseSearchParams, withAllowedSearch } from "~/core/search-params";
import { parseSearchView } from "~/core/search-view";
import { rootOrigin, seo } from "~/core/seo";
import { recordActivity, searchActivityType } from "~/server/activity/activity.server";
import { getDb } from "~/server/app-database.server";
import { getSession } from "~/server/auth/session.server";
import { getViewerAccessAndTrial } from "~/server/billing/viewer-access.server";
import { getFilterOptions, getHomeStats } from "~/server/companies/catalog.server";
import { readDataVersion } from "~/server/companies/data-version.server";
import { withExportedMarkers } from "~/server/companies/exported-companies.server";
import { searchCompanies } from "~/server/companies/search.server";
import { investorNamesOf } from "~/server/companies/search-investors.server";
import { causedByDatabaseOutage } from "~/server/database-unavailable.server";
import { logger } from "~/server/logger.server";
import { readSearchView, saveSearchView } from "~/server/preferences/search-view.server";
import { readForm } from "~/server/read-body.server";
import type { Route } from "./+types/search";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [db, session] = await Promise.all([getDb(), getSession(request)]);
  // docs/product.md#search: values in any case (`stage=seed`) are written back as the filters spell them; the
  // data's spellings (cached per data version) are read only when the URL holds one of the data's values.
  const options = needsDataSpellings(url.searchParams) ? await getFilterOptions(db) : undefined;
  const canonical = canonicalSearchQuery(url.searchParams, options);
  if (canonical) throw replace(`${url.pathname}?${canonical}`);
  const parsed = parseSearchParams(url.searchParams);
  const user = session.user;
  // The data version once for the page's cached figures and the search's count (read before either loads).
  const [{ access, trial }, version] = await Promise.all([
    getViewerAccessAndTrial(db, user),
    readDataVersion(db),
  ]);
  const view = readSearchView(request, user);
  // docs/product.md#free-sample (decision 026): without active access a URL gets the free sample, whatever it
  // asks (no text, filter, order, page or page size), and the page says why.
  const { state, isNarrowed } = withAllowedSearch(parsed.state, access.hasActiveAccess);
  const errors = access.hasActiveAccess
    ? parsed.errors
    : isNarrowed
      ? [{ param: "access", message: SEARCH_NEEDS_PLAN.link }]
      : [];
  // The filter options load with the filter panel (/api/search-facets), not with every page.
  const stats = await getHomeStats(db, version);
  // decision 030: the chosen investors' names, for their chips.
  const investorNames = state.investor.length > 0 ? await investorNamesOf(db, state.investor) : {};
  const page = { state, errors, access, trial, view, totalCompanies: stats.totalCompanies, investorNames };
  try {
    // docs/product.md#masking: only active access sees full emails, whatever the client asks for.
    // docs/product.md#export: the companies this user exported before carry an "Exported" marker.
    const result = await withExportedMarkers(
      db,
      user?.id ?? null,
      await searchCompanies(db, state, { canSeeEmails: access.hasActiveAccess, version }),
    );
    if (user) {
      const type = searchActivityType(state, request.headers.get("referer"), request.url);
      if (type) void recordActivity(db, user.id, type, state, result.total);
    }
    return data({ ...page, result, loadError: null }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    // A lost database connection is answered 503 with Retry-After (database-unavailable.server.ts).
    if (causedByDatabaseOutage(error)) throw error;
    logger.error({ err: error, state }, "search failed");
    return data(
      { ...page, result: null, loadError: "An unexpected error occurred" },
      { status: 500, headers: { "Cache-Control": "private, no-store" } },
    );
  }
}

/** docs/product.md#search: POST view=cards|table remembers the results' view (the user's row, or a visitor's cookie). */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const view = parseSearchView(form.get("view"));
  if (!view) return data({ error: 'The view must be "cards" or "table".' }, { status: 400 });
  const [db, session] = await Promise.all([getDb(), getSession(request)]);
  const cookie = await saveSearchView(db, session.user?.id ?? null, view);
  return data({ view }, cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
}

/** Remembering the view changes no result: the search is not run again for it. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.has("view") ? false : defaultShouldRevalidate;
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    origin: rootOrigin(matches),
    title: "Search funded startups",
    description:
      "Search venture-funded startups and their founders by industry, stage, location, amount and date.",
    path: "/search",
  });
}

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchPage {...loaderData} />;
}
