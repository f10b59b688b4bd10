import type { Resolver } from "node:dns/promises";
import type { MailHost } from "./domain-facts.server";

/** A domain's mail hosts, or why there are none: `none` is an answer (the domain takes no mail), `failed` is not. */
export type MailHostsAnswer =
  | { kind: "hosts"; hosts: MailHost[] }
  | { kind: "none"; detail: string }
  | { kind: "failed"; detail: string };

/** DNS errors that are answers: the name does not exist, or has no record of that type. */
const NO_RECORD = new Set(["ENOTFOUND", "ENODATA"]);

function errorCode(error: unknown): string {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : "ERROR";
}

type Lookup<T> = { kind: "records"; records: T[] } | { kind: "none" } | { kind: "failed"; detail: string };

async function lookup<T>(query: () => Promise<T[]>, what: string): Promise<Lookup<T>> {
  try {
    const records = await query();
    return records.length === 0 ? { kind: "none" } : { kind: "records", records };
  } catch (error) {
    const code = errorCode(error);
    return NO_RECORD.has(code)
      ? { kind: "none" }
      : { kind: "failed", detail: `${what} look-up failed (${code})` };
  }
}

/**
 * A domain's mail hosts (RFC 5321 section 5.1): its MX records by priority, each exchange with its IPv4
 * addresses; with no MX, the domain itself when it has an A record. A null MX (RFC 7505, exchange ".")
 * says the domain takes no mail. All look-ups go through `resolver`, so a configured DNS server answers
 * for the exchanges too.
 */
export async function lookupMailHosts(resolver: Resolver, domain: string): Promise<MailHostsAnswer> {
  const mx = await lookup(() => resolver.resolveMx(domain), "MX");
  if (mx.kind === "failed") return mx;
  if (mx.kind === "none") {
    const a = await lookup(() => resolver.resolve4(domain), "A");
    if (a.kind === "failed") return a;
    if (a.kind === "none") return { kind: "none", detail: "the domain has no MX and no A record" };
    return { kind: "hosts", hosts: [{ name: domain, priority: 0, addresses: a.records }] };
  }
  const exchanges = mx.records.filter((record) => record.exchange !== "" && record.exchange !== ".");
  if (exchanges.length === 0)
    return { kind: "none", detail: "the domain publishes a null MX: it takes no mail" };
  exchanges.sort((first, second) => first.priority - second.priority);
  const hosts: MailHost[] = [];
  const failures: string[] = [];
  for (const record of exchanges) {
    const a = await lookup(() => resolver.resolve4(record.exchange), `A of ${record.exchange}`);
    if (a.kind === "records")
      hosts.push({ name: record.exchange, priority: record.priority, addresses: a.records });
    else if (a.kind === "failed") failures.push(a.detail);
  }
  if (hosts.length > 0) return { kind: "hosts", hosts };
  if (failures.length > 0) return { kind: "failed", detail: failures.join("; ") };
  return { kind: "none", detail: "the domain's MX hosts have no address" };
}
