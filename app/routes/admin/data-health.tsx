import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminStat, AdminStats } from "~/components/admin/admin-stat";
import { AdminTable, Td, Th } from "~/components/admin/admin-table";
import { FRESHNESS_BUCKETS, formatShare, NO_COUNTRY, shareOf } from "~/core/admin-metrics";
import { PRODUCT_NAME } from "~/core/brand";
import { CHECK_AGE_BUCKETS, statusMixRows } from "~/core/email-health";
import { emailStatusLabel } from "~/core/email-status";
import { formatCount } from "~/core/format";
import { requireAdminActor } from "~/server/admin/admin-request.server";
import { cachedDataHealth } from "~/server/admin/data-health.server";
import type { Route } from "./+types/data-health";

/**
 * /admin/data-health (docs/product.md#admin): how complete, fresh and spread the company data is; the company figures are
 * counted again once the companies or the do-not-sell list change, or the day does (cachedDataHealth).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminActor(request);
  const health = await cachedDataHealth(db);
  return {
    ...health,
    countedAt: health.countedAt.toISOString(),
    lastCompanyAdded: health.lastCompanyAdded?.toISOString() ?? null,
    lastCompanyChange: health.lastCompanyChange?.toISOString() ?? null,
    similarity: health.similarity
      ? { refreshedAt: health.similarity.refreshedAt.toISOString(), companies: health.similarity.companies }
      : null,
  };
}

export function meta() {
  return [{ title: `Data health | Admin | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

const timeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

function when(iso: string | null): string {
  return iso ? `${timeFormat.format(new Date(iso))} UTC` : "Never";
}

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

/** A share as text and as a bar beside it (the bar repeats the text, so it is hidden from screen readers). */
function ShareCell({ part, total }: { part: number; total: number }) {
  const share = shareOf(part, total);
  return (
    <Td>
      <div className="flex items-center gap-2">
        <span className="w-14 shrink-0 text-right tabular-nums">{formatShare(share)}</span>
        <span
          aria-hidden="true"
          className="hidden h-2 w-32 overflow-hidden rounded-full bg-slate-100 sm:block"
        >
          <span className="block h-full bg-brand-600" style={{ width: `${(share ?? 0) * 100}%` }} />
        </span>
      </div>
    </Td>
  );
}

export default function AdminDataHealth({ loaderData }: Route.ComponentProps) {
  const { companies, withFounderEmail, withFounders, withLinkedin, freshness, continents, suppression } =
    loaderData;
  const coverageNote = (part: number) => `${formatCount(part)} of ${formatCount(companies)} companies.`;
  return (
    <>
      <AdminPageHeader
        title="Data health"
        description={`How complete and how fresh the searchable companies are (those no do-not-sell request hides), counted at ${when(loaderData.countedAt)}; counted again when the companies or the do-not-sell list change.`}
      />

      <Section id="health-coverage" title="Coverage">
        <AdminStats>
          <AdminStat label="Searchable companies" value={formatCount(companies)} />
          <AdminStat
            label="With a founder email"
            value={formatShare(shareOf(withFounderEmail, companies))}
            note={coverageNote(withFounderEmail)}
          />
          <AdminStat
            label="With founders"
            value={formatShare(shareOf(withFounders, companies))}
            note={coverageNote(withFounders)}
          />
          <AdminStat
            label="With a LinkedIn"
            value={formatShare(shareOf(withLinkedin, companies))}
            note={coverageNote(withLinkedin)}
          />
        </AdminStats>
      </Section>

      <EmailHealthSections email={loaderData.email} bounces={loaderData.bounces} />

      <Section id="health-freshness" title="Age of the last funding round">
        <AdminTable label="Companies by the age of their last funding round">
          <thead>
            <tr>
              <Th>Last funding date</Th>
              <Th className="text-right">Companies</Th>
              <Th>Share</Th>
            </tr>
          </thead>
          <tbody>
            {FRESHNESS_BUCKETS.map((bucket) => (
              <tr key={bucket.key}>
                <Td className="whitespace-nowrap">{bucket.label}</Td>
                <Td className="text-right tabular-nums">{formatCount(freshness[bucket.key])}</Td>
                <ShareCell part={freshness[bucket.key]} total={companies} />
              </tr>
            ))}
          </tbody>
        </AdminTable>
        <p className="mt-2 text-xs text-slate-500">
          Age on today's date (UTC). "30 days or less" starts on the same day as the search's "Last 30 days"
          filter; a date in the future counts as 30 days or less.
        </p>
      </Section>

      <Section id="health-continents" title="Companies per continent">
        <AdminTable label="Companies per continent">
          <thead>
            <tr>
              <Th>Continent</Th>
              <Th className="text-right">Companies</Th>
              <Th>Share</Th>
            </tr>
          </thead>
          <tbody>
            {continents.map((row) => (
              <tr key={row.continent}>
                <Td className="whitespace-nowrap">
                  {row.continent === NO_COUNTRY ? (
                    row.continent
                  ) : (
                    <Link
                      to={`/search?${new URLSearchParams({ location: `continent:${row.continent}` })}`}
                      className="text-brand-700 underline underline-offset-2"
                    >
                      {row.continent}
                    </Link>
                  )}
                </Td>
                <Td className="text-right tabular-nums">{formatCount(row.companies)}</Td>
                <ShareCell part={row.companies} total={companies} />
              </tr>
            ))}
          </tbody>
        </AdminTable>
        <p className="mt-2 text-xs text-slate-500">
          Counted as the search's continent filter counts: by the exact country name. "Other" is every country
          no continent lists; companies without a country are in no continent.
        </p>
      </Section>

      <Section id="health-suppression" title="Do-not-sell">
        <AdminStats>
          <AdminStat
            label="Addresses on the list"
            value={formatCount(suppression.addresses)}
            note="One per address, however often it was requested."
          />
          <AdminStat
            label="Companies hidden"
            value={formatCount(suppression.companiesHidden)}
            note="Left out of search, company pages and exports."
          />
        </AdminStats>
        <p className="mt-2 text-xs text-slate-500">
          <Link to="/admin/do-not-sell" className="text-brand-700 underline underline-offset-2">
            Do-not-sell requests
          </Link>
        </p>
      </Section>

      <Section id="health-changes" title="Last changes">
        <AdminStats>
          <AdminStat
            label="Last company change"
            value={<span className="text-lg">{when(loaderData.lastCompanyChange)}</span>}
            note="The newest time a company row was created or updated (an import's update, an edit)."
          />
          <AdminStat
            label="Last company added"
            value={<span className="text-lg">{when(loaderData.lastCompanyAdded)}</span>}
          />
          <AdminStat
            label="Similar companies computed"
            value={<span className="text-lg">{when(loaderData.similarity?.refreshedAt ?? null)}</span>}
            note={
              loaderData.similarity
                ? `Over ${formatCount(loaderData.similarity.companies)} companies.`
                : "Not computed yet."
            }
          />
        </AdminStats>
        <p className="mt-2 text-xs text-slate-500">
          No record of import runs is kept here: these are the newest times in the companies table, whatever
          wrote them (an import, the demo seed, an admin).
        </p>
      </Section>
    </>
  );
}

const weekFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** decision 032: the status mix of the companies' addresses, their check ages, and bounce reports. */
function EmailHealthSections({
  email,
  bounces,
}: {
  email: Route.ComponentProps["loaderData"]["email"];
  bounces: Route.ComponentProps["loaderData"]["bounces"];
}) {
  const mix = statusMixRows(email.statuses, email.notChecked);
  const withAddress = mix.reduce((sum, row) => sum + row.count, 0);
  return (
    <>
      <Section id="health-email-status" title="Email status">
        <AdminTable label="Companies' addresses by email status">
          <thead>
            <tr>
              <Th>Status</Th>
              <Th className="text-right">Addresses</Th>
              <Th>Share</Th>
            </tr>
          </thead>
          <tbody>
            {mix.map((row) => (
              <tr key={row.status ?? "none"}>
                <Td className="whitespace-nowrap">{emailStatusLabel(row.status)}</Td>
                <Td className="text-right tabular-nums">{formatCount(row.count)}</Td>
                <ShareCell part={row.count} total={withAddress} />
              </tr>
            ))}
          </tbody>
        </AdminTable>
        <p className="mt-2 text-xs text-slate-500">
          The primary contact's address of each searchable company ({formatCount(withAddress)} companies have
          one), as the cards and the "Email status" filter read it.
        </p>
        <h3 className="mt-6 mb-2 text-sm font-semibold text-slate-900">Age of verifications</h3>
        <AdminTable label="Companies' addresses by the age of their last check">
          <thead>
            <tr>
              <Th>Last checked</Th>
              <Th className="text-right">Addresses</Th>
              <Th>Share</Th>
            </tr>
          </thead>
          <tbody>
            {CHECK_AGE_BUCKETS.map((bucket) => (
              <tr key={bucket.key}>
                <Td className="whitespace-nowrap">{bucket.label}</Td>
                <Td className="text-right tabular-nums">{formatCount(email.checkAge[bucket.key])}</Td>
                <ShareCell part={email.checkAge[bucket.key]} total={withAddress} />
              </tr>
            ))}
          </tbody>
        </AdminTable>
        <div className="mt-6">
          <AdminStats>
            <AdminStat
              label="People with no email and no company domain"
              value={formatCount(email.peopleWithoutDomain)}
              note="No pattern can find their address: they show 'No email yet'."
            />
          </AdminStats>
        </div>
      </Section>

      <Section id="health-bounces" title="Bounce reports">
        <div className="grid gap-6 lg:grid-cols-2">
          <AdminTable label="Bounce reports per week">
            <thead>
              <tr>
                <Th>Week of</Th>
                <Th className="text-right">Reports</Th>
                <Th className="text-right">Addresses</Th>
              </tr>
            </thead>
            <tbody>
              {[...bounces.weeks].reverse().map((row) => (
                <tr key={row.week}>
                  <Td className="whitespace-nowrap">
                    {weekFormat.format(new Date(`${row.week}T00:00:00Z`))}
                  </Td>
                  <Td className="text-right tabular-nums">{formatCount(row.reports)}</Td>
                  <Td className="text-right tabular-nums">{formatCount(row.addresses)}</Td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
          {bounces.topDomains.length === 0 ? (
            <p className="text-sm text-slate-600">No address is marked bounced.</p>
          ) : (
            <AdminTable label="Domains with most bounced addresses">
              <thead>
                <tr>
                  <Th>Domain</Th>
                  <Th className="text-right">Bounced addresses</Th>
                </tr>
              </thead>
              <tbody>
                {bounces.topDomains.map((row) => (
                  <tr key={row.domain}>
                    <Td>{row.domain}</Td>
                    <Td className="text-right tabular-nums">{formatCount(row.addresses)}</Td>
                  </tr>
                ))}
              </tbody>
            </AdminTable>
          )}
        </div>
        <p className="mt-2 text-xs text-slate-500">
          Weeks start on Monday (UTC), newest first. An address is marked bounced by two subscribers' reports,
          or by one report and a failed new check.
        </p>
      </Section>
    </>
  );
}
