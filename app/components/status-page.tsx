import type { ReactNode } from "react";
import { Link } from "react-router";

export interface StatusPageProps {
  /** The HTTP status, shown above the heading. */
  status: number;
  /** The heading (the page's h1), which labels the section. */
  title: string;
  /** The id of the heading. */
  titleId: string;
  /** The sentence under the heading. */
  message: ReactNode;
  /** Announce the message to assistive technology (role="alert"): it is the server's reason for a refusal. */
  alert?: boolean;
  /** What the visitor can do next; by default a "Go home" link. */
  actions?: ReactNode;
}

/** The frame of the pages shown instead of a route's content for a 4xx: not found, forbidden, refused. */
export function StatusPage({ status, title, titleId, message, alert = false, actions }: StatusPageProps) {
  return (
    <section aria-labelledby={titleId} className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">{status}</p>
      <h1 id={titleId} className="mt-2 text-3xl font-semibold text-slate-900">
        {title}
      </h1>
      <p role={alert ? "alert" : undefined} className="mt-3 text-slate-600">
        {message}
      </p>
      {actions ?? (
        <Link
          to="/"
          className="mt-8 inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Go home
        </Link>
      )}
    </section>
  );
}
