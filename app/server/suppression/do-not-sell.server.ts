import { desc, sql } from "drizzle-orm";
import { refreshSummaries } from "../company-summary/refresh-summaries.server";
import { takeTransactionLock } from "../db/advisory-locks.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { suppressedContacts } from "../db/schema";
import { env } from "../env.server";
import { normalizeEmail, suppressionHash } from "./email-hash.server";

export interface DoNotSellOutcome {
  /** Stored companies this request hid (0 when the address is not in the data, or was already hidden). */
  companiesHidden: number;
  /** docs/product.md#lps: LP contacts with this address, deleted (an LP's other contacts and the LP itself stay). */
  lpContactsRemoved: number;
  /** decision 030: people of companies with this address, deleted (their companies' fields derived again). */
  peopleRemoved: number;
}

/**
 * docs/product.md#do-not-sell, /do-not-sell: puts an address on the suppression list and hides every stored company whose
 * founder email or contact email is that address, and deletes every LP contact with it (docs/product.md#lps). Runs under the importer's lock, so an import batch
 * either commits first (and its rows are hidden here) or sees the list entry (and skips the row).
 * Finding the companies compares addresses in SQL (companies has no index on them); it runs once per
 * request, which is rare and rate-limited.
 */
export async function requestDoNotSell(
  db: Db,
  email: string,
  secret: string = env().AUTH_SECRET,
): Promise<DoNotSellOutcome> {
  const hash = suppressionHash(email, secret);
  const address = normalizeEmail(email);
  const hidden = await db.transaction(async (tx) => {
    await takeTransactionLock(tx, "import");
    await tx
      .insert(suppressedContacts)
      .values({ emailHash: hash })
      .onConflictDoUpdate({
        target: suppressedContacts.emailHash,
        set: {
          lastRequestedAt: sql`now()`,
          requestCount: sql`${suppressedContacts.requestCount} + 1`,
        },
      });
    const companies = await queryRows<{ company_id: number }>(
      tx,
      sql`insert into suppressed_companies (company_id, email_hash)
          select id, ${hash} from companies
          where lower(trim(email)) = ${address} or lower(trim(contact_email)) = ${address}
          on conflict (company_id) do nothing
          returning company_id`,
    );
    // docs/product.md#lps: a person at an LP is deleted outright: nothing of them is kept to show, and the LP import
    // skips the address from now on (the list above). The lp_contacts_email_lower_idx index finds them;
    // the triggers take their names out of the LP's search text and move the data version.
    const contacts = await queryRows<{ id: number }>(
      tx,
      sql`delete from lp_contacts where lower(email) = ${address} returning id`,
    );
    // decision 030: a company's person with this address is deleted the same way (people_email_lower_idx
    // finds them), and their companies' fields are derived again without them (another contact, Founders
    // without the name), in this transaction. The companies hidden above stay hidden.
    const people = await queryRows<{ company_id: number }>(
      tx,
      sql`delete from people where lower(email) = ${address} returning company_id`,
    );
    await refreshSummaries(tx, [...new Set(people.map((person) => person.company_id))]);
    // decision 034: a webhook body kept for a retry may hold the address: waiting bodies are built again at
    // their next attempt, from the companies as they are then (requests are rare; every waiting one is cleared).
    await tx.execute(
      sql`update webhook_deliveries set body = null where status = 'pending' and body is not null`,
    );
    return { companies, contacts, people };
  });
  // The home figures, filter counts and cached search counts drop the hidden companies at once in every
  // process by the data version (the insert into suppressed_companies changed it in the transaction above).
  // The callers also drop this process's entries now (invalidateCatalog): suppression sits below the
  // companies and does not import them (docs/decisions/020).
  return {
    companiesHidden: hidden.companies.length,
    lpContactsRemoved: hidden.contacts.length,
    peopleRemoved: hidden.people.length,
  };
}

/** One do-not-sell request as the admins see it: when, how often, what it hid; never an address. */
export interface DoNotSellRequest {
  /** The hash's first REFERENCE_LENGTH hex digits. */
  reference: string;
  requestedAt: Date;
  lastRequestedAt: Date;
  requestCount: number;
  companiesHidden: number;
}

/** How many hex digits of a hash an admin sees: enough to tell requests apart and quote one. */
export const REFERENCE_LENGTH = 12;

/**
 * The newest requests first (docs/product.md#public-pages: "the request is recorded with its date for the admins"), a page at a
 * time for the admin console (docs/product.md#admin); ties broken by hash so pages never overlap.
 */
export async function listDoNotSellRequests(
  db: Db,
  { limit = 100, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<DoNotSellRequest[]> {
  const rows = await db
    .select({
      hash: suppressedContacts.emailHash,
      requestedAt: suppressedContacts.requestedAt,
      lastRequestedAt: suppressedContacts.lastRequestedAt,
      requestCount: suppressedContacts.requestCount,
      companiesHidden: sql<number>`(select count(*)::int from suppressed_companies s where s.email_hash = ${suppressedContacts.emailHash})`,
    })
    .from(suppressedContacts)
    .orderBy(desc(suppressedContacts.lastRequestedAt), desc(suppressedContacts.emailHash))
    .limit(limit)
    .offset(offset);
  return rows.map(({ hash, ...row }) => ({ reference: hash.slice(0, REFERENCE_LENGTH), ...row }));
}
