import { requireAdminActor } from "~/server/admin/admin-request.server";
import { recoverStaleRuns } from "~/server/imports/import-lock.server";
import { importRunView } from "~/server/imports/import-run-view.server";
import { getImportRun, ImportRunRefused } from "~/server/imports/import-runs.server";
import type { Route } from "./+types/import-status";

/**
 * docs/product.md#imports: GET /admin/imports/:runId/status -> the run's progress as JSON (ImportRunView: status, bytes
 * and rows read, the counts so far, the error), polled by the imports page while the run is running.
 * 404 `{ error }` for an unknown run. A run whose server stopped is reported failed (stale runs are
 * recovered first).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await requireAdminActor(request);
  const headers = { "Cache-Control": "no-store" };
  try {
    await recoverStaleRuns(db);
    const run = await getImportRun(db, runIdOf(params.runId));
    return Response.json(importRunView(run), { headers });
  } catch (error) {
    if (error instanceof ImportRunRefused) {
      return Response.json({ error: error.message }, { status: error.status, headers });
    }
    throw error;
  }
}

function runIdOf(param: string | undefined): number {
  return /^\d{1,15}$/.test(param ?? "") ? Number(param) : Number.NaN;
}
