import { getDatabase } from "../app-database.server";
import { getAuthServices } from "../auth/auth-services.server";
import { handleExportRequest } from "./export-request.server";

/**
 * spec 7 export-csv with the app's own database and auth. Served by server.mjs straight from Express (its
 * piping keeps memory flat, decision 006) and by the /api/export-csv route under `react-router dev`.
 */
export async function exportCsv(request: Request): Promise<Response> {
  const [database, { auth }] = await Promise.all([getDatabase(), getAuthServices()]);
  return handleExportRequest({ database, auth }, request);
}
