import { ArrowRight, Landmark } from "lucide-react";
import { Link } from "react-router";

/**
 * docs/product.md#home: the optional teaser for the limited-partners database. The home page renders it only
 * when the settings do not hide LP search (docs/product.md#roles: the same condition as the LP links).
 */
export function LpTeaser() {
  return (
    <section aria-labelledby="lp-title" className="px-4 pt-16 sm:px-6" data-testid="lp-teaser">
      <div className="mx-auto flex max-w-5xl flex-col items-start gap-6 rounded-2xl bg-slate-900 p-8 text-white sm:flex-row sm:items-center sm:p-10">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-white/10">
          <Landmark aria-hidden="true" className="h-6 w-6" />
        </span>
        <div className="flex-1">
          <h2 id="lp-title" className="text-2xl font-bold tracking-tight">
            Raising a fund? Meet the LPs
          </h2>
          <p className="mt-2 text-slate-300">
            Search limited partners (family offices, endowments, pensions and funds of funds) with the same
            filters and exports as the startup database.
          </p>
        </div>
        <Link
          to="/lps"
          className="inline-flex shrink-0 items-center gap-2 rounded-lg bg-white px-5 py-3 font-semibold text-slate-900 hover:bg-slate-100"
        >
          Explore LPs
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </div>
    </section>
  );
}
