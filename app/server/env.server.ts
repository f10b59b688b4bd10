import { existsSync, statSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";
import { isLoopbackHost } from "~/core/loopback-host";

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const DEVELOPMENT_AUTH_SECRET = "roundlist-development-secret-do-not-use-in-production";

/** "a@x.com, B@Y.com" -> ["a@x.com", "b@y.com"] */
const commaList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim().toLowerCase())
      .filter((item) => item !== ""),
  );

/** An optional variable, trimmed, checked by `rule`; empty or blank counts as unset. */
function optionalText(rule: z.ZodString) {
  return z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(rule.optional());
}

/** An optional whole number from `min` to `max` (WEB_CONCURRENCY, DATABASE_POOL_SIZE); blank counts as unset. */
function optionalCount(example: string, min: number, max: number) {
  return optionalText(z.string().regex(/^[0-9]+$/, `must be a whole number, e.g. ${example}`))
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).optional());
}

/** The most server processes and pool connections a setting may ask for (a typo guard, not a tuning limit). */
export const MAX_WEB_CONCURRENCY = 256;
export const MAX_DATABASE_POOL_SIZE = 1_000;

/** A bare address ("privacy@x.example", no display name): what a mailto: link and the pages show. */
export const PLAIN_EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+$/;

export const DEFAULT_EDGAR_BASE_URL = "https://www.sec.gov";
/** A requester and a contact address: at least one word, then somewhere an address (decision 031, 4). */
const EDGAR_USER_AGENT_PATTERN = /^(?=.*[^\s@]+@[^\s@]+\.[^\s@]+)\S.*\s+\S.*$/;

/** An absolute http(s) URL, or a path on this site ("/video.webm"; "//host" is another site). */
const HTTP_URL_OR_SITE_PATH = /^(https?:\/\/|\/(?!\/))/;

interface ListenConfig {
  APP_ENV: "development" | "test" | "production";
  HOST?: string | undefined;
  EXPOSE_DEV_TOOLS: boolean;
}

/** HOST, or its default: every interface in production, this machine only otherwise (decision 019). */
function listenHost(env: ListenConfig): string {
  return env.HOST ?? (env.APP_ENV === "production" ? "0.0.0.0" : "127.0.0.1");
}

/** Development tools are allowed where only this machine can reach them, or where asked for explicitly. */
function devToolsAllowed(env: ListenConfig): boolean {
  return env.EXPOSE_DEV_TOOLS || isLoopbackHost(listenHost(env));
}

const envSchema = z
  .object({
    /** development (default), test or production. Production turns on secure cookies and refuses demo-only features. */
    APP_ENV: z.enum(["development", "test", "production"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Where the server listens. Unset: 0.0.0.0 in production, this machine only (127.0.0.1) otherwise. */
    HOST: optionalText(z.string().min(1)),
    /**
     * Decision 019: serve the development tools (/dev/mailbox, the public development AUTH_SECRET) although
     * HOST may be reached from other machines. Off: they exist only while the server listens on loopback.
     */
    EXPOSE_DEV_TOOLS: booleanString.default(false),
    /** A PostgreSQL server (>= 15). Unset: the embedded PGlite database in DATA_DIR. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /**
     * Server processes (node:cluster workers sharing the port) with DATABASE_URL. Unset: one per CPU. The
     * embedded PGlite database is single-process: always 1 without DATABASE_URL (serverProcessPlan).
     */
    WEB_CONCURRENCY: optionalCount("4", 1, MAX_WEB_CONCURRENCY),
    /**
     * PostgreSQL connections of each server process's pool. Unset: the 10 one process always had, shared by
     * the processes (10 / WEB_CONCURRENCY, at least 2; serverProcessPlan).
     */
    DATABASE_POOL_SIZE: optionalCount("10", 1, MAX_DATABASE_POOL_SIZE),
    /** PGlite's data directory when DATABASE_URL is unset; "memory://" keeps it in memory (browser tests). */
    DATA_DIR: z.string().min(1).default("./data"),
    /** The SQL migrations applied at every start and by db:migrate (drizzle-kit's output folder). */
    MIGRATIONS_DIR: z
      .string()
      .min(1)
      .default("drizzle")
      .transform((value) => path.resolve(value))
      .superRefine((folder, context) => {
        const problem = migrationsFolderProblem(folder);
        if (problem) context.addIssue({ code: "custom", message: problem });
      }),
    /** Seed the demo data set when the companies table is empty at start. Default: on, except in production. */
    SEED_ON_EMPTY: booleanString.optional(),
    SEED_COUNT: z.coerce.number().int().min(1).max(1_000_000).default(17_555),
    /** Demo LPs seeded (with SEED_ON_EMPTY) when the lps table is empty at start; 0: none. */
    LP_SEED_COUNT: z.coerce.number().int().min(0).max(1_000_000).default(3_000),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** The public URL of the app, used in links inside emails. Default: http://localhost:PORT. */
    APP_URL: z
      .url({ protocol: /^https?$/ })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** smtp:// or smtps:// URL of the mail server. Unset: the log driver keeps messages in the database. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    MAIL_FROM: z.string().min(3).default("Roundlist <hello@roundlist.example>"),
    /** The address the terms, privacy policy and forms give for questions. Unset: MAIL_FROM's address. */
    CONTACT_EMAIL: optionalText(
      z.string().regex(PLAIN_EMAIL_ADDRESS, "must be a plain email address, e.g. privacy@example.com"),
    ),
    /** Signs session cookies and tokens: 32+ random characters. Required in production. */
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /** Accounts with these emails hold the admin role (docs/product.md#accounts). */
    ADMIN_EMAILS: commaList,
    /** Reverse proxies (IPs or CIDRs) whose X-Forwarded-For is believed when finding a client's IP. */
    TRUSTED_PROXIES: commaList,
    /** Sign-in, sign-up and password-reset attempts allowed per client IP per window. */
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(3),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    /** Stripe: with a secret key, checkout and webhooks use Stripe; without, the demo payment provider. */
    STRIPE_SECRET_KEY: z
      .string()
      .startsWith("sk_", "must start with sk_")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .startsWith("whsec_", "must start with whsec_")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Stripe price ids (price_...) of the monthly ($79), annual ($299) and LP plans. */
    STRIPE_PRICE_MONTHLY: z.string().optional(),
    STRIPE_PRICE_ANNUAL: z.string().optional(),
    STRIPE_PRICE_LPS: z.string().optional(),
    /**
     * The LP plan's yearly price (docs/product.md#plans) in whole US dollars, as the pricing prompt and the
     * demo checkout show it. With Stripe, STRIPE_PRICE_LPS is what is charged: set this to that price's
     * amount.
     */
    LP_PLAN_PRICE_USD: z.coerce.number().int().min(1).max(1_000_000).default(990),
    /** Allows the demo payment provider in production (it never charges anyone). */
    DEMO_PAYMENTS: booleanString.default(false),
    /** Where the home page's demo video plays from (e.g. a CDN). Unset: the shipped /demo.webm. */
    DEMO_VIDEO_URL: optionalText(
      z
        .string()
        .regex(HTTP_URL_OR_SITE_PATH, 'must be an http(s) URL or a site path starting with a single "/"'),
    ),
    /** Test-only routes (the crash-screen probe). Never on in production. */
    ENABLE_TEST_ROUTES: booleanString.default(false),
    /** Decision 031 (4): where the Form D sync fetches from (tests point it at 127.0.0.1). */
    EDGAR_BASE_URL: z
      .url({ protocol: /^https?$/ })
      .default(DEFAULT_EDGAR_BASE_URL)
      .or(z.literal("").transform(() => DEFAULT_EDGAR_BASE_URL))
      .transform((value) => value.replace(/\/+$/, "")),
    /**
     * The User-Agent every request to EDGAR carries: who asks, with a contact address ("Roundlist
     * ops@example.com"), as EDGAR's fair-access rule requires. Unset: the sync refuses to run.
     */
    EDGAR_USER_AGENT: optionalText(
      z
        .string()
        .regex(
          EDGAR_USER_AGENT_PATTERN,
          'must name the requester and a contact address, e.g. "Roundlist ops@example.com"',
        ),
    ),
    /** Decision 031 (4): the server syncs Form D filings from EDGAR daily (on the single process or the primary). */
    FORMD_SYNC_DAILY: booleanString.default(false),
    /** Where the sync downloads filings. Unset: `<DATA_DIR>-formd` beside PGlite's directory (a temp folder with memory://). */
    FORMD_SYNC_DIR: optionalText(z.string().min(1)),
    /** Days before today a first sync fetches. */
    FORMD_SYNC_FIRST_RUN_DAYS: optionalCount("7", 1, 3_660).transform((value) => value ?? 7),
  })
  .superRefine((env, context) => {
    // Decision 019: outside production, a server others can reach must not run on the public development
    // secret, nor keep emails (reset links included) in a mailbox anyone could read. Refused at start.
    if (env.APP_ENV !== "production" && !devToolsAllowed(env)) {
      const reach = `the server can be reached from other machines (HOST=${listenHost(env)})`;
      const ways = "or listen on this machine only (HOST=127.0.0.1), or set EXPOSE_DEV_TOOLS=true on purpose";
      if (!env.AUTH_SECRET || env.AUTH_SECRET.trim() === DEVELOPMENT_AUTH_SECRET) {
        context.addIssue({
          code: "custom",
          path: ["AUTH_SECRET"],
          message: `is required when ${reach}: the development secret is public. Set 32+ random characters, ${ways}`,
        });
      }
      if (!env.SMTP_URL) {
        context.addIssue({
          code: "custom",
          path: ["SMTP_URL"],
          message: `is required when ${reach}: without it emails, password reset links included, are kept in /dev/mailbox. Set an SMTP server, ${ways}`,
        });
      }
    }
    if (env.APP_ENV === "production" && !env.AUTH_SECRET) {
      context.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "is required in production" });
    }
    // The development default is public (it is in this file), so anyone could sign sessions.
    if (env.APP_ENV === "production" && env.AUTH_SECRET?.trim() === DEVELOPMENT_AUTH_SECRET) {
      context.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "must not be the development default in production: set 32+ random characters",
      });
    }
    if (env.FORMD_SYNC_DAILY && !env.EDGAR_USER_AGENT) {
      context.addIssue({
        code: "custom",
        path: ["EDGAR_USER_AGENT"],
        message:
          'is required with FORMD_SYNC_DAILY: EDGAR asks every client to name itself with a contact address, e.g. "Roundlist ops@example.com"',
      });
    }
    if (env.STRIPE_SECRET_KEY) {
      for (const key of ["STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_MONTHLY", "STRIPE_PRICE_ANNUAL"] as const) {
        if (!env[key])
          context.addIssue({ code: "custom", path: [key], message: "is required with STRIPE_SECRET_KEY" });
      }
    } else if (env.APP_ENV === "production" && !env.DEMO_PAYMENTS) {
      context.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "is required in production (or set DEMO_PAYMENTS=true to run the demo payment provider)",
      });
    }
  })
  .transform((env) => ({
    ...env,
    HOST: listenHost(env),
    /** Decision 019: /dev/mailbox (and the development secret) are served: never in production. */
    DEV_TOOLS: env.APP_ENV !== "production" && devToolsAllowed(env),
    AUTH_SECRET: env.AUTH_SECRET ?? DEVELOPMENT_AUTH_SECRET,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    SEED_ON_EMPTY: env.SEED_ON_EMPTY ?? env.APP_ENV !== "production",
    ENABLE_TEST_ROUTES: env.ENABLE_TEST_ROUTES && env.APP_ENV !== "production" && devToolsAllowed(env),
    PAYMENT_PROVIDER: env.STRIPE_SECRET_KEY ? ("stripe" as const) : ("demo" as const),
  }));

export type Env = z.infer<typeof envSchema>;

/**
 * Connections all server processes' pools hold together by default: one process's pool before there were
 * several. Two processes with 10 each made PostgreSQL on the same 2-core machine spend more CPU per search
 * than with 5 each, and served fewer searches (measured in decision 012).
 */
export const DEFAULT_TOTAL_POOL_CONNECTIONS = 10;
/** The least a process's pool gets by default: a search runs its page and count queries side by side. */
export const MIN_DEFAULT_POOL_SIZE = 2;

export interface ServerProcessPlan {
  /** HTTP server processes: 1 serves in the process started; more are node:cluster workers of a primary. */
  processes: number;
  /** Each server process's PostgreSQL pool size (unused with PGlite). */
  poolSize: number;
  /** For the person starting the server (printed in every environment, production included). */
  notes: string[];
}

/**
 * How many processes serve, and each one's pool: WEB_CONCURRENCY (default one per CPU) with a PostgreSQL
 * server; always one with the embedded PGlite database, which only one process can open (its data directory
 * is locked, and "memory://" lives in one process). Each pool gets DATABASE_POOL_SIZE, by default an even
 * share of 10 connections (at least 2 each), so that N processes load PostgreSQL as one did.
 */
export function serverProcessPlan(
  config: Pick<Env, "DATABASE_URL" | "WEB_CONCURRENCY" | "DATABASE_POOL_SIZE">,
  cpus: number = availableParallelism(),
): ServerProcessPlan {
  const notes: string[] = [];
  let processes = 1;
  if (config.DATABASE_URL) {
    processes = config.WEB_CONCURRENCY ?? Math.max(1, Math.min(cpus, MAX_WEB_CONCURRENCY));
  } else if ((config.WEB_CONCURRENCY ?? 1) > 1) {
    notes.push(
      `WEB_CONCURRENCY=${config.WEB_CONCURRENCY} ignored: the embedded PGlite database is single-process, so 1 process serves (set DATABASE_URL to a PostgreSQL server to run several)`,
    );
  }
  const poolSize =
    config.DATABASE_POOL_SIZE ??
    Math.max(MIN_DEFAULT_POOL_SIZE, Math.floor(DEFAULT_TOTAL_POOL_CONNECTIONS / processes));
  return { processes, poolSize, notes };
}

function migrationsFolderProblem(folder: string): string | undefined {
  if (!existsSync(folder)) return `${folder} does not exist`;
  if (!statSync(folder).isDirectory()) return `${folder} is not a directory`;
  if (!existsSync(path.join(folder, "meta", "_journal.json"))) {
    return `${folder} holds no migrations (no meta/_journal.json from drizzle-kit)`;
  }
  return undefined;
}

/**
 * Where the Form D sync keeps its downloads: FORMD_SYNC_DIR, else a folder beside PGlite's data directory
 * (`./data-formd`; never inside it: that directory is PostgreSQL's), else with `memory://` a temp folder.
 */
export function formDSyncDir(config: Pick<Env, "FORMD_SYNC_DIR" | "DATA_DIR">): string {
  if (config.FORMD_SYNC_DIR) return path.resolve(config.FORMD_SYNC_DIR);
  if (config.DATA_DIR.startsWith("memory://")) return path.join(tmpdir(), "roundlist-formd");
  return `${path.resolve(config.DATA_DIR)}-formd`;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses configuration; throws a ConfigError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
}

let cached: Env | undefined;

/** The process configuration, parsed once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * decision 032: the email verifier's variables (EMAIL_VERIFY_*) as given; verifier-config.server.ts parses
 * them and refuses a bad one at start, naming it.
 */
export function emailVerifierVariables(): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith("EMAIL_VERIFY_")));
}
