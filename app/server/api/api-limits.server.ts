import { sql } from "drizzle-orm";
import { API_QUOTA_PER_DAY, API_RATE_PER_MINUTE } from "~/core/api-keys";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";

/**
 * A key's rate (calls per minute) and daily quota (calls per UTC day), counted in the database (api_usage) so
 * every app process and machine shares them (decision 033). One statement per call counts both windows;
 * the rows are the key's own, so a key called too often waits only on its own rows, never on another's.
 */

export interface LimitState {
  allowed: boolean;
  /** Which limit refused the call, when one did. */
  refusedBy: "rate" | "quota" | null;
  /** The window the headers describe: the rate's, or the quota's once it is spent. */
  limit: number;
  remaining: number;
  /** Seconds until that window ends. */
  resetSeconds: number;
  /** The key's rate (calls per minute). */
  perMinute: number;
  /** The policy, as `RateLimit-Policy` states it. */
  policy: string;
  quota: { limit: number; used: number; resetSeconds: number };
}

export interface Limits {
  perMinute: number;
  perDay: number;
}

export const DEFAULT_LIMITS: Limits = { perMinute: API_RATE_PER_MINUTE, perDay: API_QUOTA_PER_DAY };

/** Counts one call of `keyId` at `now` and says whether it is within the key's limits. */
export async function countApiCall(
  db: Db,
  keyId: number,
  now: Date = new Date(),
  limits: Limits = DEFAULT_LIMITS,
): Promise<LimitState> {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  // A refused call is counted too: a client that keeps calling while refused does not earn its rate back.
  const rows = await queryRows<{ window: "minute" | "day"; count: number }>(
    db,
    sql`insert into api_usage (key_id, "window", starts_at, count)
        values (${keyId}, 'minute', ${minute.toISOString()}::timestamptz, 1),
               (${keyId}, 'day', ${day.toISOString()}::timestamptz, 1)
        on conflict (key_id, "window", starts_at) do update set count = api_usage.count + 1
        returning "window", count`,
  );
  const perMinute = Number(rows.find((row) => row.window === "minute")?.count ?? 1);
  const perDay = Number(rows.find((row) => row.window === "day")?.count ?? 1);
  const minuteReset = Math.max(1, Math.ceil((minute.getTime() + 60_000 - now.getTime()) / 1000));
  const dayReset = Math.max(1, Math.ceil((day.getTime() + 86_400_000 - now.getTime()) / 1000));
  const quota = { limit: limits.perDay, used: Math.min(perDay, limits.perDay), resetSeconds: dayReset };
  const policy = `${limits.perMinute};w=60, ${limits.perDay};w=86400`;
  if (perDay > limits.perDay) {
    return {
      allowed: false,
      refusedBy: "quota",
      limit: limits.perDay,
      remaining: 0,
      resetSeconds: dayReset,
      perMinute: limits.perMinute,
      policy,
      quota,
    };
  }
  return {
    allowed: perMinute <= limits.perMinute,
    refusedBy: perMinute <= limits.perMinute ? null : "rate",
    limit: limits.perMinute,
    remaining: Math.max(0, limits.perMinute - perMinute),
    resetSeconds: minuteReset,
    perMinute: limits.perMinute,
    policy,
    quota,
  };
}

/** The headers of a counted call (the IETF RateLimit fields), and Retry-After on a refusal. */
export function limitHeaders(state: LimitState): Record<string, string> {
  return {
    "RateLimit-Limit": String(state.limit),
    "RateLimit-Remaining": String(state.remaining),
    "RateLimit-Reset": String(state.resetSeconds),
    "RateLimit-Policy": state.policy,
    ...(state.allowed ? {} : { "Retry-After": String(state.resetSeconds) }),
  };
}

/** The longest a process answers a refused key from memory before asking the database again. */
const REMEMBER_REFUSAL_MS = 60_000;

/**
 * The keys this process saw refused, until their window ends (a minute at most): a key called on past its
 * limit is answered 429 from memory, with no database query, so its calls cost the site next to nothing
 * while others' searches go on. Each process learns of a refusal by one counted call; a key revoked while
 * remembered is answered 429 instead of 401 until then.
 */
export class RefusedKeys {
  private readonly until = new Map<string, { at: number; state: LimitState }>();

  /** The refusal to answer for this key's hash now, if this process holds one. */
  refusal(keyHash: string, now: number = Date.now()): LimitState | null {
    const held = this.until.get(keyHash);
    if (!held) return null;
    if (held.at <= now) {
      this.until.delete(keyHash);
      return null;
    }
    return { ...held.state, resetSeconds: Math.max(1, Math.ceil((held.at - now) / 1000)) };
  }

  remember(keyHash: string, state: LimitState, now: number = Date.now()): void {
    if (state.allowed) return;
    for (const [hash, held] of this.until) if (held.at <= now) this.until.delete(hash);
    this.until.set(keyHash, { at: now + Math.min(state.resetSeconds * 1000, REMEMBER_REFUSAL_MS), state });
  }
}
