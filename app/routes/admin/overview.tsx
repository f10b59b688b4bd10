import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminStat, AdminStats } from "~/components/admin/admin-stat";
import { AdminTable, Td, Th } from "~/components/admin/admin-table";
import { DailyBarChart } from "~/components/admin/daily-bar-chart";
import { dollarsOf, formatShare } from "~/core/admin-metrics";
import { PRODUCT_NAME } from "~/core/brand";
import { formatCount } from "~/core/format";
import { PLANS } from "~/core/plans";
import { requireAdminActor } from "~/server/admin/admin-request.server";
import { cachedOverviewFigures } from "~/server/admin/overview.server";
import type { Route } from "./+types/overview";

/** /admin: the console's overview (docs/product.md#admin): accounts, revenue, activity and data, counted on each visit. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminActor(request);
  return cachedOverviewFigures(db);
}

export function meta() {
  return [{ title: `Overview | Admin | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

const timeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8 first:mt-0">
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { accounts, trialsInProgress, plans, mrrCents, conversion, activity, companies, countedAt } =
    loaderData;
  return (
    <>
      <AdminPageHeader
        title="Overview"
        description={`Counted from the database at ${timeFormat.format(new Date(countedAt))} UTC (kept for the rest of that minute). Windows are the last 30 days, today included.`}
      />

      <Section id="overview-customers" title="Accounts and revenue">
        <AdminStats>
          <AdminStat label="Accounts" value={formatCount(accounts)} note="Every sign-up, confirmed or not." />
          <AdminStat
            label="Trials in progress"
            value={formatCount(trialsInProgress)}
            note="On trial, with the trial's end still ahead."
          />
          <AdminStat
            label="Monthly recurring revenue"
            value={`$${formatCount(dollarsOf(mrrCents))}`}
            note={`Paying monthly plans at $${dollarsOf(PLANS.monthly.priceCents ?? 0)} and annual plans at $${dollarsOf(PLANS.pro.priceCents ?? 0)} / 12, from Stripe or the demo provider. Granted plans (${PLANS.lifetime.name}, ${PLANS.lps.name}, or any plan an admin granted) are not revenue and count for nothing here.`}
          />
          <AdminStat
            label="Trial to paid, last 30 days"
            value={formatShare(conversion.rate)}
            note={
              conversion.ended === 0
                ? "No trial ended in the last 30 days."
                : `${formatCount(conversion.converted)} of ${formatCount(conversion.ended)} trials that ended in the last 30 days became paid (active now, or paid and canceled later).`
            }
          />
        </AdminStats>
      </Section>

      <Section id="overview-plans" title="Subscriptions giving access now, by plan">
        <AdminTable label="Subscriptions by plan">
          <thead>
            <tr>
              <Th>Plan</Th>
              <Th className="text-right">Paying</Th>
              <Th className="text-right">Granted</Th>
              <Th className="text-right">On trial</Th>
              <Th className="text-right">Total</Th>
            </tr>
          </thead>
          <tbody>
            {plans.map((plan) => (
              <tr key={plan.planId}>
                <Td className="whitespace-nowrap">{PLANS[plan.planId].name}</Td>
                <Td className="text-right tabular-nums">{formatCount(plan.paid)}</Td>
                <Td className="text-right tabular-nums">{formatCount(plan.granted)}</Td>
                <Td className="text-right tabular-nums">{formatCount(plan.trialing)}</Td>
                <Td className="text-right font-medium tabular-nums">
                  {formatCount(plan.paid + plan.granted + plan.trialing)}
                </Td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
        <p className="mt-2 text-xs text-slate-500">
          Paying: active and past its trial, from Stripe or the demo provider. Granted: given by an admin, no
          payment. Canceled, unpaid and past-due subscriptions give no access and are not listed.
        </p>
      </Section>

      <Section id="overview-activity" title="Searches and exports, last 30 days">
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          <DailyBarChart
            title="Searches per day"
            unit="searches"
            points={activity.map((day) => ({ day: day.day, value: day.searches }))}
          />
          <DailyBarChart
            title="Exports per day"
            unit="exports"
            barClassName="fill-emerald-600"
            points={activity.map((day) => ({ day: day.day, value: day.exports }))}
          />
        </div>
        <p className="mt-2 text-xs text-slate-500">
          A search is a new query or new filters by a signed-in account; paging and sorting are not counted.{" "}
          <Link to="/admin/activity" className="text-brand-700 underline underline-offset-2">
            Queries, filters and exported rows
          </Link>
        </p>
      </Section>

      <Section id="overview-companies" title="Companies">
        <AdminStats>
          <AdminStat
            label="Companies"
            value={formatCount(companies.total)}
            note="Searchable: companies hidden by a do-not-sell request are left out."
          />
          <AdminStat
            label="Rounds in the last 30 days"
            value={formatCount(companies.roundsLast30Days)}
            note="Companies whose last funding date is in the search's 'Last 30 days'."
          />
          <AdminStat
            label="Companies added in the last 30 days"
            value={formatCount(companies.addedLast30Days)}
            note="Company rows created in that time, by an import or otherwise."
          />
        </AdminStats>
        <p className="mt-2 text-xs text-slate-500">
          <Link to="/admin/data-health" className="text-brand-700 underline underline-offset-2">
            Data health: coverage, freshness and continents
          </Link>
        </p>
      </Section>
    </>
  );
}
