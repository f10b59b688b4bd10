import { and, count, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { INBOX_KIND_LABELS, type InboxKind, type InboxStatus } from "~/core/admin-inbox";
import type { Db } from "../db/database.server";
import { contactSubmissions, users } from "../db/schema";
import { type AdminActor, recordAdminAction } from "./audit-log.server";

export interface InboxQuery {
  page: number;
  size: number;
  status: InboxStatus;
  kind?: InboxKind | undefined;
}

/** One message as the inbox shows it. */
export interface InboxMessage {
  id: number;
  kind: InboxKind;
  name: string;
  email: string;
  company: string | null;
  message: string;
  details: Record<string, string>;
  ipAddress: string | null;
  createdAt: Date;
  handledAt: Date | null;
  /** The admin who marked it handled (null while open, or when that account is gone). */
  handledByEmail: string | null;
}

export interface InboxPage {
  messages: InboxMessage[];
  /** Messages that match the filters (for the pager). */
  total: number;
  /** Open messages of each kind, whatever the filters: the header's counts. */
  openCounts: Record<InboxKind, number>;
}

function conditionsOf({ status, kind }: Pick<InboxQuery, "status" | "kind">): SQL | undefined {
  const conditions: SQL[] = [];
  if (status === "open") conditions.push(isNull(contactSubmissions.handledAt));
  if (status === "handled") conditions.push(isNotNull(contactSubmissions.handledAt));
  if (kind) conditions.push(eq(contactSubmissions.kind, kind));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** docs/product.md#admin: a page of /contact and /request-trial messages, newest first, with the open counts. */
export async function listInboxMessages(db: Db, query: InboxQuery): Promise<InboxPage> {
  const where = conditionsOf(query);
  const [rows, [counted], open] = await Promise.all([
    db
      .select({
        id: contactSubmissions.id,
        kind: contactSubmissions.kind,
        name: contactSubmissions.name,
        email: contactSubmissions.email,
        company: contactSubmissions.company,
        message: contactSubmissions.message,
        details: contactSubmissions.details,
        ipAddress: contactSubmissions.ipAddress,
        createdAt: contactSubmissions.createdAt,
        handledAt: contactSubmissions.handledAt,
        handledByEmail: users.email,
      })
      .from(contactSubmissions)
      .leftJoin(users, eq(users.id, contactSubmissions.handledBy))
      .where(where)
      .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(contactSubmissions).where(where),
    db
      .select({ kind: contactSubmissions.kind, total: count() })
      .from(contactSubmissions)
      .where(isNull(contactSubmissions.handledAt))
      .groupBy(contactSubmissions.kind),
  ]);
  const openCounts: Record<InboxKind, number> = { contact: 0, trial: 0 };
  for (const row of open) openCounts[row.kind] = row.total;
  return { messages: rows, total: counted?.total ?? 0, openCounts };
}

export type InboxUpdateResult = "updated" | "unchanged" | "not-found";

/**
 * docs/product.md#admin: marks a message handled (by this admin, now) or reopens it, with its audit entry in the same
 * transaction. A message already in that state is left alone and nothing is logged (a double click, or two
 * admins at once).
 */
export async function setInboxMessageHandled(
  db: Db,
  actor: AdminActor,
  id: number,
  isHandled: boolean,
): Promise<InboxUpdateResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        kind: contactSubmissions.kind,
        handledAt: contactSubmissions.handledAt,
        handledBy: contactSubmissions.handledBy,
      })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, id))
      .for("update");
    if (!current) return "not-found";
    if ((current.handledAt !== null) === isHandled) return "unchanged";
    const [updated] = await tx
      .update(contactSubmissions)
      .set(isHandled ? { handledAt: new Date(), handledBy: actor.id } : { handledAt: null, handledBy: null })
      .where(eq(contactSubmissions.id, id))
      .returning({ handledAt: contactSubmissions.handledAt, handledBy: contactSubmissions.handledBy });
    await recordAdminAction(tx as Db, actor, {
      action: isHandled ? "inbox.handled" : "inbox.reopened",
      targetType: "inbox",
      targetId: String(id),
      // No name or address: the log outlives the message (retention), and the id finds it while it exists.
      targetLabel: `${INBOX_KIND_LABELS[current.kind]} #${id}`,
      before: { handledAt: current.handledAt?.toISOString() ?? null, handledBy: current.handledBy },
      after: { handledAt: updated?.handledAt?.toISOString() ?? null, handledBy: updated?.handledBy ?? null },
    });
    return "updated";
  });
}
