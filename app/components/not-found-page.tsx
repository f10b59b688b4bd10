import { Link } from "react-router";
import { StatusPage } from "./status-page";

/** The page for any path we do not serve (docs/product.md#screens). The route answers with status 404. */
export function NotFoundPage() {
  return (
    <StatusPage
      status={404}
      title="Page not found"
      titleId="not-found-title"
      message="We couldn't find the page you were looking for."
      actions={
        <div className="mt-8 flex justify-center gap-3">
          <Link
            to="/"
            className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
          >
            Go home
          </Link>
          <Link
            to="/search"
            className="rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
          >
            Search startups
          </Link>
        </div>
      }
    />
  );
}
