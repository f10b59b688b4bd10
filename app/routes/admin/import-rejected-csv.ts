import { rejectedFileName, rejectedRowsCsv } from "~/core/import-runs";
import { requireAdminActor } from "~/server/admin/admin-request.server";
import { getImportRun, ImportRunRefused } from "~/server/imports/import-runs.server";
import type { Route } from "./+types/import-rejected-csv";

/**
 * docs/product.md#imports: GET /admin/imports/:runId/rejected.csv -> the run's rejected rows (invalid and suppressed) as
 * a CSV download: `row,reason`, one line each, in file order. 404 (text) for an unknown run.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await requireAdminActor(request);
  const id = /^\d{1,15}$/.test(params.runId ?? "") ? Number(params.runId) : Number.NaN;
  try {
    const run = await getImportRun(db, id);
    return new Response(rejectedRowsCsv(run.rejectedRows ?? []), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${rejectedFileName(run.fileName)}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof ImportRunRefused) {
      return new Response(`${error.message}\n`, {
        status: error.status,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
    throw error;
  }
}
