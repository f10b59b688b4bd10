import { sql } from "drizzle-orm";
import { savedSearchHref } from "~/core/saved-search";
import { type SlackMessage, slackMessage } from "~/core/slack-message";
import { NEW_MATCHES_EVENT } from "~/core/webhooks";
import type { CompanySummaryAnswer, NewMatchesEventBody } from "../api/api-schemas.server";
import { summaryOf } from "../api/api-v1.server";
import { CARD_COLUMNS, type CardRow, toCard } from "../companies/search-card.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";

/**
 * The body of a delivery (decision 034): the digest's companies as they are when the event is first sent,
 * as the REST API answers them (api-v1.server.ts summaryOf), with the same masking (full addresses need
 * export access) and without any company on the do-not-sell list.
 */

/** The event's body: its zod schema (api-schemas.server.ts) is in the OpenAPI document's `webhooks`. */
export type NewMatchesEvent = NewMatchesEventBody;

export interface EventSource {
  eventId: string;
  savedSearch: { id: number; name: string; query: string };
  digest: { companyIds: readonly number[]; companyCount: number; windowFrom: Date; windowTo: Date };
  canSeeEmails: boolean;
  appUrl: string;
  now: Date;
}

/** The digest's companies as they are now, in its order; those on the do-not-sell list left out. */
async function currentSummaries(
  db: Db,
  ids: readonly number[],
  canSeeEmails: boolean,
  appUrl: string,
): Promise<CompanySummaryAnswer[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<CardRow>(
    db,
    sql`select ${CARD_COLUMNS} from companies c
        where c.id = any(${sql.param([...ids])}::integer[]) and not c.suppressed`,
  );
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [summaryOf(toCard(row, canSeeEmails), appUrl)] : [];
  });
}

/** The event of a webhook endpoint, or null when every company has left the data since the digest was built. */
export async function newMatchesEvent(db: Db, source: EventSource): Promise<NewMatchesEvent | null> {
  const companies = await currentSummaries(db, source.digest.companyIds, source.canSeeEmails, source.appUrl);
  if (companies.length === 0) return null;
  const removed = source.digest.companyIds.length - companies.length;
  return {
    id: source.eventId,
    type: NEW_MATCHES_EVENT,
    createdAt: source.now.toISOString(),
    data: {
      savedSearch: {
        id: source.savedSearch.id,
        name: source.savedSearch.name,
        url: `${source.appUrl}${savedSearchHref(source.savedSearch.query)}`,
      },
      window: { from: source.digest.windowFrom.toISOString(), to: source.digest.windowTo.toISOString() },
      total: Math.max(companies.length, source.digest.companyCount - removed),
      companies,
    },
  };
}

/** The same event as a Slack message: a short list with links (core/slack-message.ts). */
export function slackEventMessage(event: NewMatchesEvent): SlackMessage {
  const { savedSearch, companies, total } = event.data;
  return slackMessage(
    savedSearch.name,
    companies.map((company) => ({
      name: company.name,
      url: company.url,
      stage: company.lastFundingType,
      amountUsd: company.lastFundingAmountUsd,
      date: company.lastFundingDate,
    })),
    savedSearch.url,
    total,
  );
}
