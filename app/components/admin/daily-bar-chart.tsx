import { useId } from "react";
import { barPercent, chartScaleMax, seriesSummary } from "~/core/admin-metrics";
import { formatCount, formatDate } from "~/core/format";
import { AdminTable, Td, Th } from "./admin-table";

const BAR_WIDTH = 8;
const GAP = 2;

/**
 * docs/product.md#admin: a small bar chart of one figure per day, drawn as inline SVG (no chart library). Screen readers
 * get the chart as one image named by its title and a sentence (total and busiest day); the values
 * themselves are in a table under "Show the numbers", which is also the fallback where SVG is not drawn.
 */
export function DailyBarChart({
  title,
  unit,
  points,
  barClassName = "fill-brand-600",
}: {
  title: string;
  /** What is counted, plural ("searches"). */
  unit: string;
  /** One point per day (YYYY-MM-DD), oldest first. */
  points: ReadonlyArray<{ day: string; value: number }>;
  barClassName?: string;
}) {
  const id = useId();
  const { total, peak } = seriesSummary(points);
  const max = chartScaleMax(points.map((point) => point.value));
  const width = points.length * (BAR_WIDTH + GAP);
  const first = points[0]?.day;
  const last = points.at(-1)?.day;
  const summary =
    total === 0
      ? `No ${unit} from ${formatDate(first)} to ${formatDate(last)}.`
      : `${formatCount(total)} ${unit} from ${formatDate(first)} to ${formatDate(last)}; the busiest day, ${formatDate(
          peak?.day,
        )}, had ${formatCount(peak?.value ?? 0)}.`;
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4">
      <figcaption>
        <span id={`${id}-title`} className="block text-sm font-semibold text-slate-900">
          {title}
        </span>
        <span id={`${id}-summary`} className="mt-1 block text-sm text-slate-600">
          {summary}
        </span>
      </figcaption>
      <div className="mt-3 flex gap-2">
        <div
          aria-hidden="true"
          className="flex w-12 shrink-0 flex-col justify-between text-right text-xs text-slate-500"
        >
          <span>{formatCount(max)}</span>
          <span>0</span>
        </div>
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-summary`}
          viewBox={`0 0 ${width} 100`}
          preserveAspectRatio="none"
          className="h-32 min-w-0 flex-1 border-b border-l border-slate-300"
        >
          <title>{`${title}. ${summary}`}</title>
          <line x1="0" y1="0.5" x2={width} y2="0.5" className="stroke-slate-200" strokeWidth="1" />
          {points.map((point, index) => {
            const height = barPercent(point.value, max);
            return (
              <rect
                key={point.day}
                x={index * (BAR_WIDTH + GAP) + GAP / 2}
                y={100 - height}
                width={BAR_WIDTH}
                height={height}
                className={barClassName}
              >
                <title>{`${formatDate(point.day)}: ${formatCount(point.value)}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between pl-14 text-xs text-slate-500">
        <span>{formatDate(first)}</span>
        <span>{formatDate(last)}</span>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-brand-700 underline underline-offset-2">
          Show the numbers
        </summary>
        <div className="mt-2">
          <AdminTable label={`${title}, per day`}>
            <thead>
              <tr>
                <Th>Day (UTC)</Th>
                <Th className="text-right">{unit.charAt(0).toUpperCase() + unit.slice(1)}</Th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.day}>
                  <Td className="whitespace-nowrap">{formatDate(point.day)}</Td>
                  <Td className="text-right tabular-nums">{formatCount(point.value)}</Td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
        </div>
      </details>
    </figure>
  );
}
