import { getAuthServices } from "~/server/auth/auth-services.server";
import { handleExportRequest } from "~/server/companies/export-request.server";
import { getDatabase } from "~/server/db/connection.server";
import type { Route } from "./+types/api.export-csv";

/**
 * spec 7 export-csv (issue 6): the CSV of every company the search matches. GET takes the search page's
 * query string; POST takes spec 7's JSON body ({ searchQuery, filters }) or a form. Access is checked on
 * every request (export-request.server.ts).
 */
async function exportCsv(request: Request): Promise<Response> {
  const [database, { auth }] = await Promise.all([getDatabase(), getAuthServices()]);
  return handleExportRequest({ database, auth }, request);
}

export function loader({ request }: Route.LoaderArgs) {
  return exportCsv(request);
}

export function action({ request }: Route.ActionArgs) {
  return exportCsv(request);
}
