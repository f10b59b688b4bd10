import { getDatabase } from "~/server/app-database.server";
import { checkHealth } from "~/server/health.server";
import { logger } from "~/server/logger.server";

/** GET /healthz: 200 with the database's status, 503 when the database is unreachable. */
export async function loader() {
  const report = await checkHealth(getDatabase);
  if (report.cause) logger.warn({ cause: report.cause }, "health check failed");
  return Response.json(report.body, { status: report.status, headers: { "Cache-Control": "no-store" } });
}
