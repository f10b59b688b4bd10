import { data, redirect } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminPager } from "~/components/admin/admin-pager";
import { AdminTable, EmptyRow, Td, Th } from "~/components/admin/admin-table";
import { ImportRunProgress, ImportRunReport } from "~/components/admin/import-run-report";
import { ImportUploadForm } from "~/components/admin/import-upload-form";
import { FormAlert } from "~/components/ui/form-alert";
import { pageFromUrl } from "~/core/admin-list-params";
import { PRODUCT_NAME } from "~/core/brand";
import { formatCount } from "~/core/format";
import {
  DEFAULT_MAX_IMPORT_BYTES,
  formatBytes,
  formatDuration,
  IMPORT_SUBJECT_LABELS,
  importBusyMessage,
  runKindLabel,
  runStatusLabel,
} from "~/core/import-runs";
import { requireAdminActor } from "~/server/admin/admin-request.server";
import { flashCookie } from "~/server/flash.server";
import { startCommit } from "~/server/import-console.server";
import { ImportBusyError, runningImport } from "~/server/imports/import-lock.server";
import { importReportView, importRunView } from "~/server/imports/import-run-view.server";
import {
  currentImportRun,
  discardDryRun,
  getImportRun,
  ImportRunRefused,
  importOfDryRun,
  listImportRuns,
  tidyUploads,
} from "~/server/imports/import-runs.server";
import { readForm } from "~/server/read-body.server";
import type { Route } from "./+types/imports";

const PAGE_SIZE = 20;

/**
 * /admin/imports (docs/product.md#imports): upload a Crunchbase CSV or (docs/product.md#lps) an LP CSV (a dry run starts at once, with
 * the importer of what the admin says the file holds), follow its progress, read
 * its report, then import the same file or discard it; below, every run so far. `?run=<id>` shows one
 * run's report; without it the page shows the running run, else the dry run awaiting a decision.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminActor(request);
  const url = new URL(request.url);
  const page = pageFromUrl(url);
  await tidyUploads(db);
  const asked = url.searchParams.get("run");
  let selected = null;
  let missing = false;
  if (asked !== null) {
    try {
      selected = await getImportRun(db, /^\d{1,15}$/.test(asked) ? Number(asked) : Number.NaN);
    } catch (error) {
      if (!(error instanceof ImportRunRefused)) throw error;
      missing = true;
    }
  } else {
    selected = await currentImportRun(db);
  }
  const [running, history, followedBy] = await Promise.all([
    runningImport(db),
    listImportRuns(db, { page, size: PAGE_SIZE }),
    selected?.kind === "dry_run" ? importOfDryRun(db, selected.id) : null,
  ]);
  return {
    maxBytes: DEFAULT_MAX_IMPORT_BYTES,
    // The run on show is the running one: the form only waits for it; another one is named.
    busy: running
      ? running.id === selected?.id
        ? "Wait for this run to finish before uploading another file."
        : importBusyMessage(running)
      : null,
    selected: selected ? importReportView(selected) : null,
    followedBy,
    missing,
    page,
    total: history.total,
    history: history.rows.map(importRunView),
  };
}

/**
 * The choice after a dry run: `intent=commit` imports its stored file (the run starts in the background;
 * the page follows it), `intent=discard` deletes the file; `runId` is the dry run. A refusal (the file is
 * gone, already imported, another import runs) comes back as `{ error }` with its status.
 */
export async function action({ request }: Route.ActionArgs) {
  const { db, actor } = await requireAdminActor(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const runIdText = form.get("runId");
  const runId =
    typeof runIdText === "string" && /^\d{1,15}$/.test(runIdText) ? Number(runIdText) : Number.NaN;
  try {
    if (intent === "commit") {
      const { run } = await startCommit(db, actor, runId);
      throw redirect(`/admin/imports?run=${run.id}`);
    }
    if (intent === "discard") {
      const discarded = await discardDryRun(db, runId);
      throw redirect("/admin/imports", {
        headers: {
          "Set-Cookie": flashCookie({
            title: "File discarded",
            description: discarded.fileName,
            type: "info",
          }),
        },
      });
    }
    return data({ error: "Choose to import the file or to discard it." }, { status: 400 });
  } catch (error) {
    if (error instanceof ImportRunRefused) return data({ error: error.message }, { status: error.status });
    if (error instanceof ImportBusyError) return data({ error: error.message }, { status: 409 });
    throw error;
  }
}

export function meta() {
  return [{ title: `Imports | Admin | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

const timeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

export default function AdminImports({ loaderData, actionData }: Route.ComponentProps) {
  const { selected, followedBy, missing, history, page, total, busy, maxBytes } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Imports"
        description="Upload a Crunchbase CSV export, an LP file or SEC Form D filings: a dry run reads every row and says what an import would do, writing nothing. Then import that same file, or discard it."
      />
      <div className="flex flex-col gap-6">
        <ImportUploadForm maxBytes={maxBytes} busy={busy} />
        {actionData?.error ? <FormAlert>{actionData.error}</FormAlert> : null}
        {missing ? <FormAlert>There is no such import run.</FormAlert> : null}
        {selected?.status === "running" ? <ImportRunProgress key={selected.id} run={selected} /> : null}
        {selected && selected.status !== "running" ? (
          <ImportRunReport run={selected} followedBy={followedBy} />
        ) : null}
        <section aria-labelledby="import-history-title">
          <h2 id="import-history-title" className="mb-3 text-lg font-semibold text-slate-900">
            History
          </h2>
          <AdminTable label="Import runs">
            <thead>
              <tr>
                <Th>Time (UTC)</Th>
                <Th>Run</Th>
                <Th>Holds</Th>
                <Th>File</Th>
                <Th>By</Th>
                <Th>Status</Th>
                <Th className="text-right">Rows</Th>
                <Th className="text-right">New</Th>
                <Th className="text-right">Updated</Th>
                <Th className="text-right">Unchanged</Th>
                <Th className="text-right">Rejected</Th>
                <Th className="text-right">Suppressed</Th>
                <Th className="text-right">Duplicates</Th>
                <Th>Duration</Th>
                <Th>Rejected rows</Th>
              </tr>
            </thead>
            <tbody>
              {history.map((run) => (
                <tr key={run.id} data-testid="import-run">
                  <Td className="whitespace-nowrap">{timeFormat.format(new Date(run.createdAt))}</Td>
                  <Td className="whitespace-nowrap">
                    <a
                      className="text-brand-700 underline underline-offset-2"
                      href={`/admin/imports?run=${run.id}`}
                    >
                      {runKindLabel(run.kind)} #{run.id}
                    </a>
                  </Td>
                  <Td>{IMPORT_SUBJECT_LABELS[run.subject]}</Td>
                  <Td>
                    {run.fileName}
                    <span className="block text-xs text-slate-500">{formatBytes(run.fileBytes)}</span>
                  </Td>
                  <Td>{run.actorEmail ?? "command line"}</Td>
                  <Td className="whitespace-nowrap">{runStatusLabel(run)}</Td>
                  <Td className="text-right">{formatCount(run.rowsRead)}</Td>
                  <Td className="text-right">{formatCount(run.inserted)}</Td>
                  <Td className="text-right">{formatCount(run.updated)}</Td>
                  <Td className="text-right">{formatCount(run.unchanged)}</Td>
                  <Td className="text-right">{formatCount(run.rejected)}</Td>
                  <Td className="text-right">{formatCount(run.suppressed)}</Td>
                  <Td className="text-right">{formatCount(run.duplicates)}</Td>
                  <Td className="whitespace-nowrap">{formatDuration(run.durationMs)}</Td>
                  <Td className="whitespace-nowrap">
                    {run.rejected + run.suppressed > 0 && run.status !== "running" ? (
                      <a
                        className="text-brand-700 underline underline-offset-2"
                        href={`/admin/imports/${run.id}/rejected.csv`}
                        download
                      >
                        CSV ({formatCount(run.rejected + run.suppressed)})
                      </a>
                    ) : (
                      "-"
                    )}
                  </Td>
                </tr>
              ))}
              {history.length === 0 ? <EmptyRow columns={15}>No imports yet.</EmptyRow> : null}
            </tbody>
          </AdminTable>
          <AdminPager page={page} size={PAGE_SIZE} total={total} label="Import history pages" />
        </section>
      </div>
    </>
  );
}
