import { and, count, desc, eq } from "drizzle-orm";
import { type InvoiceLine, invoiceTotals } from "~/core/proration";
import { DEFAULT_DEMO_CARD, type DemoCardId, demoCardLabel, isDemoCardId } from "~/core/subscription-changes";
import type { Db } from "../db/database.server";
import { demoPaymentMethods, type InvoiceRow, invoices } from "../db/schema";

/*
 * docs/product.md#plan-changes: the customer's invoices and receipts. One table for both providers: the demo
 * provider writes its own invoices here (and keeps the customer's credit balance on them, as Stripe keeps
 * a customer balance); Stripe's are stored from invoice.paid (stripe-webhooks.server.ts) with the links to
 * Stripe's hosted invoice and PDF.
 */

/** The demo card a demo customer pays with (the first demo card until they choose another). */
export async function demoCardOf(db: Db, userId: string): Promise<DemoCardId> {
  const [row] = await db
    .select({ cardId: demoPaymentMethods.cardId })
    .from(demoPaymentMethods)
    .where(eq(demoPaymentMethods.userId, userId));
  return isDemoCardId(row?.cardId) ? row.cardId : DEFAULT_DEMO_CARD;
}

export async function setDemoCard(
  db: Db,
  userId: string,
  cardId: DemoCardId,
  now = new Date(),
): Promise<void> {
  await db
    .insert(demoPaymentMethods)
    .values({ userId, cardId, updatedAt: now })
    .onConflictDoUpdate({ target: demoPaymentMethods.userId, set: { cardId, updatedAt: now } });
}

/** The demo customer's credit balance: what the latest demo invoice left. */
export async function demoCreditOf(db: Db, userId: string): Promise<number> {
  const [latest] = await db
    .select({ endingCreditCents: invoices.endingCreditCents })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.provider, "demo")))
    .orderBy(desc(invoices.paidAt), desc(invoices.createdAt))
    .limit(1);
  return latest?.endingCreditCents ?? 0;
}

export interface DemoInvoiceInput {
  userId: string;
  providerSubscriptionId: string;
  lines: readonly InvoiceLine[];
  periodStart: Date | null;
  periodEnd: Date | null;
  at: Date;
}

/**
 * Writes a paid demo invoice: the customer's credit balance pays what it can, the demo card the rest
 * (nothing is charged: it is a demo card). Call it inside the transaction that changes the subscription.
 */
export async function writeDemoInvoice(db: Db, input: DemoInvoiceInput): Promise<InvoiceRow> {
  const [credit, card, [numbered]] = await Promise.all([
    demoCreditOf(db, input.userId),
    demoCardOf(db, input.userId),
    db
      .select({ value: count() })
      .from(invoices)
      .where(and(eq(invoices.userId, input.userId), eq(invoices.provider, "demo"))),
  ]);
  const totals = invoiceTotals(input.lines, credit);
  const [row] = await db
    .insert(invoices)
    .values({
      id: `demo_in_${crypto.randomUUID().replaceAll("-", "")}`,
      userId: input.userId,
      provider: "demo",
      providerSubscriptionId: input.providerSubscriptionId,
      number: `RL-DEMO-${String((numbered?.value ?? 0) + 1).padStart(4, "0")}`,
      subtotalCents: totals.subtotalCents,
      creditAppliedCents: totals.creditAppliedCents,
      amountPaidCents: totals.amountDueCents,
      endingCreditCents: totals.endingCreditCents,
      lines: input.lines.map((line) => ({ ...line })),
      paymentMethod: totals.amountDueCents > 0 ? demoCardLabel(card) : null,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      paidAt: input.at,
    })
    .returning();
  if (!row) throw new Error("the demo invoice was not written");
  return row;
}

export interface StripeInvoiceInput {
  id: string;
  userId: string;
  providerSubscriptionId: string;
  number: string | null;
  currency: string;
  subtotalCents: number;
  amountPaidCents: number;
  lines: InvoiceLine[];
  hostedInvoiceUrl: string | null;
  invoicePdfUrl: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  paidAt: Date;
}

/** Stores (or refreshes) a paid Stripe invoice: invoice.paid may come more than once, with the same id. */
export async function upsertStripeInvoice(db: Db, input: StripeInvoiceInput): Promise<void> {
  const values = { ...input, provider: "stripe" as const };
  const { id: _id, userId: _userId, ...changes } = values;
  await db.insert(invoices).values(values).onConflictDoUpdate({ target: invoices.id, set: changes });
}

/** A customer's invoices, newest first (at most the last 50: the account page lists them). */
export async function listInvoices(db: Db, userId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.paidAt), desc(invoices.createdAt))
    .limit(50);
}

/** One of the customer's own invoices (someone else's is not found). */
export async function getOwnInvoice(db: Db, userId: string, id: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.userId, userId)));
  return row ?? null;
}
