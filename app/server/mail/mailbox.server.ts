import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { type MailMessageRow, mailMessages } from "../db/schema";

/** What the mailbox list shows; the bodies stay out of it since they can be large. */
export type MailboxEntry = Pick<MailMessageRow, "id" | "toAddress" | "subject" | "createdAt">;

const MAX_LIMIT = 500;

/** Messages stored by the log driver, newest first. */
export async function listMailbox(db: Db, { limit = 50 }: { limit?: number } = {}): Promise<MailboxEntry[]> {
  const safeLimit = Number.isFinite(limit) ? Math.min(Math.max(Math.trunc(limit), 1), MAX_LIMIT) : 50;
  return (
    db
      .select({
        id: mailMessages.id,
        toAddress: mailMessages.toAddress,
        subject: mailMessages.subject,
        createdAt: mailMessages.createdAt,
      })
      .from(mailMessages)
      // Two messages sent in one request can share a timestamp; the id keeps their sending order.
      .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
      .limit(safeLimit)
  );
}

export async function getMailboxMessage(db: Db, id: number): Promise<MailMessageRow | null> {
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
  return row ?? null;
}

/** "2026-05-01 09:30:12 UTC": the same on the server and in every browser, so no hydration mismatch. */
export function formatMailTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}
