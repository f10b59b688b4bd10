import { data } from "react-router";

/**
 * The answer to a refused public form (contact, trial request, do-not-sell): 429 with Retry-After when
 * rate-limited, else 400 with the field errors. The three routes share it so they refuse alike.
 */
export function publicFormRefusal<Result extends { status: string; retryAfterSeconds?: number }>(
  result: Result,
) {
  if (result.status === "rate-limited") {
    return data(result, { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds ?? 60) } });
  }
  return data(result, { status: 400 });
}
