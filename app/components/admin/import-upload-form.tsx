import { type FormEvent, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { formatCount } from "~/core/format";
import { FORMD_UPLOAD_ACCEPT, FORMD_XML_NAME_EXAMPLE } from "~/core/formd/upload-file";
import {
  CONSOLE_IMPORT_SUBJECTS,
  checkUploadName,
  formatBytes,
  IMPORT_SUBJECT_LABELS,
  type ImportSubject,
  MAX_IMPORT_COMPANIES,
  uploadSizeProblem,
} from "~/core/import-runs";

/** What each kind of file is, as the choice on the form says it. */
const SUBJECT_HINTS: Readonly<Record<ImportSubject, string>> = {
  companies: "exported from Crunchbase",
  lps: "limited partners, one row per contact, with the LP export's columns",
  rounds: "Crunchbase's funding-rounds export, one row per round, of companies already imported",
  formd: "the SEC's quarterly data set, or one filing's XML",
};

/** The file input's label and what the size hint counts, per kind of file. */
const SUBJECT_FILES: Readonly<Record<ImportSubject, { label: string; records: string }>> = {
  companies: { label: "Crunchbase CSV export", records: "companies" },
  lps: { label: "LP CSV file", records: "LPs" },
  rounds: { label: "Crunchbase funding-rounds CSV export", records: "rounds" },
  formd: { label: "SEC Form D data set (.zip) or filing (.xml)", records: "filings" },
};

/** What the file input takes, and the Content-Type the file is sent with, per kind of file. */
function fileTypes(subject: ImportSubject): { accept: string; contentType: string; kind: string } {
  if (subject === "formd") {
    return {
      accept: FORMD_UPLOAD_ACCEPT,
      contentType: "application/octet-stream",
      kind: `A quarterly .zip, or a filing's XML named after its accession number (${FORMD_XML_NAME_EXAMPLE}),`,
    };
  }
  return { accept: ".csv,text/csv", contentType: "text/csv", kind: "A .csv file" };
}

/**
 * docs/product.md#imports: the imports page's upload. The admin says what the file holds (companies, docs/product.md#lps LPs,
 * funding rounds, or decision 031's SEC Form D zips and XML); the file is checked here first (its name, not
 * empty, under the limit), then sent as the request body
 * itself (no form encoding, so the server streams it to disk) with an upload progress bar; the server
 * answers with the dry run it started, which the page then shows.
 */
export function ImportUploadForm({ maxBytes, busy }: { maxBytes: number; busy: string | null }) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const progressId = `${inputId}-progress`;
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ loaded: number; total: number } | null>(null);
  const [subject, setSubject] = useState<ImportSubject>("companies");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    const name = checkUploadName(file?.name, subject);
    if (!file || !name.ok) {
      setError(name.ok ? "Choose a file to upload." : name.message);
      return;
    }
    const tooLarge = uploadSizeProblem(file.size, maxBytes);
    if (tooLarge !== null) {
      setError(tooLarge);
      return;
    }
    setError(null);
    setSent({ loaded: 0, total: file.size });
    // XMLHttpRequest, not fetch: only it reports how much of the body is sent.
    const request = new XMLHttpRequest();
    request.open(
      "POST",
      `/admin/imports/upload?name=${encodeURIComponent(name.fileName)}&subject=${encodeURIComponent(subject)}`,
    );
    request.setRequestHeader("Content-Type", fileTypes(subject).contentType);
    request.upload.onprogress = (progress) => setSent({ loaded: progress.loaded, total: file.size });
    request.onerror = () => {
      setSent(null);
      setError("The upload failed: the connection was lost. Try again.");
    };
    request.onload = () => {
      const answer = parseAnswer(request.responseText);
      if (request.status === 201 && typeof answer.runId === "number") {
        if (input.current) input.current.value = "";
        setSent(null);
        navigate(`/admin/imports?run=${answer.runId}`);
        return;
      }
      setSent(null);
      setError(
        typeof answer.error === "string" ? answer.error : `The upload failed (${request.status}). Try again.`,
      );
    };
    request.send(file);
  }

  const isSending = sent !== null;
  const percent = sent && sent.total > 0 ? Math.floor((sent.loaded / sent.total) * 100) : 0;
  const types = fileTypes(subject);
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Upload a file to import"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      {busy ? <FormAlert tone="notice">{busy}</FormAlert> : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <fieldset className="flex flex-col gap-1" disabled={isSending}>
        <legend className="text-sm font-medium text-slate-900">The file holds</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-1">
          {CONSOLE_IMPORT_SUBJECTS.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="subject"
                value={value}
                checked={subject === value}
                onChange={() => setSubject(value)}
              />
              {IMPORT_SUBJECT_LABELS[value]}
              <span className="text-slate-600">({SUBJECT_HINTS[value]})</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-900">
          {SUBJECT_FILES[subject].label}
        </label>
        <input
          ref={input}
          id={inputId}
          name="file"
          type="file"
          accept={types.accept}
          aria-describedby={hintId}
          disabled={isSending}
          className="text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-800 hover:file:bg-slate-50"
        />
        <p id={hintId} className="text-sm text-slate-600">
          {types.kind} up to {formatBytes(maxBytes)} and {formatCount(MAX_IMPORT_COMPANIES)}{" "}
          {SUBJECT_FILES[subject].records}. A dry run checks every row first and writes nothing; you then
          import the same file, or discard it.
        </p>
      </div>
      {isSending ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={progressId} className="text-sm text-slate-700">
            Uploading: {percent}% of {formatBytes(sent.total)}
          </label>
          <progress id={progressId} max={100} value={percent} className="h-2 w-full" />
        </div>
      ) : null}
      <noscript>
        <p className="text-sm text-slate-700">Uploading a file needs JavaScript.</p>
      </noscript>
      <Button type="submit" isBusy={isSending} disabled={busy !== null} className="self-start">
        Upload and check
      </Button>
    </form>
  );
}

function parseAnswer(text: string): { runId?: unknown; error?: unknown } {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? value : {};
  } catch {
    return {};
  }
}
