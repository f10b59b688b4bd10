import { sql } from "drizzle-orm";
import {
  backedBy,
  type ProfileInvestor,
  type ProfilePerson,
  type ProfileRound,
  personTitle,
} from "~/core/company-profile";
import type { EmailSource, EmailStatus } from "~/core/email-status";
import { investorPaths } from "~/core/investor-pages";
import { maskEmail } from "~/core/mask";
import { linkableSourceUrl, roundSourceName } from "~/core/round-source";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { isoTimeOf } from "../email-status/status-columns.server";
import { suppressedHashesAmong, suppressionHash } from "../suppression/email-hash.server";

/** The most rounds a company page lists (a company rarely has more than a dozen). */
export const COMPANY_ROUNDS_SHOWN = 50;
/** The most people a company page lists. */
export const COMPANY_PEOPLE_SHOWN = 50;

interface RoundRow extends Record<string, unknown> {
  id: number;
  announced_on: string | null;
  funding_type: string | null;
  amount_usd: string | number | null;
  amount: string | number | null;
  currency: string | null;
  investor_count: number | null;
  source: string;
  source_url: string | null;
}

interface LinkRow extends Record<string, unknown> {
  round_id: number;
  is_lead: boolean;
  slug: string;
  name: string;
}

const number = (value: string | number | null): number | null => (value === null ? null : Number(value));

function investorOf(row: { slug: string; name: string; is_lead: boolean }): ProfileInvestor {
  return { name: row.name, path: investorPaths.investor(row.slug), isLead: row.is_lead };
}

/**
 * docs/product.md#company-pages: a company's rounds newest first, each with its investors (leads first),
 * and its 'backed by' list: the rounds' investors and those the source names without a round
 * (company_investors). Three indexed reads: the timeline's `(company_id, announced_on desc, id desc)`, the
 * round links' primary key, company_investors' primary key.
 */
export async function companyRounds(
  db: Db,
  companyId: number,
): Promise<{ rounds: ProfileRound[]; backedBy: ProfileInvestor[] }> {
  const [roundRows, otherRows] = await Promise.all([
    queryRows<RoundRow>(
      db,
      sql`select r.id, r.announced_on::text as announced_on, r.funding_type, r.amount_usd, r.amount, r.currency,
            r.investor_count, r.source, r.source_url
          from funding_rounds r where r.company_id = ${companyId}
          order by r.announced_on desc nulls last, r.id desc limit ${COMPANY_ROUNDS_SHOWN}`,
    ),
    queryRows<LinkRow>(
      db,
      sql`select 0 as round_id, ci.is_lead, i.slug, i.name
          from company_investors ci join investors i on i.id = ci.investor_id
          where ci.company_id = ${companyId}`,
    ),
  ]);
  const links =
    roundRows.length === 0
      ? []
      : await queryRows<LinkRow>(
          db,
          sql`select ri.round_id, ri.is_lead, i.slug, i.name
              from round_investors ri join investors i on i.id = ri.investor_id
              where ri.round_id = any(${sql.param(roundRows.map((row) => row.id))}::int[])
              order by ri.is_lead desc, i.name`,
        );
  const byRound = new Map<number, ProfileInvestor[]>();
  for (const link of links) {
    const list = byRound.get(link.round_id) ?? [];
    list.push(investorOf(link));
    byRound.set(link.round_id, list);
  }
  const rounds: ProfileRound[] = roundRows.map((row) => ({
    id: row.id,
    announcedOn: row.announced_on,
    fundingType: row.funding_type,
    amountUsd: number(row.amount_usd),
    amount: number(row.amount),
    currency: row.currency,
    investors: byRound.get(row.id) ?? [],
    statedInvestorCount: row.investor_count,
    sourceName: roundSourceName(row.source),
    sourceUrl: linkableSourceUrl(row.source_url),
  }));
  return { rounds, backedBy: backedBy(rounds, otherRows.map(investorOf)) };
}

interface PersonRow extends Record<string, unknown> {
  id: number;
  first_name: string | null;
  last_name: string | null;
  title: string | null;
  role_kind: string;
  email: string | null;
  email_status: EmailStatus | null;
  email_checked_at: string | null;
  email_source: EmailSource | null;
}

/**
 * docs/product.md#company-pages and docs/product.md#masking: the company's people in source order, each with
 * their own address, masked here on the server unless the viewer may see it (active access). A do-not-sell
 * request deletes the person (decision 030, section 5); a person whose address is on the list is also left
 * out here (one primary-key lookup for the page's addresses), so no path that wrote a person before its
 * address was listed can show them (docs/product.md#do-not-sell).
 */
export async function companyPeople(
  db: Db,
  companyId: number,
  canSeeEmails: boolean,
): Promise<ProfilePerson[]> {
  const rows = await queryRows<PersonRow>(
    db,
    sql`select p.id, p.first_name, p.last_name, p.title, p.role_kind, p.email,
          a.status as email_status, ${sql.raw(isoTimeOf("a.checked_at"))} as email_checked_at, a.source as email_source
        from people p left join email_addresses a on a.email = lower(p.email)
        where p.company_id = ${companyId} order by p.position, p.id limit ${COMPANY_PEOPLE_SHOWN}`,
  );
  const hashOf = new Map<string, string>();
  for (const row of rows) if (row.email?.trim()) hashOf.set(row.email, suppressionHash(row.email));
  const suppressed = await suppressedHashesAmong(db, [...hashOf.values()]);
  return rows.flatMap((row) => {
    if (row.email && suppressed.has(hashOf.get(row.email) ?? "")) return [];
    const name = [row.first_name, row.last_name]
      .map((part) => part?.trim() ?? "")
      .filter(Boolean)
      .join(" ");
    if (!name) return [];
    const email = row.email?.trim() || null;
    return [
      {
        id: row.id,
        name,
        title: personTitle(row.title, row.role_kind),
        kind: row.role_kind,
        email: email === null ? null : canSeeEmails ? email : maskEmail(email),
        isEmailMasked: email !== null && !canSeeEmails,
        // decision 032: the status is not secret; it is shown beside a masked address too.
        emailStatus:
          email === null
            ? null
            : { status: row.email_status, checkedAt: row.email_checked_at, source: row.email_source },
      },
    ];
  });
}
