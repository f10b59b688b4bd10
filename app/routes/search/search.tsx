import { data } from "react-router";
import { SearchPage } from "~/components/search/search-page";
import { parseSearchParams } from "~/core/search-params";
import { rootOrigin, seo } from "~/core/seo";
import { recordActivity, searchActivityType } from "~/server/activity/activity.server";
import { getDb } from "~/server/app-database.server";
import { getSession } from "~/server/auth/session.server";
import { getViewerAccessAndTrial } from "~/server/billing/viewer-access.server";
import { getFilterOptions, getHomeStats } from "~/server/companies/catalog.server";
import { searchCompanies } from "~/server/companies/search.server";
import { causedByDatabaseOutage } from "~/server/database-unavailable.server";
import { logger } from "~/server/logger.server";
import type { Route } from "./+types/search";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { state, errors } = parseSearchParams(url.searchParams);
  const [db, session] = await Promise.all([getDb(), getSession(request)]);
  const user = session.user;
  const { access, trial } = await getViewerAccessAndTrial(db, user);
  const [filterOptions, stats] = await Promise.all([getFilterOptions(db), getHomeStats(db)]);
  try {
    // spec 4 / decisions.md: only active access sees full emails, whatever the client asks for.
    const result = await searchCompanies(db, state, { canSeeEmails: access.hasActiveAccess });
    if (user) {
      const type = searchActivityType(state, request.headers.get("referer"), request.url);
      if (type) void recordActivity(db, user.id, type, state, result.total);
    }
    return data(
      {
        state,
        errors,
        result,
        loadError: null,
        filterOptions,
        access,
        trial,
        totalCompanies: stats.totalCompanies,
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    // A lost database connection is answered 503 with Retry-After (database-unavailable.server.ts).
    if (causedByDatabaseOutage(error)) throw error;
    logger.error({ err: error, state }, "search failed");
    return data(
      {
        state,
        errors,
        result: null,
        loadError: "An unexpected error occurred",
        filterOptions,
        access,
        trial,
        totalCompanies: stats.totalCompanies,
      },
      { status: 500, headers: { "Cache-Control": "private, no-store" } },
    );
  }
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
