import type { ReactNode } from "react";

/**
 * A group of console figures: a description list (name, value, how it is counted) that wraps from one
 * column on a phone to four. The section heading above it names the group.
 */
export function AdminStats({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">{children}</dl>;
}

/** One figure: what it is, its value, and a line saying how it is counted. */
export function AdminStat({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
      {note ? <dd className="mt-1 text-xs text-slate-500">{note}</dd> : null}
    </div>
  );
}
