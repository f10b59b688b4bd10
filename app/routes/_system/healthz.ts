import { getDatabase } from "~/server/app-database.server";
import { RETRY_AFTER_SECONDS } from "~/server/database-unavailable.server";
import { checkHealth } from "~/server/health.server";
import { logger } from "~/server/logger.server";

/** GET /healthz: 200 with the database's status, 503 (with Retry-After) when the database is unreachable. */
export async function loader() {
  const report = await checkHealth(getDatabase);
  if (report.cause) logger.warn({ cause: report.cause }, "health check failed");
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (report.status === 503) headers["Retry-After"] = String(RETRY_AFTER_SECONDS);
  return Response.json(report.body, { status: report.status, headers });
}
