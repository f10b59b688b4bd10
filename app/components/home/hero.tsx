import { formatAmount, formatCount } from "~/core/format";
import { GetStartedLink } from "./get-started-link";
import { HeroSearch } from "./hero-search";

export const HOME_HEADLINE = "Find venture funded clients for your business";

/** docs/product.md#home, marketing claims that are facts of the data set, not settings. */
export const DATAPOINTS_PER_LEAD = 19;
export const ROUND_RANGE = { minUsd: 250_000, maxUsd: 500_000_000, label: "$250,000 to $500 million" };

export interface HeroProps {
  totalCompanies: number;
  recentFundingUsd: number;
  recentFundingDays: number;
  /** docs/product.md#home: the claims are site settings ('1.2m+', '2,000+' by default). */
  contactsExportedClaim: string;
  businessesTrustedClaim: string;
}

/** docs/product.md#home: the headline, the live figures and the claims, the hero search and the calls to action. */
export function Hero(props: HeroProps) {
  // Each figure reads as a phrase ("2,000 funded startups"), for screen readers and for the eye.
  const stats = [
    { value: formatCount(props.totalCompanies), label: "funded startups", testId: "total-companies" },
    {
      value: formatAmount(props.recentFundingUsd),
      label: `raised in the last ${props.recentFundingDays} days`,
      testId: "recent-funding",
    },
    { value: props.contactsExportedClaim, label: "contacts exported", testId: "contacts-claim" },
    { value: String(DATAPOINTS_PER_LEAD), label: "datapoints per lead", testId: "datapoints" },
  ];
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-gradient-to-b from-brand-50 to-white px-4 pt-12 pb-8 sm:px-6 sm:pt-20 sm:pb-12"
    >
      <div className="mx-auto max-w-4xl text-center">
        <p className="text-sm font-semibold text-brand-700">
          <span data-testid="hero-total">{formatCount(props.totalCompanies)}</span> funded startups and their
          founders
        </p>
        <h1
          id="hero-title"
          className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-6xl"
        >
          {HOME_HEADLINE}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-slate-700">
          Reach founders who just raised. Search startups by industry, stage, location, round size and date,
          then export verified founder emails: {DATAPOINTS_PER_LEAD} datapoints per lead, from rounds of{" "}
          {ROUND_RANGE.label}.
        </p>
        <div className="mt-8">
          <HeroSearch />
        </div>
        <div className="mt-5 flex flex-wrap items-center justify-center gap-3">
          <GetStartedLink className="rounded-lg bg-slate-900 px-5 py-3 font-semibold text-white shadow-sm hover:bg-slate-800">
            Get Started
          </GetStartedLink>
          <a
            href="#demo"
            className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
          >
            Watch the demo
          </a>
        </div>
        <ul className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-1 text-sm font-medium text-slate-700">
          <li className="whitespace-nowrap" data-testid="businesses-claim">
            Trusted by {props.businessesTrustedClaim} businesses
          </li>
          <li className="whitespace-nowrap" data-testid="round-range">
            Rounds of {formatAmount(ROUND_RANGE.minUsd)} to {formatAmount(ROUND_RANGE.maxUsd)}
          </li>
        </ul>
      </div>
      <ul
        aria-label="The database in figures"
        className="mx-auto mt-12 grid max-w-5xl grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
      >
        {stats.map((stat) => (
          <li
            key={stat.testId}
            className="rounded-xl border border-slate-200 bg-white px-3 py-4 text-center shadow-sm sm:p-5"
          >
            <span className="block text-2xl font-bold text-slate-900 sm:text-3xl" data-testid={stat.testId}>
              {stat.value}
            </span>{" "}
            <span className="mt-1 block text-sm text-slate-600">{stat.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
