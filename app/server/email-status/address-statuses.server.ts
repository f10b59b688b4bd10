import { sql } from "drizzle-orm";
import { formStatus } from "~/core/email-check/address-form";
import type { EmailSource } from "~/core/email-status";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import type { VerifyResult } from "../email-verify/verifier.server";

/**
 * decision 032: the one writer of email_addresses. Statuses arrive from three places: an import's addresses
 * (their form, at once), the verifier's verdicts (the freshness job, an admin's run, a bounce report's new
 * check), and bounce reports. Companies copy them by migration 0030's triggers.
 */

/** Lower-cased and trimmed, as email_addresses keys an address. */
export function addressKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * An import's addresses without a status yet get their form's (invalid, disposable, role, else unknown by
 * syntax); an address already known keeps its status, date and source (a re-import changes nothing).
 * Returns how many were new.
 */
export async function recordImportedAddresses(
  db: Db,
  emails: Iterable<string | null | undefined>,
  source: EmailSource = "imported",
): Promise<number> {
  const records = new Map<string, { email: string; status: string; detail: string }>();
  for (const email of emails) {
    if (!email?.trim()) continue;
    const key = addressKey(email);
    if (!records.has(key)) records.set(key, { email: key, ...formStatus(key) });
  }
  if (records.size === 0) return 0;
  const inserted = await queryRows<{ email: string }>(
    db,
    sql`insert into email_addresses (email, status, method, source, detail)
        select email, status, 'syntax', ${source}, detail
        from jsonb_to_recordset(${JSON.stringify([...records.values()])}::jsonb)
          as r(email text, status text, detail text)
        on conflict (email) do nothing
        returning email`,
  );
  return inserted.length;
}

/**
 * The verifier's verdicts, each the address's status from now. A reported address whose new check fails
 * (invalid) is `bounced`, and a bounced address stays bounced whatever a later check says (its reports
 * stand); the source stays where the address came from.
 */
export async function recordVerdicts(
  db: Db,
  results: readonly VerifyResult[],
  /** Where a new address came from (an address already known keeps its source). */
  source: EmailSource = "imported",
): Promise<void> {
  if (results.length === 0) return;
  const records = new Map<string, Record<string, unknown>>();
  for (const result of results) {
    const email = addressKey(result.email);
    records.set(email, {
      email,
      status: result.status,
      method: result.method,
      detail: result.detail.slice(0, 500),
      retry_at: result.retryAt?.toISOString() ?? null,
    });
  }
  await db.execute(
    sql`insert into email_addresses as a (email, status, checked_at, method, source, detail, retry_at)
        select r.email,
          case when r.status = 'invalid' and exists (select 1 from email_bounce_reports b where b.email = r.email)
            then 'bounced' else r.status end,
          now(), r.method, ${source}, r.detail, r.retry_at
        from jsonb_to_recordset(${JSON.stringify([...records.values()])}::jsonb)
          as r(email text, status text, method text, detail text, retry_at timestamptz)
        on conflict (email) do update set
          status = case
            when a.status = 'bounced' then 'bounced'
            when excluded.status = 'invalid' and exists (select 1 from email_bounce_reports b where b.email = a.email)
              then 'bounced'
            else excluded.status end,
          checked_at = excluded.checked_at, method = excluded.method, detail = excluded.detail,
          retry_at = excluded.retry_at
        where not a.is_demo`,
  );
}

/**
 * Marks addresses bounced now (two subscribers' reports: decision 032), whatever they were; an address not
 * known yet gets a row. The demo set's generated rows are left as they are.
 */
export async function markBounced(db: Db, emails: readonly string[], detail: string): Promise<void> {
  const keys = [...new Set(emails.map(addressKey))];
  if (keys.length === 0) return;
  await db.execute(
    sql`insert into email_addresses as a (email, status, checked_at, method, source, detail)
        select email, 'bounced', now(), 'mailbox', 'imported', ${detail}
        from unnest(${sql.param(keys)}::text[]) as email
        on conflict (email) do update set status = 'bounced', checked_at = now(), method = 'mailbox',
          detail = excluded.detail, retry_at = null
        where not a.is_demo`,
  );
}
