/** One mail host of a domain: an MX record's exchange (or the domain itself, by its A record) and its IPs. */
export interface MailHost {
  name: string;
  priority: number;
  addresses: string[];
}

/**
 * What the verifier learnt about a domain (decision 032), kept so 10,000 addresses over 2,000 domains ask
 * each domain's DNS once and probe it for accept-all once.
 */
export interface DomainFacts {
  /** Its mail hosts, lowest priority first; empty when it has none (no MX, no A, or a null MX). */
  mailHosts: MailHost[];
  /** Whether a random address there was accepted; absent until a probe answered. */
  acceptAll?: boolean;
  /**
   * The random local part its accept-all probe uses, kept so a greylisting host sees the same
   * sender/recipient pair when asked again and lets it through.
   */
  probeLocalPart: string;
}

/** Where domain facts live: memory here; the lead can back it with a table later. */
export interface DomainFactsStore {
  get(domain: string): Promise<DomainFacts | undefined>;
  set(domain: string, facts: DomainFacts): Promise<void>;
}

/** Facts in this process's memory, each for `ttlMs` after it was stored. */
export function createMemoryDomainFactsStore(ttlMs: number, now: () => number = Date.now): DomainFactsStore {
  const entries = new Map<string, { facts: DomainFacts; expiresAt: number }>();
  return {
    async get(domain) {
      const entry = entries.get(domain);
      if (entry === undefined) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(domain);
        return undefined;
      }
      return entry.facts;
    },
    async set(domain, facts) {
      entries.set(domain, { facts, expiresAt: now() + ttlMs });
    },
  };
}
