import { sql } from "drizzle-orm";
import { BOUNCE_REPORTS_TO_MARK } from "~/core/email-status";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import type { Verifier } from "../email-verify/verifier.server";
import { logger } from "../logger.server";
import { addressKey, markBounced, recordVerdicts } from "./address-statuses.server";
import { configuredVerifier, verifiesBeyondSyntax } from "./configured-verifier.server";

/**
 * decision 032: subscribers' bounce reports. One row per user and address (email_bounce_reports); an address
 * with reports from BOUNCE_REPORTS_TO_MARK different users is marked bounced at once; a first report asks
 * the verifier again, in the background (the request does not wait for SMTP), and recordVerdicts turns a
 * failed check of a reported address into bounced.
 */

export interface BounceReportOutcome {
  /** Addresses this user reported now (new rows). */
  reported: number;
  /** Addresses this user had reported before (nothing changed). */
  alreadyReported: number;
  /** Addresses Roundlist does not hold (or holds only for hidden companies): not recorded. */
  notFound: number;
  /** Of the reported ones, those marked bounced now (the second user's report). */
  markedBounced: number;
  /** Of the reported ones, those sent for a new check. */
  rechecking: number;
  /** The new check, settled (never rejects: a failure is logged). */
  recheck: Promise<void>;
}

export interface BounceReportDependencies {
  /** The verifier that checks a first report again; the process's configured one when absent. */
  verifier?: Pick<Verifier, "verifyMany">;
  /** Whether to check again at all; by default only when a driver beyond syntax is configured (a syntax-only
   * check would replace a mailbox verdict with the form's `unknown`). */
  recheck?: boolean;
}

const pendingRechecks = new Set<Promise<void>>();

/** Tests (and a clean shutdown): waits for every background new check started so far. */
export async function settledBounceRechecks(): Promise<void> {
  while (pendingRechecks.size > 0) await Promise.all([...pendingRechecks]);
}

/** Of `keys`, those Roundlist holds: a searchable company's address, or a person's at a searchable company. */
async function heldAddresses(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await queryRows<{ email: string }>(
    db,
    sql`select k.email from unnest(${sql.param(keys)}::text[]) as k(email)
        where exists (select 1 from companies c where lower(c.email) = k.email and not c.suppressed)
           or exists (
             select 1 from people p join companies c on c.id = p.company_id
             where lower(p.email) = k.email and not c.suppressed)`,
  );
  return new Set(rows.map((row) => row.email));
}

function startRecheck(
  db: Db,
  emails: readonly string[],
  verifier: Pick<Verifier, "verifyMany">,
): Promise<void> {
  if (emails.length === 0) return Promise.resolve();
  const run = (async () => {
    try {
      await recordVerdicts(db, await verifier.verifyMany(emails));
    } catch (error) {
      logger.warn({ err: error, addresses: emails.length }, "bounce report: the new check failed");
    }
  })();
  pendingRechecks.add(run);
  void run.finally(() => pendingRechecks.delete(run));
  return run;
}

/**
 * Records `userId`'s reports of `emails` (any case; repeats counted once). Idempotent per user and address.
 * Returns at once; the new check of first reports runs in the background (`recheck`).
 */
export async function reportBounces(
  db: Db,
  userId: string,
  emails: readonly string[],
  dependencies: BounceReportDependencies = {},
): Promise<BounceReportOutcome> {
  const keys = [...new Set(emails.map(addressKey).filter((key) => key !== ""))];
  const held = await heldAddresses(db, keys);
  const known = keys.filter((key) => held.has(key));
  const inserted =
    known.length === 0
      ? []
      : await queryRows<{ email: string }>(
          db,
          sql`insert into email_bounce_reports (user_id, email)
              select ${userId}, email from unnest(${sql.param(known)}::text[]) as email
              on conflict (email, user_id) do nothing
              returning email`,
        );
  const reported = inserted.map((row) => row.email);
  const counts =
    reported.length === 0
      ? []
      : await queryRows<{ email: string; reporters: number; status: string | null }>(
          db,
          sql`select r.email, count(*)::int as reporters, min(a.status) as status
              from email_bounce_reports r left join email_addresses a on a.email = r.email
              where r.email = any(${sql.param(reported)}::text[])
              group by r.email`,
        );
  const toMark = counts.filter((row) => row.reporters >= BOUNCE_REPORTS_TO_MARK).map((row) => row.email);
  const toCheck = counts
    .filter((row) => row.reporters < BOUNCE_REPORTS_TO_MARK && row.status !== "bounced")
    .map((row) => row.email);
  if (toMark.length > 0) {
    await markBounced(db, toMark, `reported bounced by ${BOUNCE_REPORTS_TO_MARK} or more subscribers`);
  }
  const shouldCheck = dependencies.recheck ?? (dependencies.verifier !== undefined || verifiesBeyondSyntax());
  const rechecking = shouldCheck ? toCheck : [];
  const recheck = startRecheck(db, rechecking, dependencies.verifier ?? configuredVerifier());
  return {
    reported: reported.length,
    alreadyReported: known.length - reported.length,
    notFound: keys.length - known.length,
    markedBounced: toMark.length,
    rechecking: rechecking.length,
    recheck,
  };
}
