import {
  EXPORT_DATABASE_LABELS,
  type ExportHistoryEntry,
  exportOutcomeLabel,
  ROWS_LABELS,
} from "~/core/export-history";
import { formatCount } from "~/core/format";
import { SpriteIcon } from "../ui/sprite-icon";

const exportedAtFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

function rowsText(rowCount: number | null): string {
  if (rowCount === null) return "—";
  return `${formatCount(rowCount)} ${rowCount === 1 ? "row" : "rows"}`;
}

/**
 * docs/product.md#export-history: the user's exports on /profile, newest first (up to 50): when, which database, the criteria in
 * one line, the format, "One row per person", "New leads only", the rows, and "Repeat", which downloads the same criteria with
 * today's data (the endpoint checks access again, so a lapsed plan is refused there with its message).
 */
export function ExportHistorySection({ exports }: { exports: readonly ExportHistoryEntry[] }) {
  if (exports.length === 0) {
    return <p className="text-sm text-slate-600">You have not exported anything yet.</p>;
  }
  return (
    <ul data-testid="export-history" className="-my-3 divide-y divide-slate-200">
      {exports.map((entry) => {
        const outcome = exportOutcomeLabel(entry.outcome);
        const details = [
          EXPORT_DATABASE_LABELS[entry.database],
          entry.formatLabel ? `For ${entry.formatLabel}` : "CSV",
          entry.rowsPer === "person" ? ROWS_LABELS.person : null,
          entry.newOnly ? "New leads only" : null,
          rowsText(entry.rowCount),
          outcome,
        ].filter((part): part is string => part !== null);
        return (
          <li
            key={entry.id}
            data-testid="export-history-row"
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="break-words text-sm font-medium text-slate-900">{entry.summary}</p>
              <p className="mt-0.5 text-xs text-slate-600">
                <time dateTime={entry.createdAt}>
                  {exportedAtFormat.format(new Date(entry.createdAt))} UTC
                </time>
                {details.map((part) => (
                  <span key={part}> · {part}</span>
                ))}
              </p>
            </div>
            <a
              href={entry.href}
              download
              aria-label={`Repeat the export of ${entry.summary} with today's data`}
              className="inline-flex shrink-0 items-center gap-1.5 self-start rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:self-center"
            >
              <SpriteIcon name="download" className="h-4 w-4" />
              Repeat
            </a>
          </li>
        );
      })}
    </ul>
  );
}
