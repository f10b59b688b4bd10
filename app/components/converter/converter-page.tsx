import { ArrowRightLeft, Download } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { useAuthDialog } from "~/components/auth/auth-dialog";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import type { ColumnMapping, FileColumn } from "~/core/converter/header-synonyms";
import { LEAD_FIELD_LABELS, LEAD_FIELDS, type LeadField } from "~/core/converter/lead";
import { type ConversionReportView, isFullReport } from "~/core/converter/report-view";
import { TARGETS, type TargetId } from "~/core/converter/targets";
import { formatCount } from "~/core/format";
import { checkUploadName, formatBytes, uploadSizeProblem } from "~/core/import-runs";
import { converterLeftOut } from "~/core/messages";

/** What the server answered for an upload (api/converter-upload.ts). */
interface Analysis {
  uploadId: string;
  fileName: string;
  headers: string[];
  columns: ColumnMapping;
  unrecognised: FileColumn[];
  encoding: string;
  delimiter: string;
}

/** What the server answered for a conversion (api/converter-convert.ts). */
interface Outcome {
  fileId: string;
  downloadName: string;
  /** Every reason for an admin; repeated and do-not-sell addresses together for anyone else (decision 019). */
  report: ConversionReportView;
  preview: { headers: string[]; rows: string[][] };
}

function answerOf(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Sends the file as the request body (XMLHttpRequest: only it reports the upload's progress). */
function uploadFile(file: File, onProgress: (loaded: number) => void): Promise<Analysis> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `/api/converter/upload?name=${encodeURIComponent(file.name)}`);
    request.setRequestHeader("Content-Type", "text/csv");
    request.upload.onprogress = (progress) => onProgress(progress.loaded);
    request.onerror = () => reject(new Error("The upload failed: the connection was lost. Try again."));
    request.onload = () => {
      const answer = answerOf(request.responseText);
      if (request.status === 201) resolve(answer as unknown as Analysis);
      else
        reject(
          new Error(
            typeof answer.error === "string" ? answer.error : `The upload failed (${request.status}).`,
          ),
        );
    };
    request.send(file);
  });
}

/**
 * The convert endpoint's answer: JSON lines of progress, then the outcome or an error (api/converter-convert.ts).
 */
async function readConversion(
  body: ReadableStream<Uint8Array>,
  onProgress: (share: number) => void,
): Promise<Outcome> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let newline = buffered.indexOf("\n");
    while (newline !== -1) {
      const line = answerOf(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf("\n");
      if (typeof line.progress === "number") onProgress(line.progress);
      else if (typeof line.error === "string") throw new Error(line.error);
      else if (line.outcome) return line.outcome as Outcome;
    }
  }
  throw new Error("The conversion stopped before it finished. Try again.");
}

/** A column's lead field as the mapping shows it: the field whose column it is, or "". */
function fieldOfColumn(columns: ColumnMapping, index: number): LeadField | "" {
  return LEAD_FIELDS.find((field) => columns[field] === index) ?? "";
}

/**
 * docs/product.md#converter, /converter: a Roundlist or Crunchbase export (or any leads file) into the import format of a CRM
 * or an outreach tool. The file goes to the server (it converts, streamed, and deletes the upload once
 * converted); the page shows the columns it recognised, lets the person map the others, then a 10-row
 * preview and the report (rows left out and why) before the download.
 */
export function ConverterPage({ isSignedIn, maxBytes }: { isSignedIn: boolean; maxBytes: number }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { openAuthDialog } = useAuthDialog();
  const [target, setTarget] = useState<TargetId>("hubspot-contacts");
  const [file, setFile] = useState<File | null>(null);
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const [columns, setColumns] = useState<ColumnMapping>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function upload(chosen: File): Promise<Analysis | null> {
    const name = checkUploadName(chosen.name);
    const tooLarge = uploadSizeProblem(chosen.size, maxBytes);
    if (!name.ok || tooLarge) {
      setError(name.ok ? tooLarge : name.message);
      return null;
    }
    setBusy("Uploading… 0%");
    try {
      return await uploadFile(chosen, (loaded) =>
        setBusy(`Uploading… ${Math.floor((loaded / Math.max(chosen.size, 1)) * 100)}%`),
      );
    } finally {
      setBusy(null);
    }
  }

  async function onFile(chosen: File | undefined) {
    setOutcome(null);
    setError(null);
    setAnalysis(null);
    setFile(chosen ?? null);
    if (!chosen) return;
    try {
      const next = await upload(chosen);
      if (next) {
        setAnalysis(next);
        setColumns(next.columns);
      }
    } catch (problem) {
      setError(problem instanceof Error ? problem.message : "The upload failed.");
    }
  }

  async function convert(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isSignedIn) {
      openAuthDialog("signup");
      return;
    }
    if (!file) {
      setError("Choose a CSV file to convert.");
      return;
    }
    setError(null);
    setOutcome(null);
    try {
      // An upload is deleted once converted: a second conversion (another target) sends the file again.
      const current = analysis ?? (await upload(file));
      if (!current) return;
      setAnalysis(null);
      setBusy("Converting…");
      const response = await fetch("/api/converter/convert", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ uploadId: current.uploadId, target, columns }),
      });
      if (!response.ok || !response.body) {
        const answer = answerOf(await response.text());
        throw new Error(typeof answer.error === "string" ? answer.error : "The conversion failed.");
      }
      setOutcome(
        await readConversion(response.body, (share) => setBusy(`Converting… ${Math.round(share * 100)}%`)),
      );
    } catch (problem) {
      setError(problem instanceof Error ? problem.message : "The conversion failed.");
    } finally {
      setBusy(null);
    }
  }

  const chosenTarget = TARGETS.find((candidate) => candidate.id === target);
  const headers = analysis?.headers ?? [];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
          <ArrowRightLeft aria-hidden="true" className="h-6 w-6 text-brand-700" />
          Convert leads for your CRM or outreach tool
        </h1>
        <p className="text-slate-600">
          Upload a Roundlist or Crunchbase export and get a file your tool imports as it is: its column names,
          names split into first and last, websites as domains, funding details as personalization fields.
          Duplicate and do-not-sell addresses are left out. Free for every account; files are deleted once
          converted.
        </p>
      </header>

      {isSignedIn ? null : (
        <FormAlert tone="notice">
          Sign up or log in to convert a file: it is free.{" "}
          <button type="button" className="font-semibold underline" onClick={() => openAuthDialog("signup")}>
            Create an account
          </button>
        </FormAlert>
      )}
      {error ? <FormAlert>{error}</FormAlert> : null}

      <form
        onSubmit={convert}
        aria-label="Convert a file"
        noValidate
        className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-file`} className="text-sm font-medium text-slate-900">
              Leads file (CSV)
            </label>
            <input
              ref={input}
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              disabled={!isSignedIn || busy !== null}
              onChange={(event) => void onFile(event.target.files?.[0])}
              aria-describedby={`${id}-file-hint`}
              className="w-full min-w-0 text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
            />
            <p id={`${id}-file-hint`} className="text-xs text-slate-600">
              Up to {formatBytes(maxBytes)}; UTF-8 or Windows-1252, commas or semicolons.
            </p>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-target`} className="text-sm font-medium text-slate-900">
              Convert for
            </label>
            <select
              id={`${id}-target`}
              value={target}
              onChange={(event) => {
                setTarget(event.target.value as TargetId);
                setOutcome(null);
              }}
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
            >
              {TARGETS.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
            {chosenTarget?.maxRowsPerFile ? (
              <p className="text-xs text-slate-600">
                {chosenTarget.name} takes {formatCount(chosenTarget.maxRowsPerFile)} rows a file: more become
                a zip of parts.
              </p>
            ) : null}
          </div>
        </div>

        {analysis ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-slate-900">
              Columns of {analysis.fileName} ({analysis.encoding}, separated by "{analysis.delimiter}")
            </legend>
            <p className="text-xs text-slate-600">
              Recognised columns are filled in; choose a field for any other you want converted.
            </p>
            <div className="grid min-w-0 gap-2 sm:grid-cols-2">
              {headers.map((header, index) => {
                const selectId = `${id}-column-${index}`;
                return (
                  <div
                    key={selectId}
                    className="flex min-w-0 flex-col gap-1 text-sm sm:flex-row sm:items-center sm:gap-2"
                  >
                    <label
                      htmlFor={selectId}
                      className="truncate text-slate-800 sm:w-44 sm:shrink-0"
                      title={header}
                    >
                      {header || `Column ${index + 1}`}
                    </label>
                    <select
                      id={selectId}
                      value={fieldOfColumn(columns, index)}
                      onChange={(event) => {
                        const field = event.target.value as LeadField | "";
                        const next: Partial<Record<LeadField, number>> = {};
                        for (const [key, value] of Object.entries(columns)) {
                          if (value !== index && key !== field) next[key as LeadField] = value;
                        }
                        if (field) next[field] = index;
                        setColumns(next);
                      }}
                      className="w-full min-w-0 rounded-md sm:flex-1 border border-slate-300 bg-white px-2 py-1 text-sm"
                    >
                      <option value="">Not used</option>
                      {LEAD_FIELDS.map((field) => (
                        <option key={field} value={field}>
                          {LEAD_FIELD_LABELS[field]}
                        </option>
                      ))}
                    </select>
                  </div>
                );
              })}
            </div>
          </fieldset>
        ) : null}

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" isBusy={busy !== null} disabled={busy !== null}>
            Convert for {chosenTarget?.name}
          </Button>
          {busy ? (
            <p role="status" className="text-sm text-slate-600">
              {busy}
            </p>
          ) : null}
        </div>
      </form>

      {outcome ? <ConversionResult outcome={outcome} targetName={chosenTarget?.name ?? ""} /> : null}
    </div>
  );
}

function ConversionResult({ outcome, targetName }: { outcome: Outcome; targetName: string }) {
  const { report, preview } = outcome;
  const missing = Object.entries(report.missingRequired);
  return (
    <section aria-labelledby="conversion-title" className="flex flex-col gap-4">
      <h2 id="conversion-title" className="text-lg font-semibold text-slate-900">
        {formatCount(report.written)} of {formatCount(report.rowsRead)} rows ready for {targetName}
      </h2>
      <ul data-testid="conversion-report" className="flex flex-col gap-1 text-sm text-slate-700">
        {missing.map(([field, count]) => (
          <li key={field}>
            {formatCount(count)} {count === 1 ? "row has" : "rows have"} no {field}, which {targetName}{" "}
            requires: left out.
          </li>
        ))}
        {isFullReport(report) && report.duplicateEmails > 0 ? (
          <li>
            {formatCount(report.duplicateEmails)} repeated email addresses: left out (the first is kept).
          </li>
        ) : null}
        {isFullReport(report) && report.suppressed > 0 ? (
          <li>{formatCount(report.suppressed)} addresses on the do-not-sell list: left out.</li>
        ) : null}
        {!isFullReport(report) && report.leftOut > 0 ? (
          <li>{converterLeftOut(report.leftOut, formatCount(report.leftOut))}</li>
        ) : null}
        {report.unreadable > 0 ? (
          <li>{formatCount(report.unreadable)} rows could not be read as CSV.</li>
        ) : null}
        {report.parts > 1 ? (
          <li>
            {report.parts} files of at most the rows {targetName} takes per import, in one zip.
          </li>
        ) : null}
      </ul>
      <a
        href={`/api/converter/download/${outcome.fileId}`}
        download={outcome.downloadName}
        data-testid="converter-download"
        className="inline-flex w-fit items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        <Download aria-hidden="true" className="h-4 w-4" />
        Download {outcome.downloadName}
      </a>
      {preview.rows.length > 0 ? (
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard (axe scrollable-region-focusable).
          tabIndex={0}
          aria-label="Preview of the converted file"
          className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
        >
          <table className="rl-table w-full text-sm">
            <caption className="sr-only">The first {preview.rows.length} converted rows</caption>
            <thead>
              <tr>
                {preview.headers.map((header) => (
                  <th key={header} scope="col">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row, rowIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed preview that never reorders.
                <tr key={rowIndex}>
                  {row.map((cell, cellIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row.
                    <td key={cellIndex} className="max-w-56 truncate" title={cell}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </section>
  );
}
