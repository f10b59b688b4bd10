import Stripe from "stripe";
import { PRODUCT_NAME } from "~/core/brand";
import { env } from "../env.server";

/** Where the SDK sends requests: tests point it at a local server that records them. */
export interface StripeClientOverrides {
  host?: string;
  port?: number;
  protocol?: "http" | "https";
}

/**
 * A Stripe client with this app's settings: a request that fails on the network is retried twice (the
 * SDK adds an idempotency key, so a retried POST never charges twice), and no request waits forever.
 */
export function createStripeClient(secretKey: string, overrides: StripeClientOverrides = {}): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: PRODUCT_NAME },
    ...overrides,
  });
}

let cached: Stripe | undefined;

/** The app's Stripe client, or null when STRIPE_SECRET_KEY is unset (the demo provider is used then). */
export function getStripe(): Stripe | null {
  const key = env().STRIPE_SECRET_KEY;
  if (!key) return null;
  cached ??= createStripeClient(key);
  return cached;
}
