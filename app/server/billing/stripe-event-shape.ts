import { z } from "zod";

/*
 * docs/product.md#plans: a correctly signed event is still outside input. The handler reads a few fields of
 * each event (stripe-webhooks.server.ts, stripe-mapping.ts); an event whose fields are not of the type the
 * handler reads (a `null` data object, a string where a number is, a timestamp beyond any date, a NUL byte
 * that PostgreSQL refuses in text) threw inside the transaction and was answered 500, which asks Stripe to
 * retry something that will never succeed. These schemas check exactly those fields (every other field is
 * let through, unread); an event that fails them is answered 400 with a message, and logged.
 */

/**
 * Stripe ids, our user ids and the other texts the handler stores or compares: no control characters, and
 * no unpaired surrogate (JSON's `"\udfff"` parses to one, which no UTF-8 text holds: the database refused it,
 * answered 500 until this check; found by the fuzz tests).
 */
const PLAIN_TEXT = /^[^\p{Cc}\p{Cs}]*$/u;
const PLAIN_TEXT_MESSAGE = "must not contain control characters or unpaired surrogates";
const id = z.string().min(1).max(255).regex(PLAIN_TEXT, PLAIN_TEXT_MESSAGE);
/** Like `id`, but may be empty (metadata values, client_reference_id). */
const text = z.string().max(500).regex(PLAIN_TEXT, PLAIN_TEXT_MESSAGE);
/** Unix seconds that make a date PostgreSQL stores (1970 to 9999). */
const unixSeconds = z.number().int().min(0).max(253_402_300_799);
const optionalUnixSeconds = unixSeconds.nullish();
/** An id, or the object it names when Stripe expanded it. */
const reference = z.union([id, z.object({ id })]).nullish();
const metadata = z.object({ userId: text.optional(), plan: text.optional() }).nullish();

const subscriptionShape = z.object({
  id,
  status: id,
  customer: reference,
  metadata,
  items: z
    .object({
      data: z.array(
        z.object({
          price: z.object({ id: text }).nullish(),
          current_period_start: optionalUnixSeconds,
          current_period_end: optionalUnixSeconds,
        }),
      ),
    })
    .nullish(),
  trial_start: optionalUnixSeconds,
  trial_end: optionalUnixSeconds,
  cancel_at: optionalUnixSeconds,
  canceled_at: optionalUnixSeconds,
  ended_at: optionalUnixSeconds,
  cancel_at_period_end: z.boolean().nullish(),
});

const checkoutSessionShape = z.object({
  mode: text.nullish(),
  client_reference_id: text.nullish(),
  metadata,
  customer: reference,
  subscription: z.union([id, subscriptionShape]).nullish(),
});

/** An amount in cents that the invoices table stores (a PostgreSQL integer). */
const cents = z.number().int().min(-2_147_483_648).max(2_147_483_647);
/** A link Stripe hosts (the invoice page, its PDF). */
const url = z.string().max(2000).regex(PLAIN_TEXT, PLAIN_TEXT_MESSAGE);

const invoiceShape = z.object({
  // docs/product.md#plan-changes: what the account page lists of a paid invoice.
  id: id.nullish(),
  number: text.nullish(),
  currency: text.nullish(),
  subtotal: cents.nullish(),
  amount_paid: cents.nullish(),
  hosted_invoice_url: url.nullish(),
  invoice_pdf: url.nullish(),
  created: optionalUnixSeconds,
  status_transitions: z.object({ paid_at: optionalUnixSeconds }).nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: reference }).nullish() }).nullish(),
  lines: z
    .object({
      data: z.array(
        z.object({
          parent: z
            .object({ subscription_item_details: z.object({ subscription: id.nullish() }).nullish() })
            .nullish(),
          period: z.object({ start: unixSeconds, end: unixSeconds }).nullish(),
          description: text.nullish(),
          amount: cents.nullish(),
        }),
      ),
    })
    .nullish(),
});

/** docs/product.md#plan-changes: a customer's default payment method, the one field customer.updated is read for. */
const customerShape = z.object({
  id,
  invoice_settings: z.object({ default_payment_method: reference }).nullish(),
});

/** The data object of each event type the handler acts on. */
const DATA_OBJECT_SHAPES: Readonly<Record<string, z.ZodType>> = {
  "checkout.session.completed": checkoutSessionShape,
  "customer.subscription.created": subscriptionShape,
  "customer.subscription.updated": subscriptionShape,
  "customer.subscription.deleted": subscriptionShape,
  "customer.subscription.trial_will_end": subscriptionShape,
  "invoice.paid": invoiceShape,
  "invoice.payment_failed": invoiceShape,
  "customer.updated": customerShape,
};

/** What every event must have, whatever its type: the handler records its id and type, and orders by `created`. */
const envelopeShape = z.object({
  id,
  type: id,
  created: unixSeconds,
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

export type StripeEventShapeCheck = { ok: true } | { ok: false; problem: string };

function problemOf(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0];
  const path = [prefix, ...(issue?.path ?? []).map(String)].filter(Boolean).join(".");
  return `${path || "event"}: ${issue?.message ?? "invalid"}`;
}

/**
 * Whether a verified event has the fields the handler reads, of the types it reads them as. Events of types
 * the handler does not act on need only the envelope (they are acknowledged and ignored). The `problem`
 * names the first wrong field, for the log and the 400's message.
 */
export function checkStripeEventShape(event: unknown): StripeEventShapeCheck {
  const envelope = envelopeShape.safeParse(event);
  if (!envelope.success) return { ok: false, problem: problemOf(envelope.error, "") };
  const shape = Object.hasOwn(DATA_OBJECT_SHAPES, envelope.data.type)
    ? DATA_OBJECT_SHAPES[envelope.data.type]
    : undefined;
  if (!shape) return { ok: true };
  const object = shape.safeParse(envelope.data.data.object);
  return object.success ? { ok: true } : { ok: false, problem: problemOf(object.error, "data.object") };
}
