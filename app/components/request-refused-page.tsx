import { isRouteErrorResponse } from "react-router";
import { StatusPage } from "./status-page";

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
    <StatusPage
      status={status}
      title="This request could not be handled"
      titleId="refused-title"
      message={message}
      alert
    />
  );
}
