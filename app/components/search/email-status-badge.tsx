import {
  EMAIL_SOURCE_LABELS,
  EMAIL_STATUS_MEANINGS,
  type EmailStatusView,
  emailStatusLabel,
  emailStatusTone,
} from "~/core/email-status";
import { formatDate } from "~/core/format";

const TONES = {
  good: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  caution: "bg-amber-50 text-amber-900 ring-amber-200",
  bad: "bg-rose-50 text-rose-800 ring-rose-200",
  neutral: "bg-slate-100 text-slate-700 ring-slate-200",
} as const;

/** "Checked Nov 12, 2026 · Found by pattern": the status's date and source in words. */
export function emailStatusDetail({ checkedAt, source }: EmailStatusView): string {
  const parts: string[] = [];
  if (checkedAt) parts.push(`Checked ${formatDate(checkedAt)}`);
  if (source) parts.push(EMAIL_SOURCE_LABELS[source]);
  return parts.join(" · ");
}

/**
 * decision 032: the badge beside an address, masked or not (the status is not secret): its status in words,
 * coloured by what it means to a sender, with the date and source after it for screen readers and in its
 * title for a pointer.
 */
export function EmailStatusBadge({ view, showDate = false }: { view: EmailStatusView; showDate?: boolean }) {
  const label = emailStatusLabel(view.status);
  const detail = emailStatusDetail(view);
  const meaning = view.status === null ? "Not checked yet." : EMAIL_STATUS_MEANINGS[view.status];
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
      <span
        data-testid="email-status"
        data-status={view.status ?? "none"}
        title={detail ? `${meaning} ${detail}.` : meaning}
        className={`inline-flex items-center rounded-full px-2 py-0.5 font-medium ring-1 ring-inset ${TONES[emailStatusTone(view.status)]}`}
      >
        <span className="sr-only">Email status: </span>
        {label}
        {!showDate && detail ? <span className="sr-only">{`, ${detail}`}</span> : null}
      </span>
      {showDate && detail ? <span className="text-slate-600">{detail}</span> : null}
    </span>
  );
}
