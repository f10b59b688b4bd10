import type { LiveFigures } from "~/core/compare";
import type { Claim, Competitor, Source } from "~/core/competitors";
import { ROUNDLIST_FEATURES } from "~/core/competitors";
import { formatCount } from "~/core/format";
import { GetStartedLink } from "../home/get-started-link";

function SourceNote({ source }: { source: Source }) {
  return (
    <span className="text-xs text-slate-500">
      {" "}
      (source:{" "}
      <a href={source.url} rel="noopener noreferrer nofollow" className="underline underline-offset-2">
        {source.title ?? new URL(source.url).hostname}
      </a>
      , read {source.readOn})
    </span>
  );
}

function Claims({ claims }: { claims: readonly Claim[] }) {
  return (
    <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
      {claims.map((claim) => (
        <li key={claim.text}>
          {claim.text}
          <SourceNote source={claim.source} />
        </li>
      ))}
    </ul>
  );
}

const PRIMARY =
  "inline-flex items-center rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700";

/** A competitor page: what the provider is, a sourced feature table, when to pick which, live figures. */
export function CompetitorComparison({
  competitor,
  figures,
}: {
  competitor: Competitor;
  figures: LiveFigures;
}) {
  return (
    <>
      <section aria-labelledby="about-title" className="mt-8">
        <h2 id="about-title" className="text-xl font-semibold text-slate-900">
          What {competitor.name} is
        </h2>
        <Claims claims={competitor.summary} />
      </section>

      <section aria-labelledby="features-title" className="mt-10">
        <h2 id="features-title" className="text-xl font-semibold text-slate-900">
          Roundlist and {competitor.name}, feature by feature
        </h2>
        <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full table-fixed text-left text-sm">
            <caption className="sr-only">Roundlist compared with {competitor.name}</caption>
            <thead className="bg-slate-50">
              <tr>
                <td className="w-24 p-2 sm:w-40 sm:p-3" />
                <th scope="col" className="p-2 sm:p-3 font-semibold text-slate-900">
                  Roundlist
                </th>
                <th scope="col" className="p-2 sm:p-3 font-semibold text-slate-900">
                  {competitor.name}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {competitor.features.map((row) => (
                <tr key={row.key}>
                  <th scope="row" className="p-2 sm:p-3 align-top font-medium text-slate-600">
                    {row.label}
                  </th>
                  <td className="p-2 align-top text-slate-900 [overflow-wrap:anywhere] sm:p-3">
                    {ROUNDLIST_FEATURES[row.key]}
                  </td>
                  <td className="p-2 align-top text-slate-900 [overflow-wrap:anywhere] sm:p-3">
                    {row.competitor}
                    {row.source ? <SourceNote source={row.source} /> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="better-title" className="mt-10 grid gap-8 md:grid-cols-2">
        <div>
          <h2 id="better-title" className="text-xl font-semibold text-slate-900">
            When {competitor.name} is the better choice
          </h2>
          <Claims claims={competitor.betterChoiceWhen} />
        </div>
        <div>
          <h2 className="text-xl font-semibold text-slate-900">When Roundlist fits better</h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
            {competitor.roundlistFitWhen.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="figures-title"
        className="mt-10 rounded-xl border border-slate-200 bg-slate-50 p-5"
      >
        <h2 id="figures-title" className="text-xl font-semibold text-slate-900">
          Roundlist today
        </h2>
        <dl className="mt-3 grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-slate-600">Funded startups</dt>
            <dd className="text-2xl font-semibold text-slate-900">{formatCount(figures.companies)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Rounds in the last 90 days</dt>
            <dd className="text-2xl font-semibold text-slate-900">{formatCount(figures.roundsLast90Days)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Founder emails</dt>
            <dd className="text-2xl font-semibold text-slate-900">{formatCount(figures.emails)}</dd>
          </div>
        </dl>
        <div className="mt-5">
          <GetStartedLink className={PRIMARY}>Get Started</GetStartedLink>
        </div>
      </section>
    </>
  );
}
