import { Link } from "react-router";

/** The page for any path we do not serve (spec 2). The route answers with status 404. */
export function NotFoundPage() {
  return (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 id="not-found-title" className="mt-2 text-3xl font-semibold text-slate-900">
        Page not found
      </h1>
      <p className="mt-3 text-slate-600">We couldn't find the page you were looking for.</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
          Go home
        </Link>
        <Link
          to="/search"
          className="rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
        >
          Search startups
        </Link>
      </div>
    </section>
  );
}
