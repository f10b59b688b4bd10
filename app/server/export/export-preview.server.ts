import { countExportPreview } from "../companies/exported-companies.server";
import { causedByDatabaseOutage } from "../database-unavailable.server";
import { logger } from "../logger.server";
import {
  admitExportRequest,
  COMPANIES_EXPORT,
  databaseUnavailable,
  type ExportServices,
} from "./export-request.server";

/**
 * docs/product.md#export: GET /api/export-preview?<the search page's query> -> `{ total, newLeads }`: the companies the
 * search's export holds, and those of them this user has not exported before, both exact, before the user
 * chooses "new leads only". The export's own gate (docs/product.md#access, export access) and criteria: a refusal is a 403
 * with its message, a bad parameter a 400 with the message the export would give.
 */
export async function handleExportPreview(
  services: Pick<ExportServices, "database" | "auth">,
  request: Request,
  now = new Date(),
): Promise<Response> {
  try {
    const admitted = await admitExportRequest(services, request, COMPANIES_EXPORT);
    if (!admitted.ok) return admitted.response;
    const { gate, criteria } = admitted;
    const preview = await countExportPreview(services.database.db, criteria.state.search, now, gate.user.id);
    return Response.json(preview, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!causedByDatabaseOutage(error)) throw error;
    logger.warn({ err: error }, "export preview: the database is unavailable (answered 503)");
    return databaseUnavailable();
  }
}
