import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { formatCount } from "~/core/format";
import {
  formatBytes,
  formatDuration,
  IMPORT_SUBJECT_LABELS,
  type ImportReportView,
  type ImportRunView,
  runKindLabel,
  showsReadPercent,
} from "~/core/import-runs";

/** How often the page asks a running run how far it is. */
const POLL_MS = 1_000;

const timeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** The rows a run counted, in the order the report lists them. */
export const COUNT_LABELS = [
  ["rowsRead", "Rows read"],
  ["inserted", "New"],
  ["updated", "Updated"],
  ["unchanged", "Unchanged"],
  ["rejected", "Rejected"],
  ["suppressed", "Suppressed (do-not-sell)"],
  ["duplicates", "Duplicates in the file"],
] as const satisfies ReadonlyArray<readonly [keyof ImportRunView, string]>;

/**
 * An LP run's counts (docs/product.md#lps): New, Updated and Unchanged count LPs (an LP has a row per contact), and
 * the contacts it wrote and removed come after.
 */
export const LP_COUNT_LABELS = [
  ["rowsRead", "Rows read"],
  ["inserted", "New LPs"],
  ["updated", "Updated LPs"],
  ["unchanged", "Unchanged LPs"],
  ["contactsWritten", "Contacts written"],
  ["contactsRemoved", "Contacts removed"],
  ["rejected", "Rejected"],
  ["suppressed", "Contacts suppressed (do-not-sell)"],
  ["duplicates", "Duplicates in the file"],
] as const satisfies ReadonlyArray<readonly [keyof ImportRunView, string]>;

/**
 * A funding-rounds run's counts (decision 030): New, Updated and Unchanged count rounds; the rounds written and
 * the investors it created come after.
 */
export const ROUND_COUNT_LABELS = [
  ["rowsRead", "Rows read"],
  ["inserted", "New rounds"],
  ["updated", "Updated rounds"],
  ["unchanged", "Unchanged rounds"],
  ["roundsWritten", "Rounds written"],
  ["investorsCreated", "New investors"],
  ["rejected", "Rejected"],
  ["duplicates", "Duplicates in the file"],
] as const satisfies ReadonlyArray<readonly [keyof ImportRunView, string]>;

/**
 * A Form D run's counts (decision 031): New, Updated and Unchanged count filings written; the companies and
 * people, the filings left out (funds, TEST filings, issuers not operating) and the amendments come after.
 */
export const FORMD_COUNT_LABELS = [
  ["rowsRead", "Filings read"],
  ["inserted", "New rounds"],
  ["updated", "Updated rounds"],
  ["unchanged", "Unchanged"],
  ["companiesInserted", "New companies"],
  ["companiesUpdated", "Updated companies"],
  ["peopleWritten", "People written"],
  ["amendmentsApplied", "Amendments applied"],
  ["fundsLeftOut", "Funds left out"],
  ["testsLeftOut", "Test filings left out"],
  ["notOperatingLeftOut", "Not operating, left out"],
  ["rejected", "Rejected"],
] as const satisfies ReadonlyArray<readonly [keyof ImportRunView, string]>;

const SUBJECT_COUNTS = {
  companies: { labels: COUNT_LABELS, columns: "lg:grid-cols-7" },
  lps: { labels: LP_COUNT_LABELS, columns: "lg:grid-cols-5" },
  rounds: { labels: ROUND_COUNT_LABELS, columns: "lg:grid-cols-4" },
  formd: { labels: FORMD_COUNT_LABELS, columns: "lg:grid-cols-4" },
} as const;

/** What a duplicate row of each kind of file is, in the report's sentence and its list. */
const SUBJECT_DUPLICATES = {
  companies: {
    note: "Duplicates are rows about a company an earlier row of the file names; they are counted as updated or unchanged, and the last row about a company wins.",
    before: "names the company of row",
    after: "",
  },
  lps: {
    note: "Duplicates are rows that add nothing to their LP: a contact an earlier row of the same LP names (the first one is kept), or a second row of an LP without a contact.",
    before: "repeats what row",
    after: " gave its LP",
  },
  rounds: {
    note: "Duplicates are rows about a round an earlier row of the file names; the last row about a round wins.",
    before: "names the round of row",
    after: "",
  },
  formd: {
    note: "Duplicates are filings read twice (the same accession number); they change nothing the second time.",
    before: "is the filing of row",
    after: "",
  },
} as const;

function Counts({ run, label }: { run: ImportRunView; label: string }) {
  const { labels, columns } = SUBJECT_COUNTS[run.subject];
  return (
    <dl aria-label={label} className={`grid grid-cols-2 gap-3 sm:grid-cols-4 ${columns}`}>
      {labels.map(([key, name]) => (
        <div key={key} className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-xs text-slate-600">{name}</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900" data-testid={`import-count-${key}`}>
            {formatCount(run[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function runTitle(run: ImportRunView): string {
  const holds = run.subject === "companies" ? "" : ` (${IMPORT_SUBJECT_LABELS[run.subject]})`;
  return `${runKindLabel(run.kind)} of ${run.fileName}${holds}`;
}

function byline(run: ImportRunView): string {
  const who = run.actorEmail ?? "the command line";
  const duration = run.durationMs === null ? "" : `, took ${formatDuration(run.durationMs)}`;
  return `${formatBytes(run.fileBytes)}, by ${who}, ${timeFormat.format(new Date(run.createdAt))} UTC${duration}`;
}

/**
 * A running run: a progress bar of the file read so far and the counts of the batches done, refreshed
 * every second from /admin/imports/:id/status; once the run is over the page reloads its report.
 */
export function ImportRunProgress({ run: initial }: { run: ImportRunView }) {
  const labelId = useId();
  const [run, setRun] = useState(initial);
  const revalidator = useRevalidator();
  // The poll below lives as long as the run is shown; it reaches the latest revalidate through this.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => setRun(initial), [initial]);
  useEffect(() => {
    let isCurrent = true;
    const timer = setInterval(async () => {
      try {
        const response = await fetch(`/admin/imports/${initial.id}/status`, {
          headers: { Accept: "application/json" },
        });
        if (!response.ok || !isCurrent) return;
        const next = (await response.json()) as ImportRunView;
        if (!isCurrent) return;
        setRun(next);
        if (next.status !== "running") {
          clearInterval(timer);
          void revalidate.current();
        }
      } catch {
        // A missed poll: the next one tries again.
      }
    }, POLL_MS);
    return () => {
      isCurrent = false;
      clearInterval(timer);
    };
  }, [initial.id]);
  const doing = run.kind === "dry_run" ? "Checking" : "Importing";
  return (
    <section
      aria-labelledby={labelId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={labelId} className="text-lg font-semibold text-slate-900">
        {runTitle(run)}
      </h2>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${labelId}-bar`} className="text-sm text-slate-700" aria-live="polite">
          {doing} {run.fileName}:{" "}
          {showsReadPercent(run.subject)
            ? `${run.percent}% (${formatCount(run.rowsRead)} rows read)`
            : `${formatCount(run.rowsRead)} rows read`}
        </label>
        <progress
          id={`${labelId}-bar`}
          max={100}
          value={showsReadPercent(run.subject) ? run.percent : undefined}
          className="h-2 w-full"
        />
      </div>
      <Counts run={run} label="Counts so far" />
    </section>
  );
}

/** Which import followed a dry run, if one did. */
export interface FollowingImport {
  id: number;
  status: ImportRunView["status"];
}

/**
 * A finished run's report: its counts, why it failed if it did, its rejected rows grouped by reason
 * (the first of each, all in the CSV download) and its duplicates; for a dry run whose file is kept, the
 * choice to import it or discard it.
 */
export function ImportRunReport({
  run,
  followedBy,
}: {
  run: ImportReportView;
  followedBy: FollowingImport | null;
}) {
  const headingId = useId();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const isDryRun = run.kind === "dry_run";
  const rejectedTotal = run.rejected + run.suppressed;
  const canDecide = isDryRun && run.status === "done" && run.hasFile && followedBy?.status !== "done";
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="import-report"
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {runTitle(run)}
        </h2>
        <p className="text-sm text-slate-600">{byline(run)}</p>
      </div>
      {run.status === "failed" ? <FormAlert>{run.error}</FormAlert> : null}
      {run.status === "done" ? (
        <p className="text-sm text-slate-700">
          {isDryRun
            ? "Nothing was written. Importing this file now would do this:"
            : "Imported. What each row did:"}
        </p>
      ) : null}
      <Counts run={run} label={isDryRun ? "What an import would do" : "What the import did"} />
      {run.duplicates > 0 ? (
        <p className="text-sm text-slate-600">{SUBJECT_DUPLICATES[run.subject].note}</p>
      ) : null}
      {canDecide ? (
        <Form method="post" className="flex flex-wrap gap-2">
          <input type="hidden" name="runId" value={run.id} />
          <Button type="submit" name="intent" value="commit" isBusy={submitting === "commit"}>
            Import these rows
          </Button>
          <Button
            type="submit"
            name="intent"
            value="discard"
            variant="secondary"
            isBusy={submitting === "discard"}
          >
            Discard
          </Button>
        </Form>
      ) : null}
      {isDryRun && followedBy ? (
        <p className="text-sm text-slate-700">
          {followedBy.status === "done"
            ? "Imported"
            : followedBy.status === "running"
              ? "Importing now"
              : "An import of it failed"}
          :{" "}
          <Link
            to={`/admin/imports?run=${followedBy.id}`}
            className="text-brand-700 underline underline-offset-2"
          >
            import #{followedBy.id}
          </Link>
        </p>
      ) : null}
      {isDryRun && run.discarded ? <p className="text-sm text-slate-700">The file was discarded.</p> : null}
      {rejectedTotal > 0 ? <RejectedRows run={run} total={rejectedTotal} /> : null}
      {run.duplicateRows.length > 0 ? <DuplicateRows run={run} /> : null}
    </section>
  );
}

function RejectedRows({ run, total }: { run: ImportReportView; total: number }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Rejected rows ({formatCount(total)})
      </h3>
      <ul className="flex flex-col gap-2 text-sm">
        {run.rejectedGroups.map((group) => (
          <li key={group.reason} className="rounded-md bg-slate-50 px-3 py-2">
            <p className="font-medium text-slate-900">
              {group.reason} <span className="font-normal text-slate-600">({formatCount(group.count)})</span>
            </p>
            <p className="text-slate-700">
              {group.rows.length === 1 ? "Row " : "Rows "}
              {group.rows.map((row) => formatCount(row)).join(", ")}
              {group.count > group.rows.length
                ? ` and ${formatCount(group.count - group.rows.length)} more`
                : ""}
            </p>
          </li>
        ))}
      </ul>
      {run.rejectedKept < total ? (
        <p className="text-sm text-slate-600">
          The first {formatCount(run.rejectedKept)} rejected rows are kept; the counts include every one.
        </p>
      ) : null}
      <a
        href={`/admin/imports/${run.id}/rejected.csv`}
        download
        className="self-start text-sm font-semibold text-brand-700 underline underline-offset-2"
      >
        Download the rejected rows (CSV)
      </a>
    </section>
  );
}

function DuplicateRows({ run }: { run: ImportReportView }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Duplicates in the file ({formatCount(run.duplicates)})
      </h3>
      <ul className="flex flex-col gap-1 text-sm text-slate-700">
        {run.duplicateRows.map(({ row, firstRow }) => (
          <li key={row}>
            Row {formatCount(row)} {SUBJECT_DUPLICATES[run.subject].before} {formatCount(firstRow)}
            {SUBJECT_DUPLICATES[run.subject].after}
          </li>
        ))}
      </ul>
      {run.duplicates > run.duplicateRows.length ? (
        <p className="text-sm text-slate-600">
          and {formatCount(run.duplicates - run.duplicateRows.length)} more
        </p>
      ) : null}
    </section>
  );
}
