import { eq } from "drizzle-orm";
import { PRODUCT_NAME } from "~/core/brand";
import { formatDate } from "~/core/format";
import { PLANS } from "~/core/plans";
import { formatUsd, type SubscriptionChange, subscriptionChanges } from "~/core/subscription-changes";
import { type AuthEvent, recordAuthEvent } from "../auth/audit.server";
import type { Db } from "../db/database.server";
import { type InvoiceRow, type SubscriptionRow, users } from "../db/schema";
import { logger } from "../logger.server";
import { type MailMessage, renderMail } from "../mail/mail-message";
import type { Mailer } from "../mail/mailer.server";
import type { SubscriptionSnapshot } from "./subscription-snapshot";

/*
 * docs/product.md#plan-changes: every change a customer makes to their subscription (cancel, resume, switch,
 * payment method) is recorded in the account's audit trail (shown to admins at /admin/audit) and emailed
 * to them. The record is written in the transaction of the change; the email goes out after it commits.
 */

/** A change to announce: a subscription change, or a new payment method. */
export type BillingNotice =
  | { kind: "subscription"; change: SubscriptionChange; invoice?: InvoiceRow | null }
  | { kind: "payment_method"; label: string | null };

/** Collects what a subscription write changed (applySubscriptionSnapshot's onWritten). */
export function changeCollector(): {
  changes: SubscriptionChange[];
  onWritten: (before: SubscriptionRow | null, written: SubscriptionSnapshot) => void;
} {
  const changes: SubscriptionChange[] = [];
  return {
    changes,
    onWritten: (before, written) => {
      changes.push(...subscriptionChanges(before, written));
    },
  };
}

const AUDIT_EVENTS: Record<SubscriptionChange["kind"] | "payment_method", AuthEvent> = {
  cancel_scheduled: "subscription_canceled",
  resumed: "subscription_resumed",
  plan_switched: "plan_switched",
  payment_method: "payment_method_updated",
};

function auditDetails(notice: BillingNotice): Record<string, string | number | boolean | null> {
  if (notice.kind === "payment_method") return { paymentMethod: notice.label };
  const { change } = notice;
  switch (change.kind) {
    case "cancel_scheduled":
      return { plan: change.planId, accessEndsAt: change.endsAt?.toISOString() ?? null };
    case "resumed":
      return { plan: change.planId, renewsAt: change.renewsAt?.toISOString() ?? null };
    case "plan_switched":
      return {
        from: change.from,
        to: change.to,
        invoice: notice.invoice?.id ?? null,
        charged: notice.invoice?.amountPaidCents ?? null,
      };
  }
}

/** Records the notices in the audit trail; call it inside the transaction of the change. */
export async function recordBillingNotices(
  tx: Db,
  userId: string,
  notices: readonly BillingNotice[],
  request?: Request,
): Promise<void> {
  for (const notice of notices) {
    const event = AUDIT_EVENTS[notice.kind === "payment_method" ? "payment_method" : notice.change.kind];
    await recordAuthEvent(tx, { event, userId, request, details: auditDetails(notice) });
  }
}

/** Emails the notices to the account's owner; a failure is logged, never thrown (the change stands). */
export async function mailBillingNotices(
  db: Db,
  mailer: Mailer | undefined,
  userId: string,
  appUrl: string,
  notices: readonly BillingNotice[],
): Promise<void> {
  if (!mailer || notices.length === 0) return;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return;
  for (const notice of notices) {
    try {
      await mailer.send(billingNoticeEmail(notice, { to: user.email, appUrl }));
    } catch (error) {
      logger.error({ err: error, userId, kind: notice.kind }, "could not email a subscription change");
    }
  }
}

function planName(planId: string): string {
  return planId in PLANS ? PLANS[planId as keyof typeof PLANS].name : planId;
}

/** The email of one notice: what changed, what it means for access and money, where to undo it. */
export function billingNoticeEmail(
  notice: BillingNotice,
  { to, appUrl }: { to: string; appUrl: string },
): MailMessage {
  const action = { label: "Manage your subscription", url: `${appUrl}/profile` };
  const { subject, paragraphs } = noticeText(notice, appUrl);
  return { to, subject, ...renderMail({ heading: subject, paragraphs, action }) };
}

function noticeText(notice: BillingNotice, appUrl: string): { subject: string; paragraphs: string[] } {
  if (notice.kind === "payment_method") {
    return {
      subject: `Your ${PRODUCT_NAME} payment method was updated`,
      paragraphs: [
        notice.label
          ? `Your next invoices will be charged to ${notice.label}.`
          : "Your next invoices will be charged to the payment method you just added.",
        "If you did not make this change, sign in and check your account, or contact us.",
      ],
    };
  }
  const { change } = notice;
  switch (change.kind) {
    case "cancel_scheduled": {
      const date = formatDate(change.endsAt);
      return {
        subject: `Your ${PRODUCT_NAME} subscription ends on ${date}`,
        paragraphs: [
          `You canceled your ${planName(change.planId)} plan. You keep full access until ${date}, and you will not be charged again.`,
          `Changed your mind? Resume your subscription from your account page before ${date}.`,
        ],
      };
    }
    case "resumed":
      return {
        subject: `Your ${PRODUCT_NAME} subscription continues`,
        paragraphs: [
          `Your ${planName(change.planId)} plan is no longer canceled. It renews on ${formatDate(change.renewsAt)}.`,
        ],
      };
    case "plan_switched": {
      const invoice = notice.invoice;
      const paragraphs = [
        `You switched from the ${planName(change.from)} plan to the ${planName(change.to)} plan.`,
      ];
      if (change.status === "trialing") {
        paragraphs.push(
          `Your free trial goes on; when it ends on ${formatDate(change.periodEnd)}, the ${planName(change.to)} plan starts.`,
        );
      } else if (invoice) {
        paragraphs.push(
          `We charged ${formatUsd(invoice.amountPaidCents)}: the new plan's price less the unused time of your old plan. Your plan now renews on ${formatDate(change.periodEnd)}.`,
        );
        if (invoice.endingCreditCents > 0) {
          paragraphs.push(`Your credit of ${formatUsd(invoice.endingCreditCents)} pays your next invoices.`);
        }
        if (invoice.provider === "demo") paragraphs.push(`Your receipt: ${appUrl}/invoices/${invoice.id}`);
      } else {
        paragraphs.push(
          `Your plan now renews on ${formatDate(change.periodEnd)}. The invoice for the change, prorated for the unused time of your old plan, is on your account page.`,
        );
      }
      return { subject: `You switched to the ${PRODUCT_NAME} ${planName(change.to)} plan`, paragraphs };
    }
  }
}
