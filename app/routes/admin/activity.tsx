import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminStat, AdminStats } from "~/components/admin/admin-stat";
import { AdminTable, EmptyRow, Td, Th } from "~/components/admin/admin-table";
import { DailyBarChart } from "~/components/admin/daily-bar-chart";
import {
  ACTIVITY_WINDOW_DAYS,
  activityWindowDays,
  filterName,
  filterValueLabel,
  formatShare,
  shareOf,
} from "~/core/admin-metrics";
import { PRODUCT_NAME } from "~/core/brand";
import { formatCount, formatDate } from "~/core/format";
import { cachedActivityReport } from "~/server/admin/activity-report.server";
import { requireAdminActor } from "~/server/admin/admin-request.server";
import type { Route } from "./+types/activity";

/** /admin/activity?days=7|30|90 (docs/product.md#admin): what subscribers search, filter, export and ask the API, from user_activity. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminActor(request);
  const days = activityWindowDays(new URL(request.url).searchParams.get("days"));
  return cachedActivityReport(db, days);
}

const timeFormat = new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: "UTC" });

export function meta() {
  return [{ title: `Activity | Admin | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8 min-w-0">
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function WindowPicker({ current }: { current: number }) {
  return (
    <nav aria-label="Report window">
      <ul className="flex gap-1 rounded-lg border border-slate-200 bg-white p-1">
        {ACTIVITY_WINDOW_DAYS.map((days) => (
          <li key={days}>
            <Link
              to={`?days=${days}`}
              aria-current={days === current ? "page" : undefined}
              className={`block rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap ${
                days === current ? "bg-brand-50 text-brand-900" : "text-slate-700 hover:bg-slate-100"
              }`}
            >
              {days} days
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function searchLink(query: string): string {
  return `/search?${new URLSearchParams({ q: query })}`;
}

function QueryTable({
  label,
  rows,
  empty,
}: {
  label: string;
  rows: ReadonlyArray<{ query: string; searches: number; zeroResults: number }>;
  empty: string;
}) {
  return (
    <AdminTable label={label}>
      <thead>
        <tr>
          <Th>Query</Th>
          <Th className="text-right">Searches</Th>
          <Th className="text-right">No results</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.query}>
            <Td className="break-all">
              <Link to={searchLink(row.query)} className="text-brand-700 underline underline-offset-2">
                {row.query}
              </Link>
            </Td>
            <Td className="text-right tabular-nums">{formatCount(row.searches)}</Td>
            <Td className="text-right tabular-nums">{formatCount(row.zeroResults)}</Td>
          </tr>
        ))}
        {rows.length === 0 ? <EmptyRow columns={3}>{empty}</EmptyRow> : null}
      </tbody>
    </AdminTable>
  );
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const {
    countedAt,
    days,
    firstDay,
    lastDay,
    totals,
    topQueries,
    zeroResultQueries,
    filterKeys,
    filterValues,
  } = loaderData;
  const { perDay } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Activity"
        description={`Searches, exports and API calls of signed-in accounts from ${formatDate(firstDay)} to ${formatDate(lastDay)} (UTC days, today included), counted at ${timeFormat.format(new Date(countedAt))} UTC and kept for the rest of that minute.`}
        actions={<WindowPicker current={days} />}
      />

      <AdminStats>
        <AdminStat
          label="Searches"
          value={formatCount(totals.searches)}
          note="A new query or new filters; paging and sorting are not counted."
        />
        <AdminStat
          label="Exports"
          value={formatCount(totals.exports)}
          note="CSV exports, finished or stopped."
        />
        <AdminStat
          label="Rows exported"
          value={formatCount(totals.exportedRows)}
          note="Rows the exports wrote (an export stopped early counts what it wrote)."
        />
        <AdminStat
          label="API calls"
          value={formatCount(totals.apiCalls)}
          note="Calls of the REST API its endpoints answered (refused ones are not counted); not searches."
        />
      </AdminStats>

      <Section id="activity-exports" title="Exports per day">
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          <DailyBarChart
            title="Exports per day"
            unit="exports"
            barClassName="fill-emerald-600"
            points={perDay.map((day) => ({ day: day.day, value: day.exports }))}
          />
          <DailyBarChart
            title="Rows exported per day"
            unit="rows exported"
            points={perDay.map((day) => ({ day: day.day, value: day.exportedRows }))}
          />
        </div>
      </Section>

      <Section id="activity-api" title="API calls per day">
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          <DailyBarChart
            title="API calls per day"
            unit="API calls"
            barClassName="fill-sky-700"
            points={perDay.map((day) => ({ day: day.day, value: day.apiCalls }))}
          />
        </div>
      </Section>

      <div className="grid grid-cols-1 gap-x-6 xl:grid-cols-2">
        <Section id="activity-top-queries" title="Top queries">
          <QueryTable label="Top queries" rows={topQueries} empty="No queries in this window." />
        </Section>
        <Section id="activity-zero-queries" title="Queries with no results">
          <QueryTable
            label="Queries with no results"
            rows={zeroResultQueries}
            empty="Every query found something."
          />
        </Section>
      </div>
      <p className="mt-2 text-xs text-slate-500">
        Queries are compared lower-cased and trimmed; each search is a query typed (new filters on the same
        query are not counted again). No results: searches of that query that found nothing with the filters
        chosen at the time.
      </p>

      <div className="grid grid-cols-1 gap-x-6 xl:grid-cols-2">
        <Section id="activity-filters" title="Filters used">
          <AdminTable label="Filters used">
            <thead>
              <tr>
                <Th>Filter</Th>
                <Th className="text-right">Searches</Th>
                <Th className="text-right">Of all searches</Th>
              </tr>
            </thead>
            <tbody>
              {filterKeys.map((row) => (
                <tr key={row.key}>
                  <Td>{filterName(row.key)}</Td>
                  <Td className="text-right tabular-nums">{formatCount(row.searches)}</Td>
                  <Td className="text-right tabular-nums">
                    {formatShare(shareOf(row.searches, totals.searches))}
                  </Td>
                </tr>
              ))}
              {filterKeys.length === 0 ? (
                <EmptyRow columns={3}>No filters used in this window.</EmptyRow>
              ) : null}
            </tbody>
          </AdminTable>
        </Section>
        <Section id="activity-filter-values" title="Most used filter values">
          <AdminTable label="Most used filter values">
            <thead>
              <tr>
                <Th>Filter</Th>
                <Th>Value</Th>
                <Th className="text-right">Searches</Th>
              </tr>
            </thead>
            <tbody>
              {filterValues.map((row) => (
                <tr key={`${row.key}\u0000${row.value}`}>
                  <Td className="whitespace-nowrap">{filterName(row.key)}</Td>
                  <Td className="break-words">{filterValueLabel(row.key, row.value)}</Td>
                  <Td className="text-right tabular-nums">{formatCount(row.searches)}</Td>
                </tr>
              ))}
              {filterValues.length === 0 ? (
                <EmptyRow columns={3}>No filters used in this window.</EmptyRow>
              ) : null}
            </tbody>
          </AdminTable>
        </Section>
      </div>
      <p className="mt-2 text-xs text-slate-500">
        A search choosing several values of one filter counts once for the filter and once for each value.
      </p>
    </>
  );
}
