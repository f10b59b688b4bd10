import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { LpsPage } from "~/components/lps/lps-page";
import { EMPTY_LP_SEARCH, parseLpSearchParams } from "~/core/lp-search-params";
import { lpPlanFor, monthlyEquivalent } from "~/core/plans";
import { rootOrigin, seo } from "~/core/seo";
import { getDb } from "~/server/app-database.server";
import { getSession } from "~/server/auth/session.server";
import { getViewerAccess } from "~/server/billing/viewer-access.server";
import { causedByDatabaseOutage } from "~/server/database-unavailable.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { countLps, searchLps } from "~/server/lps/lp-search.server";
import { readSearchView } from "~/server/preferences/search-view.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import type { Route } from "./+types/lps";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const parsed = parseLpSearchParams(new URL(request.url).searchParams);
  const [db, session] = await Promise.all([getDb(), getSession(request)]);
  const user = session.user;
  const view = readSearchView(request, user);
  const [access, settings] = await Promise.all([getViewerAccess(db, user), getSiteSettings(db)]);
  // docs/product.md#roles: with LP search hidden the page is not offered; those who bought LP access (and admins) keep it.
  if (settings.hideLpSearch && !access.hasLpAccess) throw data(null, { status: 404 });
  const hasLpAccess = access.hasLpAccess;
  // Without LP access the server answers the sample whatever the URL asks (lp-search.server.ts), and the
  // page shows the state it answered, not the one asked for.
  const state = hasLpAccess ? parsed.state : EMPTY_LP_SEARCH;
  const errors = hasLpAccess ? parsed.errors : [];
  const plan = lpPlanFor(env().LP_PLAN_PRICE_USD);
  const offer = { name: plan.name, priceNote: plan.priceNote, perMonth: monthlyEquivalent(plan) };
  const page = { state, errors, access, view, offer };
  try {
    const [result, totalLps] = await Promise.all([
      searchLps(db, state, { hasLpAccess }),
      countLps(db, EMPTY_LP_SEARCH),
    ]);
    return data({ ...page, result, totalLps, loadError: null }, { headers: NO_STORE });
  } catch (error) {
    // A lost database connection is answered 503 with Retry-After (database-unavailable.server.ts).
    if (causedByDatabaseOutage(error)) throw error;
    logger.error({ err: error, state }, "LP search failed");
    return data(
      { ...page, result: null, totalLps: 0, loadError: "An unexpected error occurred" },
      { status: 500, headers: NO_STORE },
    );
  }
}

/** Remembering the view (a POST to /search) changes no result: the LPs are not read again for it. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.has("view") ? false : defaultShouldRevalidate;
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    origin: rootOrigin(matches),
    title: "Search limited partners",
    description:
      "Family offices, endowments, foundations, pensions and funds of funds that back venture funds, with the people to write to.",
    path: "/lps",
    // The LPs' people are not for search engines: the page is a tool, not a directory.
    noindex: true,
  });
}

export default function Lps({ loaderData }: Route.ComponentProps) {
  return <LpsPage {...loaderData} />;
}
