import { Link } from "react-router";
import { GetStartedLink } from "./get-started-link";

/** docs/product.md#screens: the get-started block before the footer. */
export function GetStarted() {
  return (
    <section aria-labelledby="get-started-title" className="px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-5xl rounded-2xl bg-brand-600 px-6 py-12 text-center text-white shadow-lg sm:px-12">
        <h2 id="get-started-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Start finding funded clients today
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-lg text-balance text-brand-50">
          Create your account, search the database and write to your first founders in minutes.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <GetStartedLink className="rounded-lg bg-white px-6 py-3 font-semibold text-brand-700 shadow-sm hover:bg-brand-50">
            Get Started
          </GetStartedLink>
          <Link
            to="/contact"
            className="rounded-lg border border-white/60 px-6 py-3 font-semibold text-white hover:bg-white/10"
          >
            Talk to us
          </Link>
        </div>
      </div>
    </section>
  );
}
