import { sql } from "drizzle-orm";
import { FRESH_VERIFICATION_DAYS } from "~/core/email-status";
import {
  isReservedDomain,
  MAX_RUN_SIZE,
  RESERVED_TLDS,
  type VerificationSelection,
} from "~/core/email-verification-runs";
import { refreshSummaries } from "../company-summary/refresh-summaries.server";
import { type Db, isEmbedded } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import type { Verifier } from "../email-verify/verifier.server";
import { foregroundQuiet } from "../foreground-requests.server";
import { logger } from "../logger.server";
import { addressKey, recordVerdicts } from "./address-statuses.server";

/** Addresses handed to the verifier at a time (its sessions batch each domain's addresses in one). */
const CHUNK = 2_000;
/** A run whose progress has not moved for this long died with its process: a new one may start. */
const STALLED_MS = 10 * 60_000;
/** On the embedded database a chunk's writes wait for the requests in flight, at most this long. */
const REQUESTS_FIRST_MAX_WAIT_MS = 1_000;

export class VerificationRunRefused extends Error {}

export interface VerificationRunRow {
  id: number;
  trigger: "schedule" | "admin";
  selection: string;
  status: "running" | "done" | "failed";
  total: number;
  checked: number;
  counts: Record<string, number>;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

const RESERVED_PATTERNS = RESERVED_TLDS.map((tld) => `%${tld}`);

/** The addresses (lower-cased) a selection holds now, at most `limit`, those waiting longest first. */
export async function addressesOf(
  db: Db,
  selection: Exclude<VerificationSelection, "find">,
  limit: number,
): Promise<string[]> {
  const fresh = sql`now() - make_interval(days => ${FRESH_VERIFICATION_DAYS})`;
  const where =
    selection === "due"
      ? sql`a.status <> 'bounced' and (a.method = 'syntax' and a.status = 'unknown' or a.checked_at < ${fresh}
              or a.retry_at <= now())`
      : selection === "stale"
        ? sql`a.status <> 'bounced' and a.checked_at < ${fresh}`
        : sql`a.status = ${selection}`;
  const rows = await queryRows<{ email: string }>(
    db,
    sql`select a.email from email_addresses a
        where not a.is_demo and ${where}
          and not (a.email like any(${sql.param(RESERVED_PATTERNS)}::text[]))
        order by a.checked_at, a.email limit ${limit}`,
  );
  return rows.map((row) => row.email);
}

/** People without an address whose company's domain is known: the ones a pattern may find one for. */
interface Findable extends Record<string, unknown> {
  id: number;
  company_id: number;
  first_name: string;
  last_name: string;
  domain: string;
}

async function findablePeople(db: Db, limit: number): Promise<Findable[]> {
  return queryRows<Findable>(
    db,
    sql`select p.id, p.company_id, p.first_name, p.last_name, c.website_domain as domain
        from people p join companies c on c.id = p.company_id
        where p.email is null and btrim(coalesce(p.first_name, '')) <> '' and btrim(coalesce(p.last_name, '')) <> ''
          and c.website_domain is not null and not c.suppressed
          and not (c.website_domain like any(${sql.param(RESERVED_PATTERNS)}::text[]))
        order by p.id limit ${limit}`,
  );
}

/**
 * Starts a run (one at a time: a run still moving refuses another) and returns its row; the caller carries it
 * out (carryOutVerificationRun), in the background where a request started it.
 */
export async function startVerificationRun(
  db: Db,
  options: { trigger: "schedule" | "admin"; selection: VerificationSelection; requestedBy?: string | null },
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table email_verification_runs in share row exclusive mode`);
    const running = await queryRows<{ id: number }>(
      tx,
      sql`select id from email_verification_runs
          where status = 'running' and progress_at > now() - make_interval(secs => ${STALLED_MS / 1000})`,
    );
    if (running.length > 0)
      throw new VerificationRunRefused(
        `Verification run ${running[0]?.id} is still going: wait for it to end.`,
      );
    await tx.execute(
      sql`update email_verification_runs set status = 'failed', error = 'stopped with its process',
            finished_at = now() where status = 'running'`,
    );
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into email_verification_runs (trigger, selection, requested_by)
          values (${options.trigger}, ${options.selection}, ${options.requestedBy ?? null}) returning id`,
    );
    return { id: row?.id as number };
  });
}

async function progress(db: Db, runId: number, checked: number, counts: Record<string, number>) {
  await db.execute(
    sql`update email_verification_runs set checked = ${checked}, counts = ${JSON.stringify(counts)}::jsonb,
          progress_at = now() where id = ${runId}`,
  );
}

/**
 * Carries a started run out with `verifier`: the selection's addresses (or, for `find`, the people a pattern
 * may find an address for), a chunk at a time, each chunk's verdicts recorded as it ends, the run's progress
 * written after each. Never throws: a failure ends the run as failed, with its reason.
 */
export async function carryOutVerificationRun(
  db: Db,
  runId: number,
  verifier: Verifier,
  options: { selection: VerificationSelection; limit: number },
): Promise<void> {
  const limit = Math.max(1, Math.min(MAX_RUN_SIZE, Math.floor(options.limit)));
  const counts: Record<string, number> = {};
  let checked = 0;
  const yieldToRequests = isEmbedded(db)
    ? () => foregroundQuiet(REQUESTS_FIRST_MAX_WAIT_MS)
    : () => Promise.resolve();
  try {
    if (options.selection === "find") {
      const people = await findablePeople(db, limit);
      await db.execute(sql`update email_verification_runs set total = ${people.length} where id = ${runId}`);
      for (let start = 0; start < people.length; start += CHUNK) {
        const chunk = people.slice(start, start + CHUNK);
        const found = await findChunk(db, verifier, chunk, yieldToRequests);
        checked += chunk.length;
        for (const status of found) counts[status] = (counts[status] ?? 0) + 1;
        counts.not_found = (counts.not_found ?? 0) + chunk.length - found.length;
        await progress(db, runId, checked, counts);
      }
    } else {
      const addresses = await addressesOf(db, options.selection, limit);
      await db.execute(
        sql`update email_verification_runs set total = ${addresses.length} where id = ${runId}`,
      );
      // Two chunks in flight: the next one's sessions start as the last of this one's end, so the verifier's
      // connections stay busy instead of waiting for each chunk's slowest domain (its limits are shared).
      const chunks: string[][] = [];
      for (let start = 0; start < addresses.length; start += CHUNK)
        chunks.push(addresses.slice(start, start + CHUNK));
      let pending = chunks[0] ? verifier.verifyMany(chunks[0]) : null;
      for (let index = 0; pending !== null; index++) {
        const chunk = chunks[index] as string[];
        const next = chunks[index + 1];
        const following = next ? verifier.verifyMany(next) : null;
        // A failure of the next chunk is seen when it is awaited, not as an unhandled rejection meanwhile.
        following?.catch(() => {});
        const results = await pending;
        pending = following;
        await yieldToRequests();
        await recordVerdicts(db, results);
        checked += chunk.length;
        for (const result of results) counts[result.status] = (counts[result.status] ?? 0) + 1;
        await progress(db, runId, checked, counts);
      }
    }
    await db.execute(
      sql`update email_verification_runs set status = 'done', finished_at = now(), progress_at = now()
          where id = ${runId}`,
    );
  } catch (error) {
    logger.error({ err: error, runId }, "an email verification run failed");
    const message = error instanceof Error ? error.message : String(error);
    await db
      .execute(
        sql`update email_verification_runs set status = 'failed', error = ${message.slice(0, 500)},
              finished_at = now() where id = ${runId}`,
      )
      .catch(() => {});
  }
}

/**
 * decision 032, finding an address: for each person, the domain's pattern learnt from the addresses known
 * there (else the common ones), each checked by the verifier; the best candidate is written with its status
 * and the source `pattern` (an accept-all domain's stays accept_all: never shown as confirmed). Returns the
 * statuses of the addresses found.
 */
async function findChunk(
  db: Db,
  verifier: Verifier,
  people: readonly Findable[],
  yieldToRequests: () => Promise<void>,
): Promise<string[]> {
  const domains = [...new Set(people.map((person) => person.domain.toLowerCase()))];
  const known = await queryRows<{ domain: string; first_name: string; last_name: string; email: string }>(
    db,
    sql`select c.website_domain as domain, p.first_name, p.last_name, p.email
        from companies c join people p on p.company_id = c.id
        where c.website_domain = any(${sql.param(domains)}::text[]) and p.email is not null
          and p.first_name is not null and p.last_name is not null`,
  );
  const knownAt = new Map<string, { firstName: string; lastName: string; email: string }[]>();
  for (const row of known) {
    const list = knownAt.get(row.domain) ?? [];
    list.push({ firstName: row.first_name, lastName: row.last_name, email: row.email });
    knownAt.set(row.domain, list);
  }
  const found: {
    id: number;
    companyId: number;
    email: string;
    result: Awaited<ReturnType<Verifier["findAddress"]>>;
  }[] = [];
  for (const person of people) {
    const domain = person.domain.toLowerCase();
    if (isReservedDomain(domain)) continue;
    const result = await verifier.findAddress({
      firstName: person.first_name,
      lastName: person.last_name,
      domain,
      known: knownAt.get(domain) ?? [],
    });
    if (result)
      found.push({ id: person.id, companyId: person.company_id, email: addressKey(result.email), result });
  }
  if (found.length === 0) return [];
  await yieldToRequests();
  await db.transaction(async (tx) => {
    await recordVerdicts(
      tx,
      found.flatMap((entry) => (entry.result ? [entry.result] : [])),
      "pattern",
    );
    await tx.execute(
      sql`update people p set email = r.email, updated_at = now()
          from jsonb_to_recordset(${JSON.stringify(found.map(({ id, email }) => ({ id, email })))}::jsonb)
            as r(id integer, email text)
          where p.id = r.id and p.email is null`,
    );
    // A found address may make its person the company's contact (decision 030's primary contact).
    await refreshSummaries(tx, [...new Set(found.map((entry) => entry.companyId))]);
  });
  return found.map((entry) => entry.result?.status ?? "unknown");
}

/** The latest runs, newest first, for the console. */
export async function latestVerificationRuns(db: Db, limit = 20): Promise<VerificationRunRow[]> {
  return queryRows<VerificationRunRow & Record<string, unknown>>(
    db,
    sql`select id, trigger, selection, status, total, checked, counts, error,
          started_at::text as "startedAt", finished_at::text as "finishedAt"
        from email_verification_runs order by id desc limit ${limit}`,
  );
}
