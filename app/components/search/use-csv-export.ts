import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import type { RowsPer } from "~/core/converter/targets";
import { exportFileName, fileNameFromDisposition } from "~/core/csv";
import { companiesExportQuery, type ExportPreview, ROWS_PARAM, ROWS_VALUES } from "~/core/export-history";
import { exportRequestBody } from "~/core/export-request";
import { EXPORT_TOASTS } from "~/core/messages";
import type { SearchState } from "~/core/search-params";

const CR = 13;
const LF = 10;

/** CRLF pairs in a chunk: one per record (a quoted field with a CRLF inside is rare enough for a progress bar). */
function recordEnds(chunk: Uint8Array, previousByte: number): number {
  let count = chunk[0] === LF && previousByte === CR ? 1 : 0;
  for (let index = 1; index < chunk.length; index += 1) {
    if (chunk[index] === LF && chunk[index - 1] === CR) count += 1;
  }
  return count;
}

function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; free the memory a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface CsvExportOptions {
  /** docs/product.md#converter: a converter target's id, for that CRM's or tool's import format. */
  target?: string;
  /** docs/product.md#export: leave out the companies this user has exported before. */
  newOnly?: boolean;
  /** docs/product.md#export: one row per person when chosen; absent, the format decides (per company for the CSV). */
  rowsPer?: RowsPer;
}

export interface CsvExport {
  isExporting: boolean;
  /** Rows received so far (about), while exporting. */
  rowsReceived: number;
  /** Exports completed on this page: each changes which companies are new (docs/product.md#export). */
  completedCount: number;
  /** Downloads the search's export, in a target's format and/or new leads only when asked. */
  start: (state: SearchState, options?: CsvExportOptions) => void;
}

/**
 * docs/product.md#export: downloads the export through fetch (not a plain link), so the page can show progress and the
 * success or failure toast of docs/product.md#texts. A refusal (403: access changed since the page loaded) reloads the page's
 * data, so the button then offers the right dialog.
 */
export function useCsvExport(): CsvExport {
  const [isExporting, setIsExporting] = useState(false);
  const [rowsReceived, setRowsReceived] = useState(0);
  const [completedCount, setCompletedCount] = useState(0);
  const revalidator = useRevalidator();
  const running = useRef<AbortController | null>(null);

  // Leaving the page stops the download (the server then stops reading).
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(
    (state: SearchState, options: CsvExportOptions = {}) => {
      if (running.current) return;
      const controller = new AbortController();
      running.current = controller;
      setIsExporting(true);
      setRowsReceived(0);
      void (async () => {
        try {
          const { target, newOnly = false, rowsPer } = options;
          const params = new URLSearchParams();
          if (target) params.set("target", target);
          if (rowsPer) params.set(ROWS_PARAM, ROWS_VALUES[rowsPer]);
          const query = params.toString();
          const url = query ? `/api/export-csv?${query}` : "/api/export-csv";
          const response = await fetch(url, {
            method: "POST",
            headers: { "Content-Type": "application/json", Accept: "text/csv" },
            body: JSON.stringify({ ...exportRequestBody(state), ...(newOnly ? { newOnly: true } : {}) }),
            signal: controller.signal,
          });
          if (response.status === 403) void revalidator.revalidate();
          if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
          const reader = response.body.getReader();
          const chunks: Uint8Array[] = [];
          let lines = 0;
          let lastByte = 0;
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            chunks.push(value);
            lines += recordEnds(value, lastByte);
            lastByte = value.at(-1) ?? lastByte;
            // The header line is not a company.
            setRowsReceived(Math.max(lines - 1, 0));
          }
          const name =
            fileNameFromDisposition(response.headers.get("content-disposition")) ??
            exportFileName(new Date());
          saveFile(new Blob(chunks as BlobPart[], { type: "text/csv;charset=utf-8" }), name);
          setCompletedCount((count) => count + 1);
          toast.success(EXPORT_TOASTS.success.title, { description: EXPORT_TOASTS.success.description });
        } catch (error) {
          if (controller.signal.aborted) return;
          console.warn("CSV export failed", error);
          toast.error(EXPORT_TOASTS.failure.title, { description: EXPORT_TOASTS.failure.description });
        } finally {
          running.current = null;
          if (!controller.signal.aborted) setIsExporting(false);
        }
      })();
    },
    [revalidator],
  );

  return { isExporting, rowsReceived, completedCount, start };
}

export interface ExportPreviewState {
  /** The counts for the current search, once known. */
  preview: ExportPreview | null;
  isLoading: boolean;
  /** Fetches the counts unless known; resolves to them, or null when they could not be had. */
  load: () => Promise<ExportPreview | null>;
}

/**
 * docs/product.md#export: how many of the search's companies this user has not exported yet (GET /api/export-preview),
 * fetched on demand (the export menu opening, "new leads only" ticked) and kept for this search until an
 * export completes (`version`). Only for export access: `isEnabled` false loads nothing.
 */
export function useExportPreview(
  state: SearchState,
  isEnabled: boolean,
  version: number,
): ExportPreviewState {
  const key = `${version}:${companiesExportQuery(state, null, false)}`;
  const [known, setKnown] = useState<{ key: string; preview: ExportPreview } | null>(null);
  const [loadingKey, setLoadingKey] = useState<string | null>(null);
  const pending = useRef<{ key: string; promise: Promise<ExportPreview | null> } | null>(null);

  const current = known?.key === key ? known.preview : null;
  const load = useCallback((): Promise<ExportPreview | null> => {
    if (!isEnabled) return Promise.resolve(null);
    if (current) return Promise.resolve(current);
    if (pending.current?.key === key) return pending.current.promise;
    const query = key.slice(key.indexOf(":") + 1);
    setLoadingKey(key);
    const promise = (async () => {
      try {
        const response = await fetch(query ? `/api/export-preview?${query}` : "/api/export-preview", {
          headers: { Accept: "application/json" },
        });
        if (!response.ok) throw new Error(`export preview answered ${response.status}`);
        const preview = (await response.json()) as ExportPreview;
        setKnown({ key, preview });
        return preview;
      } catch (error) {
        console.warn("The new-leads count could not be loaded", error);
        return null;
      } finally {
        if (pending.current?.key === key) pending.current = null;
        setLoadingKey((loading) => (loading === key ? null : loading));
      }
    })();
    pending.current = { key, promise };
    return promise;
  }, [isEnabled, current, key]);

  return { preview: current, isLoading: loadingKey === key, load };
}
