import { Link } from "react-router";

/** Shown with status 403 when a signed-in user opens a page their role does not allow. */
export function ForbiddenPage({ message }: { message: string }) {
  return (
    <section aria-labelledby="forbidden-title" className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">403</p>
      <h1 id="forbidden-title" className="mt-2 text-3xl font-semibold text-slate-900">
        Access denied
      </h1>
      <p className="mt-3 text-slate-600">{message}</p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        Go home
      </Link>
    </section>
  );
}
