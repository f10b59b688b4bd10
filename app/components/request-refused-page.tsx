import { isRouteErrorResponse, Link } from "react-router";

export interface Refusal {
  status: number;
  message: string;
}

/**
 * A 4xx the server answered with a reason (`{ error }` or `{ message }`), e.g. a form action sent a body that
 * is not a form (415, 400) or too large a one (413): the reason is shown, not the crash screen.
 */
export function refusalOf(error: unknown): Refusal | null {
  if (!isRouteErrorResponse(error) || error.status < 400 || error.status > 499) return null;
  const body = error.data as { error?: unknown; message?: unknown } | null;
  const message = typeof body === "object" && body !== null ? (body.error ?? body.message) : null;
  return typeof message === "string" && message !== "" ? { status: error.status, message } : null;
}

/** Shown by the root error boundary for a refusal (refusalOf), with its status. */
export function RequestRefusedPage({ status, message }: Refusal) {
  return (
    <section aria-labelledby="refused-title" className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">{status}</p>
      <h1 id="refused-title" className="mt-2 text-3xl font-semibold text-slate-900">
        This request could not be handled
      </h1>
      <p role="alert" className="mt-3 text-slate-600">
        {message}
      </p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        Go home
      </Link>
    </section>
  );
}
