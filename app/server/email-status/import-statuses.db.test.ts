import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { crunchbaseRecord, csvStream, toCrunchbaseCsv } from "~tests/fixtures/crunchbase-csv";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { importCompanies } from "../companies/import-companies.server";
import { queryRows } from "../db/query-rows.server";
import { addressesOf } from "./verification-runs.server";

const TODAY = new Date("2025-06-15T00:00:00Z");
const database = setUpTestDatabase();

function importRecords(records: Parameters<typeof toCrunchbaseCsv>[0]) {
  return importCompanies(database.db, csvStream(toCrunchbaseCsv(records)), { today: TODAY });
}

async function rows() {
  return queryRows<{ email: string; status: string; method: string; source: string }>(
    database.db,
    sql`select email, status, method, source from email_addresses order by email`,
  );
}

async function companyStatus(name: string) {
  const [row] = await queryRows<{ email: string | null; email_status: string | null }>(
    database.db,
    sql`select email, email_status from companies where organization_name = ${name}`,
  );
  return row;
}

describe("decision 032: statuses through an import and a re-import", () => {
  it("records each new address's form status, keeps a known address's status, and starts a changed one afresh", async () => {
    await importRecords([
      crunchbaseRecord(1, { Email: "Jane1@Company1.test" }),
      crunchbaseRecord(2, { Email: "info@company2.test" }),
      crunchbaseRecord(3, { Email: "someone@mailinator.com" }),
    ]);
    expect(await rows()).toEqual([
      { email: "info@company2.test", status: "role", method: "syntax", source: "imported" },
      { email: "jane1@company1.test", status: "unknown", method: "syntax", source: "imported" },
      { email: "someone@mailinator.com", status: "disposable", method: "syntax", source: "imported" },
    ]);
    expect(await companyStatus("Company 1")).toEqual({
      email: "Jane1@Company1.test",
      email_status: "unknown",
    });

    // A check found the first mailbox; the same file again changes nothing of it.
    await database.db.execute(
      sql`update email_addresses set status = 'valid', method = 'mailbox', checked_at = now()
          where email = 'jane1@company1.test'`,
    );
    await importRecords([
      crunchbaseRecord(1, { Email: "Jane1@Company1.test" }),
      crunchbaseRecord(2, { Email: "info@company2.test" }),
      crunchbaseRecord(3, { Email: "someone@mailinator.com" }),
    ]);
    expect((await rows()).find((row) => row.email === "jane1@company1.test")).toMatchObject({
      status: "valid",
      method: "mailbox",
    });
    expect(await companyStatus("Company 1")).toMatchObject({ email_status: "valid" });

    // A changed address is a new one: its form's status, due for a check; the company shows it at once.
    await importRecords([crunchbaseRecord(1, { Email: "jane.doe@company1.test" })]);
    expect(await companyStatus("Company 1")).toEqual({
      email: "jane.doe@company1.test",
      email_status: "unknown",
    });
    const due = await addressesOf(database.db, "due", 100);
    expect(due).toContain("jane.doe@company1.test");
    expect(due).not.toContain("jane1@company1.test");
  });
});
