import { sql } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import {
  createMemoryDomainFactsStore,
  type DomainFacts,
  type DomainFactsStore,
} from "../email-verify/domain-facts.server";

/**
 * decision 032: what the verifier learnt of a domain (its mail hosts, whether it accepts every address, its
 * probe address), kept in email_domains for `ttlMs`, so every process and the next start use it: a
 * domain's DNS is asked and its accept-all probe sent once a `ttlMs`, not once a process. This process's
 * memory answers first.
 */
export function domainFactsTable(getDb: () => Promise<Db>, ttlMs: number): DomainFactsStore {
  const memory = createMemoryDomainFactsStore(ttlMs);
  return {
    async get(domain) {
      const remembered = await memory.get(domain);
      if (remembered !== undefined) return remembered;
      const [row] = await queryRows<{ facts: DomainFacts }>(
        await getDb(),
        sql`select facts from email_domains
            where domain = ${domain} and checked_at > now() - make_interval(secs => ${ttlMs / 1000})`,
      );
      if (row === undefined) return undefined;
      await memory.set(domain, row.facts);
      return row.facts;
    },
    async set(domain, facts) {
      await memory.set(domain, facts);
      await (await getDb()).execute(
        sql`insert into email_domains (domain, facts, mx_hosts, no_mail, accept_all, checked_at)
            values (${domain}, ${JSON.stringify(facts)}::jsonb,
              ${sql.param(facts.mailHosts.map((host) => host.name))}::text[],
              ${facts.mailHosts.length === 0}, ${facts.acceptAll ?? null}, now())
            on conflict (domain) do update set facts = excluded.facts, mx_hosts = excluded.mx_hosts,
              no_mail = excluded.no_mail, accept_all = excluded.accept_all, checked_at = now()`,
      );
    },
  };
}
