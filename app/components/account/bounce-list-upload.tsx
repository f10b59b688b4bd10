import { useId, useRef, useState } from "react";
import {
  BOUNCE_TEXTS,
  type BounceUploadResult,
  bounceUploadSummary,
  MAX_BOUNCE_LIST_BYTES,
} from "~/core/bounce-report";
import { Button } from "../ui/button";
import { FormAlert } from "../ui/form-alert";

/** The rejected rows listed under the summary; the rest are counted. */
const REJECTED_ROWS_SHOWN = 50;

const CONNECTION_FAILED = "The upload did not reach us. Check your connection and try again.";

/**
 * decision 032: a subscriber's bounce list (their sending tool's export) uploaded to report its addresses.
 * The outcome is counts and the rejected rows by line; no address is ever sent back.
 */
export function BounceListUpload() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<BounceUploadResult | null>(null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    setResult(null);
    if (!file) {
      setError(BOUNCE_TEXTS.noFile);
      input.current?.focus();
      return;
    }
    if (file.size > MAX_BOUNCE_LIST_BYTES) {
      setError(BOUNCE_TEXTS.tooLarge);
      input.current?.focus();
      return;
    }
    setIsSending(true);
    setError(null);
    try {
      const form = new FormData();
      form.set("file", file);
      const response = await fetch("/api/email-bounces/upload", { method: "POST", body: form });
      const body = (await response.json().catch(() => ({}))) as Partial<BounceUploadResult> & {
        error?: string;
      };
      if (!response.ok || body.reported === undefined) {
        setError(body.error ?? CONNECTION_FAILED);
        input.current?.focus();
        return;
      }
      setResult(body as BounceUploadResult);
    } catch {
      setError(CONNECTION_FAILED);
    } finally {
      setIsSending(false);
    }
  }

  const rejected = result?.rejected ?? [];
  return (
    <form onSubmit={submit} noValidate aria-label={BOUNCE_TEXTS.uploadTitle} className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{BOUNCE_TEXTS.uploadIntro}</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-file`} className="text-sm font-medium text-slate-900">
          {BOUNCE_TEXTS.fileLabel}
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          name="file"
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
          className="w-full min-w-0 text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
        />
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          Up to {MAX_BOUNCE_LIST_BYTES / 1024 / 1024} MB. The column named Email is used, else the first
          column with addresses.
        </p>
      </div>
      {error ? (
        <div id={`${id}-error`}>
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
      <Button type="submit" isBusy={isSending} className="self-start">
        {BOUNCE_TEXTS.submit}
      </Button>
      <div aria-live="polite">
        {result ? (
          <div
            data-testid="bounce-upload-result"
            className="rounded-md bg-slate-50 p-3 text-sm text-slate-800"
          >
            {bounceUploadSummary(result).map((line) => (
              <p key={line}>{line}</p>
            ))}
            {rejected.length > 0 ? (
              <ul className="mt-1 list-disc pl-5 text-slate-700">
                {rejected.slice(0, REJECTED_ROWS_SHOWN).map((row) => (
                  <li key={row.line}>{`Line ${row.line}: ${row.reason}`}</li>
                ))}
                {rejected.length > REJECTED_ROWS_SHOWN ? (
                  <li>{`And ${(rejected.length - REJECTED_ROWS_SHOWN).toLocaleString("en-US")} more.`}</li>
                ) : null}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
    </form>
  );
}
