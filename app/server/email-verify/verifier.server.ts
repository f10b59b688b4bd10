import { randomBytes } from "node:crypto";
import { Resolver } from "node:dns/promises";
import pLimit from "p-limit";
import { addressForm, statusOfRoleAddress } from "~/core/email-check/address-form";
import { acceptsAll, mailboxVerdict, type RcptOutcome } from "~/core/email-check/mailbox-verdict";
import {
  candidateAddresses,
  type KnownAddress,
  learnPattern,
  type NamePattern,
} from "~/core/email-check/name-pattern";
import type { EmailCheckMethod, EmailStatus } from "~/core/email-status";
import { createConnectionLimits } from "./connection-limits.server";
import { createMemoryDomainFactsStore, type DomainFacts, type DomainFactsStore } from "./domain-facts.server";
import { lookupMailHosts } from "./mail-hosts.server";
import { RECIPIENTS_PER_TRANSACTION, runMailboxSession } from "./mailbox-session.server";
import type { SmtpClient } from "./smtp-client.server";
import { type VerifierConfigInput, verifierConfig } from "./verifier-config.server";

export interface VerifyResult {
  email: string;
  status: EmailStatus;
  method: EmailCheckMethod;
  detail: string;
  /** When an `unknown` may be asked again (greylisting, a timeout); absent when asking again will not help. */
  retryAt?: Date;
}

export interface FindAddressInput {
  firstName: string;
  lastName: string;
  domain: string;
  /** Addresses already known at the domain, with their owners' names (others are ignored). */
  known?: readonly KnownAddress[];
}

/** An address found by pattern (decision 032: source `pattern`), with the status its check gave. */
export interface FoundAddress extends VerifyResult {
  source: "pattern";
  pattern: NamePattern;
  /** Whether the pattern was the domain's own, learnt from its known addresses. */
  isLearnt: boolean;
}

export interface Verifier {
  verify(address: string): Promise<VerifyResult>;
  /** One result per address, in order. One SMTP session per domain (two for large groups), one accept-all probe per domain. */
  verifyMany(addresses: readonly string[]): Promise<VerifyResult[]>;
  findAddress(input: FindAddressInput): Promise<FoundAddress | null>;
  /** Drops open sessions and pending DNS queries; the verifier answers nothing after. */
  close(): Promise<void>;
}

export interface VerifierDependencies {
  /** Where domain facts are kept; in memory for the configured TTL unless given. */
  factsStore?: DomainFactsStore;
  now?: () => number;
}

type DomainVerdict = Omit<VerifyResult, "email">;

/**
 * Domains looked up at once. A resolver drops what it cannot queue: 2,000 look-ups fired together lost half
 * their answers to timeouts in the benchmark (decision 032).
 */
const DNS_LOOKUPS_AT_ONCE = 32;

/** Recipients per session before a domain's addresses are split over its sessions. */
const RECIPIENTS_PER_SESSION = RECIPIENTS_PER_TRANSACTION;

/** A local part no one has: letters and digits, not guessable, not marked as a probe. */
function randomLocalPart(): string {
  return (
    randomBytes(10)
      .toString("base64url")
      .replace(/[^a-zA-Z0-9]/g, "")
      .toLowerCase()
      .slice(0, 12) || "zq7x4k2m9w"
  );
}

function split<T>(items: readonly T[], parts: number): T[][] {
  const size = Math.ceil(items.length / parts);
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * The email verifier (decision 032). `syntax` checks the form, throwaway domains and role boxes; `dns`
 * also the domain's mail hosts; `smtp` also each mailbox, by RCPT TO on the domain's MX, with a random
 * address first to tell accept-all domains. Domain facts are kept (`factsStore`) so a domain's DNS is asked
 * once and its accept-all probe made once.
 */
export function createVerifier(
  input: VerifierConfigInput,
  dependencies: VerifierDependencies = {},
): Verifier {
  const config = verifierConfig(input);
  const now = dependencies.now ?? Date.now;
  const store = dependencies.factsStore ?? createMemoryDomainFactsStore(config.factsTtlMs, now);
  const resolver = new Resolver({ timeout: config.timeoutMs, tries: 2 });
  if (config.dnsServers) resolver.setServers(config.dnsServers);
  const dnsLimit = pLimit(DNS_LOOKUPS_AT_ONCE);
  const limits = createConnectionLimits(config.perDomainConnections, config.globalConnections);
  const openClients = new Set<SmtpClient>();
  const factsInFlight = new Map<string, Promise<DomainFacts | { failed: string }>>();
  let isClosed = false;

  const retryAt = () => new Date(now() + config.retryAfterMs);

  async function domainFacts(domain: string): Promise<DomainFacts | { failed: string }> {
    const stored = await store.get(domain);
    if (stored) return stored;
    let pending = factsInFlight.get(domain);
    if (pending === undefined) {
      pending = (async () => {
        const answer = await dnsLimit(() => lookupMailHosts(resolver, domain));
        if (answer.kind === "failed") return { failed: answer.detail };
        const facts: DomainFacts = {
          mailHosts: answer.kind === "hosts" ? answer.hosts : [],
          probeLocalPart: randomLocalPart(),
        };
        await store.set(domain, facts);
        return facts;
      })().finally(() => factsInFlight.delete(domain));
      factsInFlight.set(domain, pending);
    }
    return pending;
  }

  /** The verdicts for one domain's distinct, well-formed addresses. */
  async function verifyDomain(
    domain: string,
    emails: readonly string[],
  ): Promise<Map<string, DomainVerdict>> {
    const verdicts = new Map<string, DomainVerdict>();
    const all = (verdict: DomainVerdict) => {
      for (const email of emails) verdicts.set(email, verdict);
      return verdicts;
    };
    const facts = await domainFacts(domain);
    if ("failed" in facts) {
      return all({ status: "unknown", method: "domain", detail: facts.failed, retryAt: retryAt() });
    }
    if (facts.mailHosts.length === 0) {
      return all({ status: "invalid", method: "domain", detail: "the domain has no mail host" });
    }
    if (config.driver === "dns") {
      return all({
        status: "unknown",
        method: "domain",
        detail: "the domain has mail hosts; the mailbox was not checked",
      });
    }
    if (facts.acceptAll === true) {
      return all({ status: "accept_all", method: "mailbox", detail: "the domain accepts every address" });
    }
    const wantsProbe = facts.acceptAll === undefined;
    const sessions = Math.min(config.perDomainConnections, Math.ceil(emails.length / RECIPIENTS_PER_SESSION));
    const chunks = split(emails, Math.max(1, sessions));
    const results = await Promise.all(
      chunks.map((recipients, index) =>
        limits.run(domain, async () => {
          if (isClosed)
            return { outcomes: new Map<string, RcptOutcome>(), silence: "the verifier was closed" };
          return runMailboxSession({
            hosts: facts.mailHosts,
            port: config.smtpPort,
            heloName: config.heloName ?? "",
            mailFrom: config.mailFrom ?? "",
            timeoutMs: config.timeoutMs,
            probeAddress: wantsProbe && index === 0 ? `${facts.probeLocalPart}@${domain}` : undefined,
            recipients,
            track: (client, isOpen) => (isOpen ? openClients.add(client) : openClients.delete(client)),
          });
        }),
      ),
    );
    let acceptAll: boolean | null = facts.acceptAll ?? null;
    const probe = results[0]?.probe;
    if (wantsProbe && probe) {
      acceptAll = acceptsAll(probe);
      if (acceptAll !== null) await store.set(domain, { ...facts, acceptAll });
    }
    results.forEach((result, index) => {
      for (const email of chunks[index] ?? []) {
        const outcome = result.outcomes.get(email);
        if (outcome === undefined) {
          verdicts.set(email, {
            status: "unknown",
            method: "mailbox",
            detail: `no answer: ${result.silence ?? "the session ended early"}`,
            retryAt: retryAt(),
          });
          continue;
        }
        const verdict = mailboxVerdict(outcome, acceptAll);
        verdicts.set(email, {
          status: verdict.status,
          method: "mailbox",
          detail: verdict.detail,
          ...(verdict.isRetryable ? { retryAt: retryAt() } : {}),
        });
      }
    });
    return verdicts;
  }

  async function verifyMany(addresses: readonly string[]): Promise<VerifyResult[]> {
    if (isClosed) throw new Error("the email verifier is closed");
    const results: (VerifyResult | undefined)[] = new Array(addresses.length);
    const byDomain = new Map<string, Set<string>>();
    const roles = new Set<string>();
    const pending: { index: number; email: string; domain: string }[] = [];
    addresses.forEach((address, index) => {
      const form = addressForm(address);
      if (!form.isCheckable) {
        results[index] = { email: form.email, status: form.status, method: "syntax", detail: form.detail };
        return;
      }
      const { email, domain } = form.parts;
      if (form.isRole) roles.add(email);
      if (config.driver === "syntax") {
        results[index] = form.isRole
          ? { email, status: "role", method: "syntax", detail: "a shared box, not a person's" }
          : { email, status: "unknown", method: "syntax", detail: "well formed; the domain was not checked" };
        return;
      }
      let group = byDomain.get(domain);
      if (group === undefined) {
        group = new Set();
        byDomain.set(domain, group);
      }
      group.add(email);
      pending.push({ index, email, domain });
    });
    const verdicts = new Map<string, Map<string, DomainVerdict>>();
    await Promise.all(
      [...byDomain].map(async ([domain, emails]) => {
        verdicts.set(domain, await verifyDomain(domain, [...emails]));
      }),
    );
    for (const { index, email, domain } of pending) {
      const verdict = verdicts.get(domain)?.get(email);
      if (verdict === undefined) throw new Error(`no verdict for ${email}`);
      if (!roles.has(email)) {
        results[index] = { email, ...verdict };
        continue;
      }
      const status = statusOfRoleAddress(verdict.status);
      results[index] =
        status === "role"
          ? {
              email,
              status,
              method: verdict.method,
              detail: `a shared box, not a person's (${verdict.detail})`,
            }
          : { email, ...verdict };
    }
    return results.map((result, index) => {
      if (result === undefined) throw new Error(`no result for address ${index}`);
      return result;
    });
  }

  return {
    verifyMany,
    async verify(address) {
      const [result] = await verifyMany([address]);
      if (result === undefined) throw new Error("no result");
      return result;
    },
    async findAddress({ firstName, lastName, domain, known = [] }) {
      const host = domain.trim().toLowerCase();
      const atDomain = known.filter((address) => address.email.toLowerCase().endsWith(`@${host}`));
      const learnt = learnPattern(atDomain);
      const candidates = candidateAddresses(firstName, lastName, host, learnt);
      const [first, ...others] = candidates;
      if (first === undefined) return null;
      const found = (candidate: typeof first, result: VerifyResult): FoundAddress => ({
        ...result,
        source: "pattern",
        pattern: candidate.pattern,
        isLearnt: learnt !== null && candidate.pattern === learnt,
      });
      // The domain's own pattern first: when its mailbox is confirmed, no other guess is asked about.
      const firstResult = await verifyMany([first.email]);
      if (firstResult[0]?.status === "valid") return found(first, firstResult[0]);
      const checked = [...firstResult, ...(await verifyMany(others.map((candidate) => candidate.email)))];
      for (const wanted of ["valid", "accept_all", "unknown"] as const) {
        const index = checked.findIndex((result) => result.status === wanted);
        const candidate = candidates[index];
        const result = checked[index];
        if (candidate && result) return found(candidate, result);
      }
      return null;
    },
    async close() {
      isClosed = true;
      resolver.cancel();
      for (const client of openClients) client.destroy();
      openClients.clear();
    },
  };
}
