import { data } from "react-router";
import { getDb } from "~/server/app-database.server";
import { findInvestors } from "~/server/companies/search-investors.server";
import type { Route } from "./+types/investor-options";

/**
 * docs/product.md#filters: GET /api/investor-options?q=<name> -> `{ investors: [{ slug, name }] }`, the
 * investor picker's search over every investor by name (at most 20). Investors' names are public (their
 * pages are), so it needs no account; it names no company and no person.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const investors = await findInvestors(await getDb(), query);
  return data({ investors }, { headers: { "Cache-Control": "public, max-age=60" } });
}
