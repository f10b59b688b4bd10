import { z } from "zod";
import { ConfigError } from "../env.server";

/** How far the verifier goes (decision 032); each driver includes the ones before it. Off (syntax) by default. */
export const VERIFIER_DRIVERS = ["syntax", "dns", "smtp"] as const;
export type VerifierDriver = (typeof VERIFIER_DRIVERS)[number];

const hostPort = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F.:[\]]+$/, "a DNS server is an IP address with an optional port (127.0.0.1:5353)");

const configSchema = z
  .object({
    driver: z.enum(VERIFIER_DRIVERS).default("syntax"),
    /** Resolvers as "ip" or "ip:port"; the system's when absent. */
    dnsServers: z.array(hostPort).min(1).optional(),
    smtpPort: z.number().int().min(1).max(65_535).default(25),
    /** The name given in EHLO: a host name of ours whose A and PTR records agree, or MX hosts distrust us. */
    heloName: z.string().trim().min(1).optional(),
    /** The envelope sender (MAIL FROM) of the probes. */
    mailFrom: z.email("EMAIL_VERIFY_FROM must be an email address").optional(),
    /** Sessions open at once to one domain's mail hosts. */
    perDomainConnections: z.number().int().min(1).max(10).default(2),
    /** Sessions open at once in all. */
    globalConnections: z.number().int().min(1).max(1000).default(50),
    /** How long one answer (DNS, connect, each SMTP reply) may take. */
    timeoutMs: z.number().int().min(10).max(120_000).default(15_000),
    /** How long after a deferred answer (greylisting, timeout) to ask again: greylisting lasts minutes. */
    retryAfterMs: z
      .number()
      .int()
      .min(0)
      .default(15 * 60_000),
    /** How long a domain's facts (mail hosts, accept-all) are kept. */
    factsTtlMs: z
      .number()
      .int()
      .min(0)
      .default(6 * 60 * 60_000),
  })
  .superRefine((config, context) => {
    if (config.driver !== "smtp") return;
    if (!config.heloName) {
      context.addIssue({
        code: "custom",
        path: ["heloName"],
        message: "the smtp driver needs a HELO name (a host name of ours)",
      });
    }
    if (!config.mailFrom) {
      context.addIssue({
        code: "custom",
        path: ["mailFrom"],
        message: "the smtp driver needs a sender address for MAIL FROM",
      });
    }
  });

export type VerifierConfig = z.output<typeof configSchema>;
export type VerifierConfigInput = z.input<typeof configSchema>;

function parsed(input: VerifierConfigInput, source: string): VerifierConfig {
  const result = configSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new ConfigError(`Invalid email verifier configuration (${source}):\n${problems.join("\n")}`);
}

/** A verifier configuration with its defaults; throws a ConfigError naming what is wrong. */
export function verifierConfig(input: VerifierConfigInput): VerifierConfig {
  return parsed(input, "createVerifier");
}

const ENV_NAMES: Record<string, string> = {
  driver: "EMAIL_VERIFY_DRIVER",
  dnsServers: "EMAIL_VERIFY_DNS_SERVERS",
  smtpPort: "EMAIL_VERIFY_SMTP_PORT",
  heloName: "EMAIL_VERIFY_HELO",
  mailFrom: "EMAIL_VERIFY_FROM",
  perDomainConnections: "EMAIL_VERIFY_PER_DOMAIN",
  globalConnections: "EMAIL_VERIFY_CONCURRENCY",
  timeoutMs: "EMAIL_VERIFY_TIMEOUT_MS",
};

/** A whole number from an environment variable, or its text (so the schema names the bad value). */
function integer(value: string | undefined): number | string | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
}

/**
 * The verifier's configuration from the environment (EMAIL_VERIFY_*). The driver defaults to `syntax`;
 * `smtp` without EMAIL_VERIFY_HELO and EMAIL_VERIFY_FROM is a ConfigError naming both.
 */
export function verifierConfigFromEnv(env: Record<string, string | undefined>): VerifierConfig {
  const text = (name: string) => {
    const value = env[name]?.trim();
    return value === undefined || value === "" ? undefined : value;
  };
  const servers = text("EMAIL_VERIFY_DNS_SERVERS");
  const input = {
    driver: text("EMAIL_VERIFY_DRIVER"),
    dnsServers: servers?.split(",").map((server) => server.trim()),
    smtpPort: integer(env.EMAIL_VERIFY_SMTP_PORT),
    heloName: text("EMAIL_VERIFY_HELO"),
    mailFrom: text("EMAIL_VERIFY_FROM"),
    perDomainConnections: integer(env.EMAIL_VERIFY_PER_DOMAIN),
    globalConnections: integer(env.EMAIL_VERIFY_CONCURRENCY),
    timeoutMs: integer(env.EMAIL_VERIFY_TIMEOUT_MS),
  };
  const result = configSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const [field] = issue.path;
    const name = typeof field === "string" ? (ENV_NAMES[field] ?? field) : String(field ?? "");
    return `  ${name}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
}
