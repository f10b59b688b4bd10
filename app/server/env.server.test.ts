import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("gives a laptop a working default for everything", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      APP_ENV: "development",
      PORT: 3000,
      DATA_DIR: "./data",
      SEED_ON_EMPTY: true,
      SEED_COUNT: 17_555,
      ENABLE_TEST_ROUTES: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("does not seed demo data or enable test routes in production unless asked", () => {
    const secret = "x".repeat(32);
    const env = parseEnv({
      APP_ENV: "production",
      AUTH_SECRET: secret,
      DEMO_PAYMENTS: "true",
      ENABLE_TEST_ROUTES: "true",
    });
    expect(env.SEED_ON_EMPTY).toBe(false);
    expect(env.ENABLE_TEST_ROUTES).toBe(false);
    expect(
      parseEnv({ APP_ENV: "production", AUTH_SECRET: secret, DEMO_PAYMENTS: "true", SEED_ON_EMPTY: "true" })
        .SEED_ON_EMPTY,
    ).toBe(true);
  });

  it("requires AUTH_SECRET in production only", () => {
    expect(() => parseEnv({ APP_ENV: "production", DEMO_PAYMENTS: "true" })).toThrow(
      "AUTH_SECRET: is required in production",
    );
    expect(() => parseEnv({ APP_ENV: "production", AUTH_SECRET: "short" })).toThrow("at least 32 characters");
    expect(parseEnv({}).AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("reads ADMIN_EMAILS and TRUSTED_PROXIES as trimmed lists, emails lower-cased", () => {
    const env = parseEnv({
      ADMIN_EMAILS: " Boss@Example.com, ,ops@x.example",
      TRUSTED_PROXIES: "10.0.0.1, 10.1.0.0/16",
    });
    expect(env.ADMIN_EMAILS).toEqual(["boss@example.com", "ops@x.example"]);
    expect(env.TRUSTED_PROXIES).toEqual(["10.0.0.1", "10.1.0.0/16"]);
    expect(parseEnv({}).ADMIN_EMAILS).toEqual([]);
  });

  it("uses the demo payment provider without Stripe keys, and refuses it in production unless enabled", () => {
    expect(parseEnv({}).PAYMENT_PROVIDER).toBe("demo");
    const secret = "y".repeat(32);
    expect(() => parseEnv({ APP_ENV: "production", AUTH_SECRET: secret })).toThrow("DEMO_PAYMENTS=true");
    expect(
      parseEnv({ APP_ENV: "production", AUTH_SECRET: secret, DEMO_PAYMENTS: "true" }).PAYMENT_PROVIDER,
    ).toBe("demo");
  });

  it("uses Stripe with a key, and then needs the webhook secret and the price ids", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_123" })).toThrow(
      "STRIPE_WEBHOOK_SECRET: is required",
    );
    const env = parseEnv({
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      STRIPE_PRICE_MONTHLY: "price_m",
      STRIPE_PRICE_ANNUAL: "price_a",
    });
    expect(env.PAYMENT_PROVIDER).toBe("stripe");
  });

  it("treats an empty DATABASE_URL as unset", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("names every bad variable in one clear error", () => {
    let caught: unknown;
    try {
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", SEED_ON_EMPTY: "maybe" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as Error).message;
    expect(message).toContain("PORT");
    expect(message).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
    expect(message).toContain("SEED_ON_EMPTY");
  });
});
