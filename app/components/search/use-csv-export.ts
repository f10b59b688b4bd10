import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { exportFileName, fileNameFromDisposition } from "~/core/csv";
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

export interface CsvExport {
  isExporting: boolean;
  /** Rows received so far (about), while exporting. */
  rowsReceived: number;
  /** Downloads the search's export; with a target id (issue 18), in that CRM's or tool's import format. */
  start: (state: SearchState, target?: string) => void;
}

/**
 * Issue 6: downloads the export through fetch (not a plain link), so the page can show progress and the
 * spec's success or failure toast. A refusal (403: access changed since the page loaded) reloads the page's
 * data, so the button then offers the right dialog.
 */
export function useCsvExport(): CsvExport {
  const [isExporting, setIsExporting] = useState(false);
  const [rowsReceived, setRowsReceived] = useState(0);
  const revalidator = useRevalidator();
  const running = useRef<AbortController | null>(null);

  // Leaving the page stops the download (the server then stops reading).
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(
    (state: SearchState, target?: string) => {
      if (running.current) return;
      const controller = new AbortController();
      running.current = controller;
      setIsExporting(true);
      setRowsReceived(0);
      void (async () => {
        try {
          const url = target ? `/api/export-csv?target=${encodeURIComponent(target)}` : "/api/export-csv";
          const response = await fetch(url, {
            method: "POST",
            headers: { "Content-Type": "application/json", Accept: "text/csv" },
            body: JSON.stringify(exportRequestBody(state)),
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

  return { isExporting, rowsReceived, start };
}
