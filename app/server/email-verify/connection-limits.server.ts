import pLimit, { type LimitFunction } from "p-limit";

export interface ConnectionLimits {
  /** Runs `task` once a session to `domain` may open: under both the domain's and the global limit. */
  run<T>(domain: string, task: () => Promise<T>): Promise<T>;
}

/**
 * At most `perDomain` sessions to one domain and `global` in all (decision 032: MX hosts list IPs that
 * open many sessions at once). The domain's slot is taken first, then a global one, so a domain waiting
 * for its turn holds no global slot. A domain's limiter lives while a task of it runs or waits.
 */
export function createConnectionLimits(perDomain: number, global: number): ConnectionLimits {
  const globalLimit = pLimit(global);
  const domainLimits = new Map<string, { limit: LimitFunction; users: number }>();
  return {
    async run(domain, task) {
      let entry = domainLimits.get(domain);
      if (entry === undefined) {
        entry = { limit: pLimit(perDomain), users: 0 };
        domainLimits.set(domain, entry);
      }
      const held = entry;
      held.users++;
      try {
        return await held.limit(() => globalLimit(task));
      } finally {
        held.users--;
        if (held.users === 0) domainLimits.delete(domain);
      }
    },
  };
}
