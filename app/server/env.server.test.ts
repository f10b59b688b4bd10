import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, formDSyncDir, parseEnv, serverProcessPlan } from "./env.server";

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

  it("refuses the development default AUTH_SECRET and any secret under 32 characters in production", () => {
    const developmentDefault = parseEnv({}).AUTH_SECRET;
    expect(() =>
      parseEnv({ APP_ENV: "production", AUTH_SECRET: developmentDefault, DEMO_PAYMENTS: "true" }),
    ).toThrow("AUTH_SECRET: must not be the development default in production");
    expect(() =>
      parseEnv({ APP_ENV: "production", AUTH_SECRET: "x".repeat(31), DEMO_PAYMENTS: "true" }),
    ).toThrow("AUTH_SECRET: must be at least 32 characters");
    expect(
      parseEnv({ APP_ENV: "production", AUTH_SECRET: "z".repeat(32), DEMO_PAYMENTS: "true" }).AUTH_SECRET,
    ).toBe("z".repeat(32));
    // Outside production the default stays, so a laptop needs no configuration.
    expect(parseEnv({ AUTH_SECRET: developmentDefault }).AUTH_SECRET).toBe(developmentDefault);
  });

  it("listens on this machine only by default outside production, and on every interface in production", () => {
    expect(parseEnv({})).toMatchObject({ HOST: "127.0.0.1", DEV_TOOLS: true });
    const production = parseEnv({
      APP_ENV: "production",
      AUTH_SECRET: "z".repeat(32),
      DEMO_PAYMENTS: "true",
    });
    expect(production).toMatchObject({ HOST: "0.0.0.0", DEV_TOOLS: false });
    const exposed = { APP_ENV: "production", AUTH_SECRET: "z".repeat(32), DEMO_PAYMENTS: "true" };
    expect(parseEnv({ ...exposed, EXPOSE_DEV_TOOLS: "true" }).DEV_TOOLS).toBe(false);
  });

  it("refuses to start reachable from other machines on the development secret or without SMTP (decision 019)", () => {
    for (const source of [{ HOST: "0.0.0.0" }, { APP_ENV: "test", HOST: "::" }, { HOST: "10.0.0.5" }]) {
      expect(() => parseEnv(source)).toThrow(ConfigError);
      expect(() => parseEnv(source)).toThrow(
        /AUTH_SECRET: is required when the server can be reached from other machines[\s\S]*SMTP_URL: is required when/,
      );
    }
    const developmentSecret = parseEnv({}).AUTH_SECRET;
    expect(() =>
      parseEnv({ HOST: "0.0.0.0", AUTH_SECRET: developmentSecret, SMTP_URL: "smtp://mail.example:587" }),
    ).toThrow("AUTH_SECRET: is required when the server can be reached from other machines");
  });

  it("serves no development tools on a reachable HOST unless EXPOSE_DEV_TOOLS says so", () => {
    const reachable = { HOST: "0.0.0.0", AUTH_SECRET: "s".repeat(32), SMTP_URL: "smtp://mail.example:587" };
    expect(parseEnv({ ...reachable, ENABLE_TEST_ROUTES: "true" })).toMatchObject({
      HOST: "0.0.0.0",
      DEV_TOOLS: false,
      ENABLE_TEST_ROUTES: false,
    });
    const explicit = parseEnv({ HOST: "0.0.0.0", EXPOSE_DEV_TOOLS: "true" });
    expect(explicit).toMatchObject({ HOST: "0.0.0.0", DEV_TOOLS: true });
    for (const host of ["127.0.0.1", "localhost", "::1"])
      expect(parseEnv({ HOST: host }).DEV_TOOLS).toBe(true);
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

  it("reads MIGRATIONS_DIR as an absolute folder of migrations, drizzle/ by default", () => {
    expect(parseEnv({}).MIGRATIONS_DIR).toBe(path.resolve("drizzle"));
    expect(parseEnv({ MIGRATIONS_DIR: "./drizzle/" }).MIGRATIONS_DIR).toBe(path.resolve("drizzle"));
    expect(parseEnv({ MIGRATIONS_DIR: path.resolve("drizzle") }).MIGRATIONS_DIR).toBe(
      path.resolve("drizzle"),
    );
  });

  it("refuses a MIGRATIONS_DIR that is missing, a file or a folder without migrations, naming it", () => {
    expect(() => parseEnv({ MIGRATIONS_DIR: "no-such-folder" })).toThrow(
      `MIGRATIONS_DIR: ${path.resolve("no-such-folder")} does not exist`,
    );
    expect(() => parseEnv({ MIGRATIONS_DIR: "package.json" })).toThrow(
      `MIGRATIONS_DIR: ${path.resolve("package.json")} is not a directory`,
    );
    expect(() => parseEnv({ MIGRATIONS_DIR: "app" })).toThrow(
      `MIGRATIONS_DIR: ${path.resolve("app")} holds no migrations`,
    );
    expect(() => parseEnv({ MIGRATIONS_DIR: "" })).toThrow(ConfigError);
  });

  it("reads CONTACT_EMAIL as a plain address, blank as unset, and refuses anything else, naming it", () => {
    expect(parseEnv({ CONTACT_EMAIL: " privacy@roundlist.example " }).CONTACT_EMAIL).toBe(
      "privacy@roundlist.example",
    );
    expect(parseEnv({}).CONTACT_EMAIL).toBeUndefined();
    expect(parseEnv({ CONTACT_EMAIL: "  " }).CONTACT_EMAIL).toBeUndefined();
    for (const bad of ["not an address", "Roundlist <privacy@roundlist.example>", "privacy@", "@x.example"]) {
      expect(() => parseEnv({ CONTACT_EMAIL: bad })).toThrow("CONTACT_EMAIL: must be a plain email address");
    }
  });

  it("reads DEMO_VIDEO_URL as an http(s) URL or a site path, and refuses anything else, naming it", () => {
    expect(parseEnv({ DEMO_VIDEO_URL: "https://cdn.example/demo.webm" }).DEMO_VIDEO_URL).toBe(
      "https://cdn.example/demo.webm",
    );
    expect(parseEnv({ DEMO_VIDEO_URL: "http://cdn.example/demo.webm" }).DEMO_VIDEO_URL).toBe(
      "http://cdn.example/demo.webm",
    );
    expect(parseEnv({ DEMO_VIDEO_URL: " /media/tour.webm " }).DEMO_VIDEO_URL).toBe("/media/tour.webm");
    expect(parseEnv({}).DEMO_VIDEO_URL).toBeUndefined();
    expect(parseEnv({ DEMO_VIDEO_URL: "" }).DEMO_VIDEO_URL).toBeUndefined();
    for (const bad of [
      "//cdn.example/demo.webm",
      "javascript:alert(1)",
      "ftp://x.example/a.webm",
      "demo.webm",
    ]) {
      expect(() => parseEnv({ DEMO_VIDEO_URL: bad })).toThrow(
        'DEMO_VIDEO_URL: must be an http(s) URL or a site path starting with a single "/"',
      );
    }
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

describe("WEB_CONCURRENCY and DATABASE_POOL_SIZE", () => {
  const URL = "postgres://postgres@127.0.0.1:5432/roundlist";

  it("reads both as whole numbers, blank as unset", () => {
    expect(parseEnv({ WEB_CONCURRENCY: "4", DATABASE_POOL_SIZE: " 6 " })).toMatchObject({
      WEB_CONCURRENCY: 4,
      DATABASE_POOL_SIZE: 6,
    });
    const unset = parseEnv({ WEB_CONCURRENCY: "", DATABASE_POOL_SIZE: "  " });
    expect(unset.WEB_CONCURRENCY).toBeUndefined();
    expect(unset.DATABASE_POOL_SIZE).toBeUndefined();
  });

  it.each([
    ["0", "WEB_CONCURRENCY: must be at least 1"],
    ["-2", "WEB_CONCURRENCY: must be a whole number, e.g. 4"],
    ["1.5", "WEB_CONCURRENCY: must be a whole number, e.g. 4"],
    ["two", "WEB_CONCURRENCY: must be a whole number, e.g. 4"],
    ["4 processes", "WEB_CONCURRENCY: must be a whole number, e.g. 4"],
    ["257", "WEB_CONCURRENCY: must be at most 256"],
  ])("refuses WEB_CONCURRENCY=%j with a clear message", (value, message) => {
    expect(() => parseEnv({ WEB_CONCURRENCY: value })).toThrow(ConfigError);
    expect(() => parseEnv({ WEB_CONCURRENCY: value })).toThrow(message);
  });

  it("refuses a DATABASE_POOL_SIZE that is not a whole number from 1", () => {
    expect(() => parseEnv({ DATABASE_POOL_SIZE: "0" })).toThrow("DATABASE_POOL_SIZE: must be at least 1");
    expect(() => parseEnv({ DATABASE_POOL_SIZE: "ten" })).toThrow(
      "DATABASE_POOL_SIZE: must be a whole number, e.g. 10",
    );
  });

  it("runs one process per CPU on a PostgreSQL server unless WEB_CONCURRENCY says otherwise", () => {
    expect(serverProcessPlan(parseEnv({ DATABASE_URL: URL }), 8).processes).toBe(8);
    expect(serverProcessPlan(parseEnv({ DATABASE_URL: URL }), 1).processes).toBe(1);
    expect(serverProcessPlan(parseEnv({ DATABASE_URL: URL, WEB_CONCURRENCY: "3" }), 8).processes).toBe(3);
    expect(serverProcessPlan(parseEnv({ DATABASE_URL: URL, WEB_CONCURRENCY: "16" }), 2).processes).toBe(16);
    expect(serverProcessPlan(parseEnv({ DATABASE_URL: URL }), 8).notes).toEqual([]);
  });

  it("always runs one process on PGlite, with a note when more were asked for", () => {
    const plain = serverProcessPlan(parseEnv({}), 8);
    expect(plain).toMatchObject({ processes: 1, notes: [] });
    const asked = serverProcessPlan(parseEnv({ WEB_CONCURRENCY: "4" }), 8);
    expect(asked.processes).toBe(1);
    expect(asked.notes).toEqual([expect.stringContaining("WEB_CONCURRENCY=4 ignored")]);
    expect(asked.notes[0]).toContain("PGlite database is single-process");
    expect(serverProcessPlan(parseEnv({ WEB_CONCURRENCY: "1" }), 8).notes).toEqual([]);
  });

  it("shares one process's 10 connections among the processes (at least 2 each), unless set", () => {
    const poolOf = (processes: string, extra: Record<string, string> = {}) =>
      serverProcessPlan(parseEnv({ DATABASE_URL: URL, WEB_CONCURRENCY: processes, ...extra }), 2).poolSize;
    expect(poolOf("1")).toBe(10);
    expect(poolOf("2")).toBe(5);
    expect(poolOf("3")).toBe(3);
    expect(poolOf("4")).toBe(2);
    expect(poolOf("32")).toBe(2);
    expect(poolOf("2", { DATABASE_POOL_SIZE: "12" })).toBe(12);
  });
});

describe("the Form D sync's configuration (decision 031)", () => {
  it("fetches from sec.gov, schedules nothing and fetches a week on a first run by default", () => {
    const config = parseEnv({});
    expect(config.EDGAR_BASE_URL).toBe("https://www.sec.gov");
    expect(config.EDGAR_USER_AGENT).toBeUndefined();
    expect(config.FORMD_SYNC_DAILY).toBe(false);
    expect(config.FORMD_SYNC_FIRST_RUN_DAYS).toBe(7);
    expect(formDSyncDir(config)).toBe(`${path.resolve("./data")}-formd`);
  });

  it("takes a local EDGAR, a User-Agent with a contact address and a folder", () => {
    const config = parseEnv({
      EDGAR_BASE_URL: "http://127.0.0.1:4010/",
      EDGAR_USER_AGENT: " Roundlist ops@example.com ",
      FORMD_SYNC_DIR: "/srv/formd",
      FORMD_SYNC_FIRST_RUN_DAYS: "30",
    });
    expect(config.EDGAR_BASE_URL).toBe("http://127.0.0.1:4010");
    expect(config.EDGAR_USER_AGENT).toBe("Roundlist ops@example.com");
    expect(formDSyncDir(config)).toBe(path.resolve("/srv/formd"));
    expect(config.FORMD_SYNC_FIRST_RUN_DAYS).toBe(30);
    expect(formDSyncDir(parseEnv({ DATA_DIR: "memory://" }))).toMatch(/roundlist-formd$/);
  });

  it("refuses a User-Agent without a requester and a contact address", () => {
    expect(() => parseEnv({ EDGAR_USER_AGENT: "Roundlist" })).toThrow(
      'EDGAR_USER_AGENT: must name the requester and a contact address, e.g. "Roundlist ops@example.com"',
    );
    expect(() => parseEnv({ EDGAR_USER_AGENT: "ops@example.com" })).toThrow("EDGAR_USER_AGENT");
  });

  it("refuses the daily schedule without a User-Agent, naming the variable", () => {
    expect(() => parseEnv({ FORMD_SYNC_DAILY: "true" })).toThrow(
      "EDGAR_USER_AGENT: is required with FORMD_SYNC_DAILY",
    );
    expect(
      parseEnv({ FORMD_SYNC_DAILY: "true", EDGAR_USER_AGENT: "Roundlist ops@example.com" }).FORMD_SYNC_DAILY,
    ).toBe(true);
  });
});
