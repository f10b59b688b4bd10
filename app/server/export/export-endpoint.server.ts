import { getDatabase } from "../app-database.server";
import { getAuthServices } from "../auth/auth-services.server";
import { env, serverProcessPlan } from "../env.server";
import { handleExportPreview } from "./export-preview.server";
import { type ExportServices, handleExportRequest, maxRunningExportsFor } from "./export-request.server";
import { LPS_EXPORT } from "./lps-export.server";

/**
 * docs/product.md#calls, export-csv with the app's own database and auth. Served by server.mjs straight from Express (its
 * piping keeps memory flat, decision 006) and by the /api/export-csv route under `react-router dev`.
 */
export async function exportCsv(request: Request): Promise<Response> {
  return handleExportRequest(await exportServices(), request);
}

/** docs/product.md#lps: the LP export (its contacts, one row each), served the same way at /api/export-lps. */
export async function exportLpsCsv(request: Request): Promise<Response> {
  return handleExportRequest(await exportServices(), request, new Date(), LPS_EXPORT);
}

/** docs/product.md#export: the new-leads count before a companies export, at /api/export-preview. */
export async function exportPreview(request: Request): Promise<Response> {
  return handleExportPreview(await exportServices(), request);
}

async function exportServices(): Promise<ExportServices> {
  const [database, { auth }] = await Promise.all([getDatabase(), getAuthServices()]);
  // On a server each running export holds one of this process's pool connections.
  const maxRunningExports =
    database.kind === "postgres" ? maxRunningExportsFor(serverProcessPlan(env()).poolSize) : undefined;
  return { database, auth, ...(maxRunningExports === undefined ? {} : { maxRunningExports }) };
}
