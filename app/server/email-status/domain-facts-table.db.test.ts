import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { queryRows } from "../db/query-rows.server";
import type { DomainFacts } from "../email-verify/domain-facts.server";
import { domainFactsTable } from "./domain-facts-table.server";

const database = setUpTestDatabase();
const FACTS: DomainFacts = {
  mailHosts: [{ name: "mx.acme.test", priority: 10, addresses: ["127.0.0.1"] }],
  acceptAll: true,
  probeLocalPart: "q7x4k2m9wz",
};

describe("decision 032: a domain's facts are kept in email_domains for every process", () => {
  it("gives another process (a new store) what one learnt, until its time to live ends", async () => {
    const getDb = async () => database.db;
    await domainFactsTable(getDb, 60_000).set("acme.test", FACTS);
    expect(await domainFactsTable(getDb, 60_000).get("acme.test")).toEqual(FACTS);
    expect(await domainFactsTable(getDb, 60_000).get("other.test")).toBeUndefined();
    const [row] = await queryRows<{ mx_hosts: string[]; no_mail: boolean; accept_all: boolean }>(
      database.db,
      sql`select mx_hosts, no_mail, accept_all from email_domains where domain = 'acme.test'`,
    );
    expect(row).toEqual({ mx_hosts: ["mx.acme.test"], no_mail: false, accept_all: true });

    await database.db.execute(
      sql`update email_domains set checked_at = now() - interval '2 minutes' where domain = 'acme.test'`,
    );
    expect(await domainFactsTable(getDb, 60_000).get("acme.test")).toBeUndefined();
  });
});
