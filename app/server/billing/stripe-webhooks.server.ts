import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { PRODUCT_NAME } from "~/core/brand";
import { formatDate } from "~/core/format";
import { REQUEST_BODY_ERRORS } from "~/core/messages";
import { PLANS } from "~/core/plans";
import type { Db } from "../db/database.server";
import {
  billingCustomers,
  processedWebhookEvents,
  type SubscriptionRow,
  subscriptions,
  users,
} from "../db/schema";
import { logger } from "../logger.server";
import { type MailMessage, renderMail } from "../mail/mail-message";
import type { Mailer } from "../mail/mailer.server";
import { upsertStripeInvoice } from "./invoices.server";
import { checkStripeEventShape } from "./stripe-event-shape";
import {
  customerId,
  fromUnix,
  type PriceToPlan,
  snapshotFromStripeSubscription,
  userIdFromSubscription,
} from "./stripe-mapping";
import {
  type BillingNotice,
  changeCollector,
  mailBillingNotices,
  recordBillingNotices,
} from "./subscription-notices.server";
import { type SubscriptionSnapshot, snapshotFromRow } from "./subscription-snapshot";
import { applySubscriptionSnapshot, rememberStripeCustomer, userIdForCustomer } from "./subscriptions.server";

/**
 * The largest webhook body the endpoint reads (docs/decisions/018): Stripe's events are a few kB, an
 * invoice with its lines some tens of kB; a larger body is refused with 413 before it is held.
 */
export const STRIPE_WEBHOOK_MAX_BYTES = 1024 * 1024;

export interface StripeWebhookDeps {
  db: Db;
  stripe: Stripe;
  webhookSecret: string;
  priceToPlan: PriceToPlan;
  /** Sends the trial-ending reminder; without one, no email is sent. */
  mailer?: Mailer | undefined;
  /** The app's public URL without a trailing slash, for links in emails. */
  appUrl: string;
}

export interface StripeWebhookBody {
  received?: boolean;
  duplicate?: boolean;
  /** Why a verified event changed nothing (its type, "unknown user", "unknown plan", "stale", ...). */
  ignored?: string;
  error?: string;
}

export interface StripeWebhookResult {
  status: number;
  body: StripeWebhookBody;
}

/** The events this app acts on; Stripe may send others if the endpoint subscribes to them. */
const HANDLED_TYPES = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.trial_will_end",
  "invoice.paid",
  "invoice.payment_failed",
  // docs/product.md#plan-changes: a new default payment method (the customer portal's payment-method page).
  "customer.updated",
] as const;
type HandledEvent = Extract<Stripe.Event, { type: (typeof HANDLED_TYPES)[number] }>;

function isHandled(event: Stripe.Event): event is HandledEvent {
  return (HANDLED_TYPES as readonly string[]).includes(event.type);
}

/** What applying one event did; `mail` and the notices' emails are sent only after the transaction commits. */
interface Applied {
  ignored?: string;
  mail?: MailMessage;
  /** docs/product.md#plan-changes: the customer's changes this event brought (recorded in the transaction). */
  notices?: { userId: string; notices: BillingNotice[] };
}

/**
 * Verifies and applies one Stripe webhook delivery. Stripe delivers at least once and in any order:
 * an event id is applied once (recorded in the same transaction as its effects, so a failure records
 * nothing and Stripe's retry applies it later), and an older state never overwrites a newer one
 * (applySubscriptionSnapshot compares the events' times; two events of the same second are settled by
 * Stripe's current state of the subscription, the one API call made here). A 5xx asks Stripe to retry,
 * so it is only answered when retrying can help: never for an event we will never understand.
 */
export async function handleStripeWebhook(
  deps: StripeWebhookDeps,
  rawBody: string,
  signature: string | null,
): Promise<StripeWebhookResult> {
  const verified = verifiedEvent(deps, rawBody, signature);
  if (verified.kind === "refused") return { status: 400, body: { error: "Invalid signature" } };
  // Signed, yet not an event we can read (docs/product.md#plans): a 400 that says why, never a 500 (a retry
  // cannot help); logged as an error, since Stripe sending it needs a look.
  if (verified.kind === "malformed") return malformedEvent(null, verified.problem);
  const shape = checkStripeEventShape(verified.event);
  if (!shape.ok) return malformedEvent(verified.event, shape.problem);
  const event = verified.event as Stripe.Event;
  // Nothing is written for an event we do not act on.
  if (!isHandled(event)) return { status: 200, body: { received: true, ignored: event.type } };

  let applied: Applied | "duplicate";
  try {
    applied = await deps.db.transaction(async (tx) => {
      const [recorded] = await tx
        .insert(processedWebhookEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing({ target: processedWebhookEvents.id })
        .returning({ id: processedWebhookEvents.id });
      // A concurrent delivery of the same id waits on this row's lock, then finds it here.
      if (!recorded) return "duplicate" as const;
      return applyEvent(tx, deps, event);
    });
  } catch (error) {
    logger.error(
      { err: error, eventId: event.id, type: event.type },
      "could not process a Stripe webhook event",
    );
    return { status: 500, body: { error: "Could not process the event" } };
  }

  if (applied === "duplicate") return { status: 200, body: { received: true, duplicate: true } };
  if (applied.ignored) {
    // Out-of-order delivery is routine; anything else ignored (unknown user or plan) needs a look.
    const log = applied.ignored === "stale" ? logger.info.bind(logger) : logger.warn.bind(logger);
    log({ eventId: event.id, type: event.type, reason: applied.ignored }, "Stripe webhook event ignored");
  }
  if (applied.mail && deps.mailer) await sendAfterCommit(deps.mailer, applied.mail, event);
  if (applied.notices) {
    const { userId, notices } = applied.notices;
    await mailBillingNotices(deps.db, deps.mailer, userId, deps.appUrl, notices);
  }
  return { status: 200, body: { received: true, ...(applied.ignored ? { ignored: applied.ignored } : {}) } };
}

function malformedEvent(event: unknown, problem: string): StripeWebhookResult {
  const { id, type } = (typeof event === "object" && event !== null ? event : {}) as Record<string, unknown>;
  logger.error(
    { eventId: typeof id === "string" ? id : null, type: typeof type === "string" ? type : null, problem },
    "Stripe webhook: a signed event is malformed (answered 400)",
  );
  return { status: 400, body: { error: `${REQUEST_BODY_ERRORS.stripeEventMalformed} ${problem}` } };
}

type Verified =
  | { kind: "refused" }
  /** Signed, but the body is not an event (not JSON, or a thin event notification). */
  | { kind: "malformed"; problem: string }
  /** Signed and parsed; its shape is checked next (checkStripeEventShape). */
  | { kind: "event"; event: unknown };

/** The event, when the signature is Stripe's for this body and recent (the SDK's 300 s tolerance). */
function verifiedEvent(deps: StripeWebhookDeps, rawBody: string, signature: string | null): Verified {
  if (!signature) {
    logger.warn("Stripe webhook without a stripe-signature header");
    return { kind: "refused" };
  }
  try {
    return {
      kind: "event",
      event: deps.stripe.webhooks.constructEvent(rawBody, signature, deps.webhookSecret),
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // The SDK parses the body only after the signature matched: any other error is about the body.
    if ((error as { type?: unknown } | null)?.type !== "StripeSignatureVerificationError") {
      return {
        kind: "malformed",
        problem: `body: ${error instanceof SyntaxError ? "not JSON" : reason}`,
      };
    }
    logger.warn({ reason }, "Stripe webhook signature refused");
    return { kind: "refused" };
  }
}

/**
 * The reminder goes out after the commit: a slow mail server never holds the transaction open, and a
 * rolled-back event never sends it. If sending fails, the state is still right; the miss is logged.
 */
async function sendAfterCommit(mailer: Mailer, mail: MailMessage, event: Stripe.Event): Promise<void> {
  try {
    await mailer.send(mail);
  } catch (error) {
    logger.error(
      { err: error, eventId: event.id, type: event.type },
      "could not send the Stripe event's email",
    );
  }
}

async function applyEvent(tx: Db, deps: StripeWebhookDeps, event: HandledEvent): Promise<Applied> {
  const observedAt = new Date(event.created * 1000);
  switch (event.type) {
    case "checkout.session.completed":
      return applyCheckoutCompleted(tx, deps, event.data.object, observedAt);
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return applySubscription(tx, deps, event.data.object, observedAt);
    case "customer.subscription.trial_will_end":
      return applyTrialWillEnd(tx, deps, event.data.object, observedAt);
    case "invoice.paid":
      return applyInvoicePaid(tx, deps, event.data.object, observedAt);
    case "invoice.payment_failed":
      return applyInvoicePaymentFailed(tx, deps, event.data.object, observedAt);
    case "customer.updated":
      return applyCustomerUpdated(tx, event.data.object, event.data.previous_attributes);
  }
}

/**
 * Links the Stripe customer to the account that paid, for the portal and for later events that carry
 * only the customer. The subscription's own events carry its state, so no API call is made here.
 */
async function applyCheckoutCompleted(
  tx: Db,
  deps: StripeWebhookDeps,
  session: Stripe.Checkout.Session,
  observedAt: Date,
): Promise<Applied> {
  if (session.mode !== "subscription") return { ignored: `checkout mode ${session.mode}` };
  const userId = session.client_reference_id ?? session.metadata?.userId ?? null;
  if (!userId || !(await userExists(tx, userId))) return { ignored: "unknown user" };
  const customer = customerId(session.customer);
  if (!customer) return { ignored: "no customer" };
  const [owner] = await tx
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, customer));
  // One customer belongs to one account; moving it would hand one person's billing to another.
  if (owner && owner.userId !== userId) return { ignored: "customer belongs to another user" };
  await rememberStripeCustomer(tx, userId, customer);
  if (session.subscription && typeof session.subscription !== "string") {
    return applySubscription(tx, deps, session.subscription, observedAt, userId);
  }
  return {};
}

async function applySubscription(
  tx: Db,
  deps: StripeWebhookDeps,
  subscription: Stripe.Subscription,
  observedAt: Date,
  knownUserId?: string,
): Promise<Applied> {
  const userId = knownUserId ?? (await userOfSubscription(tx, subscription));
  if (!userId) return { ignored: "unknown user" };
  const snapshot = snapshotFromStripeSubscription(subscription, {
    userId,
    observedAt,
    priceToPlan: deps.priceToPlan,
  });
  if (!snapshot) return { ignored: "unknown plan" };
  // docs/product.md#plan-changes: a cancellation, resumption or switch made in Stripe (the customer portal, the
  // dashboard) is recorded and emailed like one made here; one this app made and stored already is not.
  const collector = changeCollector();
  const result = await applySubscriptionSnapshot(tx, snapshot, {
    resolveTie: currentStateFromStripe(deps, subscription.id, userId, observedAt),
    onWritten: collector.onWritten,
  });
  if (result === "stale") return { ignored: "stale" };
  return noticesOf(
    tx,
    userId,
    collector.changes.map((change) => ({ kind: "subscription", change })),
  );
}

async function noticesOf(tx: Db, userId: string, notices: BillingNotice[]): Promise<Applied> {
  if (notices.length === 0) return {};
  await recordBillingNotices(tx, userId, notices);
  return { notices: { userId, notices } };
}

/**
 * docs/product.md#plan-changes: the customer's default payment method changed (Stripe names the changed fields in
 * previous_attributes): recorded and emailed. Nothing else of a customer is kept here.
 */
async function applyCustomerUpdated(
  tx: Db,
  customer: Stripe.Customer,
  previous: Partial<Stripe.Customer> | undefined,
): Promise<Applied> {
  // previous_attributes is outside input too (the shape check reads data.object only): read with care.
  const before: unknown =
    typeof previous === "object" && previous !== null ? previous.invoice_settings : null;
  if (typeof before !== "object" || before === null || !("default_payment_method" in before)) {
    return {};
  }
  if (!customer.invoice_settings?.default_payment_method) return { ignored: "payment method removed" };
  const userId = await userIdForCustomer(tx, customer.id);
  if (!userId) return { ignored: "unknown customer" };
  return noticesOf(tx, userId, [{ kind: "payment_method", label: null }]);
}

/**
 * Two events of the same second (Stripe's `created` has no finer time) cannot be ordered by their
 * times, and their order of delivery says nothing: the tie is settled by Stripe's current state of the
 * subscription (decision 004). A failed call fails the event, and Stripe's retry settles it later.
 */
function currentStateFromStripe(
  deps: StripeWebhookDeps,
  subscriptionId: string,
  userId: string,
  observedAt: Date,
): () => Promise<SubscriptionSnapshot | null> {
  return async () => {
    const current = await deps.stripe.subscriptions.retrieve(subscriptionId);
    return snapshotFromStripeSubscription(current, { userId, observedAt, priceToPlan: deps.priceToPlan });
  };
}

/** The account from the metadata we set at checkout, else from the customer of an earlier checkout. */
async function userOfSubscription(tx: Db, subscription: Stripe.Subscription): Promise<string | null> {
  const fromMetadata = userIdFromSubscription(subscription);
  if (fromMetadata && (await userExists(tx, fromMetadata))) return fromMetadata;
  const customer = customerId(subscription.customer);
  return customer ? userIdForCustomer(tx, customer) : null;
}

async function userExists(tx: Db, userId: string): Promise<boolean> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(user);
}

/**
 * Stripe sends this three days before a trial ends: the state is applied and the person reminded.
 * The reminder follows the stored state, not the event's: when a newer event already ended the trial
 * (an upgrade, a cancellation), there is nothing to remind of.
 */
async function applyTrialWillEnd(
  tx: Db,
  deps: StripeWebhookDeps,
  subscription: Stripe.Subscription,
  observedAt: Date,
): Promise<Applied> {
  const applied = await applySubscription(tx, deps, subscription, observedAt);
  if (applied.ignored && applied.ignored !== "stale") return applied;
  const row = await storedStripeSubscription(tx, subscription.id);
  if (row?.status !== "trialing" || !row.trialEnd) return applied;
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
  if (!user) return applied;
  const mail = trialEndingEmail({
    to: user.email,
    trialEnd: row.trialEnd,
    planName: PLANS[row.planId].name,
    cancelsAtTrialEnd: row.cancelAtPeriodEnd,
    profileUrl: `${deps.appUrl}/profile`,
  });
  return { ...applied, mail };
}

export interface TrialEndingEmail {
  to: string;
  trialEnd: Date;
  planName: string;
  cancelsAtTrialEnd: boolean;
  profileUrl: string;
}

export function trialEndingEmail({
  to,
  trialEnd,
  planName,
  cancelsAtTrialEnd,
  profileUrl,
}: TrialEndingEmail): MailMessage {
  const date = formatDate(trialEnd);
  const plan = `${planName} plan`;
  const subject = `Your ${PRODUCT_NAME} trial ends on ${date}`;
  const paragraphs = cancelsAtTrialEnd
    ? [
        `Your free trial ends on ${date}. You canceled your ${plan}, so your access ends then and you will not be charged.`,
        "Changed your mind? You can keep your subscription from your profile before the trial ends.",
      ]
    : [
        `Your free trial ends on ${date}. After that, your ${plan} continues and the payment method you gave at checkout is charged.`,
        "To change your plan or cancel before you are charged, visit your profile.",
      ];
  return {
    to,
    subject,
    ...renderMail({
      heading: subject,
      paragraphs,
      action: { label: "Manage your subscription", url: profileUrl },
    }),
  };
}

/** A payment recovered a subscription that had fallen behind: it is active (and gives access) again. */
const RECOVERABLE_STATUSES: ReadonlySet<SubscriptionRow["status"]> = new Set([
  "past_due",
  "unpaid",
  "incomplete",
]);

async function applyInvoicePaid(
  tx: Db,
  deps: StripeWebhookDeps,
  invoice: Stripe.Invoice,
  observedAt: Date,
): Promise<Applied> {
  const subscriptionId = subscriptionIdOfInvoice(invoice);
  const row = subscriptionId ? await storedStripeSubscription(tx, subscriptionId) : null;
  if (!subscriptionId || !row) return { ignored: "unknown subscription" };
  // docs/product.md#plan-changes: the account page lists it, with Stripe's hosted page and PDF.
  await upsertStripeInvoice(tx, stripeInvoiceRow(invoice, row.userId, subscriptionId, observedAt));
  // A renewal of an active subscription changes nothing here: its `updated` event moves the period.
  if (!RECOVERABLE_STATUSES.has(row.status)) return {};
  const period = invoicePeriod(invoice, subscriptionId);
  return applyFromRow(tx, deps, row, observedAt, {
    status: "active",
    ...(period ? { currentPeriodStart: period.start, currentPeriodEnd: period.end } : {}),
  });
}

/** Only a subscription that gives access falls to past_due; an ended or never-paid one keeps its status. */
const PAYING_STATUSES: ReadonlySet<SubscriptionRow["status"]> = new Set(["active", "trialing"]);

async function applyInvoicePaymentFailed(
  tx: Db,
  deps: StripeWebhookDeps,
  invoice: Stripe.Invoice,
  observedAt: Date,
): Promise<Applied> {
  const subscriptionId = subscriptionIdOfInvoice(invoice);
  const row = subscriptionId ? await storedStripeSubscription(tx, subscriptionId) : null;
  if (!subscriptionId || !row) return { ignored: "unknown subscription" };
  if (!PAYING_STATUSES.has(row.status)) return {};
  return applyFromRow(tx, deps, row, observedAt, { status: "past_due" });
}

/** The stored state with some fields changed, applied like any snapshot (so a newer state wins). */
async function applyFromRow(
  tx: Db,
  deps: StripeWebhookDeps,
  row: SubscriptionRow,
  observedAt: Date,
  changes: Partial<SubscriptionSnapshot>,
): Promise<Applied> {
  const snapshot = snapshotFromRow(row, changes, observedAt);
  const result = await applySubscriptionSnapshot(tx, snapshot, {
    resolveTie: currentStateFromStripe(deps, row.providerSubscriptionId, row.userId, observedAt),
  });
  return result === "stale" ? { ignored: "stale" } : {};
}

async function storedStripeSubscription(tx: Db, subscriptionId: string): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.providerSubscriptionId, subscriptionId), eq(subscriptions.provider, "stripe")),
    );
  return row ?? null;
}

/** Since API version 2025-03-31 an invoice names its subscription under `parent`; its lines do too. */
export function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const fromParent = invoice.parent?.subscription_details?.subscription;
  if (fromParent) return typeof fromParent === "string" ? fromParent : fromParent.id;
  for (const line of invoice.lines?.data ?? []) {
    const fromLine = line.parent?.subscription_item_details?.subscription;
    if (fromLine) return fromLine;
  }
  return null;
}

/**
 * The period the invoice paid for, from its subscription lines (the invoice's own period_start/end is
 * the period that just ended, for renewals). The latest line wins, so prorations do not shorten it.
 */
export function invoicePeriod(
  invoice: Stripe.Invoice,
  subscriptionId: string,
): { start: Date; end: Date } | null {
  let latest: Stripe.InvoiceLineItem["period"] | null = null;
  for (const line of invoice.lines?.data ?? []) {
    const lineSubscription = line.parent?.subscription_item_details?.subscription ?? null;
    if (lineSubscription !== null && lineSubscription !== subscriptionId) continue;
    if (!line.period) continue;
    if (!latest || line.period.end > latest.end) latest = line.period;
  }
  return latest ? { start: new Date(latest.start * 1000), end: new Date(latest.end * 1000) } : null;
}

/** A paid Stripe invoice as the account page lists it. */
export function stripeInvoiceRow(
  invoice: Stripe.Invoice,
  userId: string,
  subscriptionId: string,
  observedAt: Date,
): Parameters<typeof upsertStripeInvoice>[1] {
  const period = invoicePeriod(invoice, subscriptionId);
  const lines = (invoice.lines?.data ?? []).map((line) => ({
    description: line.description ?? "Subscription",
    amountCents: line.amount ?? 0,
  }));
  return {
    id: invoice.id ?? `in_unknown_${subscriptionId}`,
    userId,
    providerSubscriptionId: subscriptionId,
    number: invoice.number ?? null,
    currency: invoice.currency ?? "usd",
    subtotalCents: invoice.subtotal ?? invoice.amount_paid ?? 0,
    amountPaidCents: invoice.amount_paid ?? 0,
    lines,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdfUrl: invoice.invoice_pdf ?? null,
    periodStart: period?.start ?? null,
    periodEnd: period?.end ?? null,
    paidAt: fromUnix(invoice.status_transitions?.paid_at) ?? fromUnix(invoice.created) ?? observedAt,
  };
}
