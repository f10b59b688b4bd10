import { BadgeCheck, CalendarClock, Download, Filter, type LucideIcon, Rows3, Search } from "lucide-react";

interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

// docs/product.md#home and docs/product.md#limits: what a subscriber gets; the wording stays factual (docs/product.md#home).
const FEATURES: readonly Feature[] = [
  {
    icon: Search,
    title: "Search every funded startup",
    text: "Find companies by name, description, industry, city or founder, across the whole database at once.",
  },
  {
    icon: Filter,
    title: "Filters that match how you sell",
    text: "Narrow by industry, funding stage, continent, country, state or city, round size and how recently they raised.",
  },
  {
    icon: BadgeCheck,
    title: "Verified founder emails",
    text: "Each lead names the founder and their role, with an email marked valid, accept-all or unknown and the day it was checked, plus the company's website and LinkedIn.",
  },
  {
    icon: Rows3,
    title: "19 datapoints per lead",
    text: "Company, description, industries, headquarters, founders, contact details and the last round's type, amount and date.",
  },
  {
    icon: CalendarClock,
    title: "Fresh rounds every month",
    text: "Monthly updates add 500+ new leads, from rounds of $250,000 to $500 million, while their budgets are new.",
  },
  {
    icon: Download,
    title: "Export to CSV",
    text: "Export any search to a .csv file for your CRM, your sequencer or a spreadsheet, with no limit on searches or exports.",
  },
];

/** docs/product.md#home: the home page's feature cards. */
export function FeatureCards() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="scroll-mt-20 bg-slate-50 px-4 py-16 sm:px-6 sm:py-20"
    >
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Everything you need to reach funded startups
          </h2>
          <p className="mt-3 text-lg text-balance text-slate-700">
            Startups that just raised have budget and a plan to spend it. Find them before your competitors
            do.
          </p>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="h-5 w-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
