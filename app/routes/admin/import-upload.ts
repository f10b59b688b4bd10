import { importSubjectOf } from "~/core/import-runs";
import { requireAdminActor } from "~/server/admin/admin-request.server";
import { receiveUpload, startDryRun } from "~/server/import-console.server";
import { assertNoImportRunning, ImportBusyError } from "~/server/imports/import-lock.server";
import { UploadRefused } from "~/server/imports/import-upload.server";
import type { Route } from "./+types/import-upload";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET: nothing to see here; the imports page posts files to this URL. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminActor(request);
  return Response.json(
    { error: "POST a CSV file here (the body is the file, ?name= its name)." },
    { status: 405, headers: { ...NO_STORE, Allow: "POST" } },
  );
}

/**
 * docs/product.md#imports: POST /admin/imports/upload?name=<file name>[&subject=companies|lps|rounds|formd], the body the
 * file itself (Content-Type text/csv; decision 031's Form D zip or XML: application/octet-stream). Streams it to disk, then starts its dry run in the background with the
 * importer of `subject` (docs/product.md#lps; default companies): 201 `{ runId }`, whose progress
 * /admin/imports/:runId/status reports. Refused with `{ error }`: 400 (not a usable file, an unknown
 * subject), 405 (not POST), 409 (another import is running), 413 (too large), 415 (a form or another type).
 */
export async function action({ request }: Route.ActionArgs) {
  const { db, actor } = await requireAdminActor(request);
  if (request.method !== "POST") {
    return Response.json(
      { error: "POST the file." },
      { status: 405, headers: { ...NO_STORE, Allow: "POST" } },
    );
  }
  const subject = importSubjectOf(new URL(request.url).searchParams.get("subject"));
  if (subject === null) {
    return Response.json(
      { error: "Say what the file holds: subject=companies, subject=lps, subject=rounds or subject=formd." },
      { status: 400, headers: NO_STORE },
    );
  }
  try {
    // Before a byte is stored: a busy importer would refuse the dry run anyway.
    await assertNoImportRunning(db);
    const upload = await receiveUpload(request, { subject });
    const { run } = await startDryRun(db, actor, upload, subject);
    return Response.json({ runId: run.id }, { status: 201, headers: NO_STORE });
  } catch (error) {
    if (error instanceof UploadRefused) {
      return Response.json({ error: error.message }, { status: error.status, headers: NO_STORE });
    }
    if (error instanceof ImportBusyError) {
      return Response.json({ error: error.message }, { status: 409, headers: NO_STORE });
    }
    throw error;
  }
}
