import { parse } from "csv-parse/sync";
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { prepareTarget } from "~/core/converter/convert";
import { type Target, targetById } from "~/core/converter/targets";
import { EXPORT_DENIED } from "~/core/messages";
import { EMPTY_SEARCH } from "~/core/search-params";
import { DEFAULT_SORT } from "~/core/search-sort";
import {
  insertSubscription,
  signedUpCookie as signedUpCookie_,
  TEST_APP_URL,
  testAccountServices,
  testAuthConfig,
} from "~tests/fixtures/accounts";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import type { AccountServices } from "../auth/account.server";
import { COMPANY_EXPORT_HEADERS, PERSON_EXPORT_HEADERS } from "../companies/crunchbase-columns";
import { streamCompaniesCsv } from "../companies/export.server";
import { invalidateSearchCounts } from "../companies/search.server";
import { searchOrder } from "../companies/search-order.server";
import { queryRows } from "../db/query-rows.server";
import { companies, exportedCompanies, people, userActivity, users } from "../db/schema";
import { seedCompanies } from "../demo-data/seed.server";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import { listExportHistory } from "./export-history.server";
import { type ExportServices, handleExportRequest } from "./export-request.server";

const NOW = new Date("2026-11-21T12:00:00Z");
const SEEDED = 120;
const PASSWORD = "violet-harbor-71";
const config = testAuthConfig({ AUTH_RATE_LIMIT_MAX: 1_000 });

// The companies and accounts are shared by every test of the file.
const database = setUpTestDatabase({ reset: "file" });
let accounts: AccountServices;
let services: ExportServices;
const cookies = new Map<string, string>();

async function userIdOf(email: string): Promise<string> {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

type PersonRow = Omit<typeof people.$inferInsert, "companyId" | "source">;

async function addCompany(name: string, fields: Parameters<typeof company>[1], persons: PersonRow[]) {
  const [row] = await database.db
    .insert(companies)
    .values(company(name, fields))
    .returning({ id: companies.id });
  if (!row) throw new Error("no company");
  if (persons.length > 0)
    await database.db
      .insert(people)
      .values(persons.map((person) => ({ ...person, companyId: row.id, source: "demo" as const })));
  return row.id;
}

beforeAll(async () => {
  invalidateSearchCounts();
  accounts = testAccountServices(database.db, config);
  services = { database, auth: accounts.auth };
  await seedCompanies(database.db, { count: SEEDED, today: NOW });
  for (const name of ["active", "trialing", "none"]) {
    cookies.set(name, await signedUpCookie_(accounts, `${name}@example.com`, PASSWORD, "10.0.7.1"));
  }
  await insertSubscription(database.db, await userIdOf("active@example.com"), "active", "pro");
  await insertSubscription(database.db, await userIdOf("trialing@example.com"), "trialing", "pro");

  // Xyloqz Alpha's people are inserted out of position order: the file follows `position`.
  await addCompany(
    "Xyloqz Alpha",
    {
      lastFundingDate: "2026-06-01",
      firstName: "Ada",
      lastName: "Lovelace",
      role: "CEO",
      email: "ada@alpha.example",
      contactEmail: "hello@alpha.example",
      linkedin: "https://www.linkedin.com/company/xyloqz-alpha",
    },
    [
      {
        position: 2,
        firstName: "Alan",
        lastName: "Turing",
        roleKind: "founder",
        linkedin: "https://www.linkedin.com/in/alan-turing",
      },
      {
        position: 0,
        firstName: "Ada",
        lastName: "Lovelace",
        title: "CEO",
        roleKind: "founder",
        email: "ada@alpha.example",
        linkedin: "https://www.linkedin.com/in/ada-lovelace",
      },
      {
        position: 1,
        firstName: "Grace",
        lastName: "Hopper",
        roleKind: "executive",
        email: "grace@alpha.example",
      },
    ],
  );
  // No people: its one row, with its own fields.
  await addCompany(
    "Xyloqz Beta",
    {
      lastFundingDate: "2026-05-01",
      firstName: "Solo",
      lastName: "Owner",
      email: "solo@beta.example",
      linkedin: "https://www.linkedin.com/company/xyloqz-beta",
    },
    [],
  );
  await addCompany("Xyloqz Gamma", { lastFundingDate: "2026-04-01" }, [
    { position: 0, firstName: "Olu", lastName: "Other", roleKind: "other", email: "olu@gamma.example" },
    { position: 1, firstName: "Dee", lastName: "Director", roleKind: "director", email: "dee@gamma.example" },
  ]);
  // Do-not-sell: Vorpalquill Works' second person will ask not to be sold.
  await addCompany(
    "Vorpalquill Works",
    {
      firstName: "Quentin",
      lastName: "Quill",
      email: "quentin@quill.example",
      contactEmail: "hi@quill.example",
    },
    [
      {
        position: 0,
        firstName: "Quentin",
        lastName: "Quill",
        roleKind: "founder",
        email: "quentin@quill.example",
      },
      {
        position: 1,
        firstName: "Rita",
        lastName: "Reed",
        title: "CTO",
        roleKind: "founder",
        email: "rita@quill.example",
      },
    ],
  );
});

function exportRequest(options: { account?: string; query?: string; json?: unknown } = {}): Request {
  // From the app's own page (decision 019): such an export records its companies and its history.
  const headers = new Headers({ "user-agent": "vitest", "sec-fetch-site": "same-origin" });
  const cookie = options.account ? cookies.get(options.account) : undefined;
  if (cookie) headers.set("cookie", cookie);
  const url = `${TEST_APP_URL}/api/export-csv${options.query ? `?${options.query}` : ""}`;
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    return new Request(url, { method: "POST", headers, body: JSON.stringify(options.json) });
  }
  return new Request(url, { headers });
}

async function exportCsv(query: string, account = "active"): Promise<string[][]> {
  const response = await handleExportRequest(services, exportRequest({ account, query }), NOW);
  expect(response.status).toBe(200);
  return parse(Buffer.from(await response.arrayBuffer()), { bom: true }) as string[][];
}

/** Once every export of `userId` has ended (its companies recorded before, its history row completed). */
async function settled(userId: string): Promise<void> {
  await expect
    .poll(async () => (await listExportHistory(database.db, userId)).every((entry) => entry.outcome !== null))
    .toBe(true);
}

/** The named columns of each data row, as objects. */
function columns(rows: string[][], names: readonly string[]): Array<Record<string, string>> {
  const [header, ...data] = rows;
  const indexes = names.map((name) => header?.indexOf(name) ?? -1);
  for (const [position, index] of indexes.entries()) expect(index, names[position]).toBeGreaterThanOrEqual(0);
  return data.map((row) =>
    Object.fromEntries(names.map((name, position) => [name, row[indexes[position] ?? -1] ?? ""])),
  );
}

const CONTACT = [
  "Organization Name",
  "First name",
  "Last name",
  "Role",
  "Email",
  "Contact Email",
  "LinkedIn",
  "Person LinkedIn",
] as const;

describe("the export one row per person (docs/product.md#export, decision 030)", () => {
  it("writes each person of each company in position order with their own contact fields; a company without people keeps its row", async () => {
    const rows = await exportCsv("q=xyloqz&rows=people");
    expect(rows[0]).toEqual([...PERSON_EXPORT_HEADERS]);
    // The spec's columns first and unchanged, then the investor columns, then the person's LinkedIn.
    expect(rows[0]?.slice(0, COMPANY_EXPORT_HEADERS.length)).toEqual([...COMPANY_EXPORT_HEADERS]);
    expect(columns(rows, CONTACT)).toEqual([
      {
        "Organization Name": "Xyloqz Alpha",
        "First name": "Ada",
        "Last name": "Lovelace",
        Role: "CEO",
        Email: "ada@alpha.example",
        "Contact Email": "hello@alpha.example",
        LinkedIn: "https://www.linkedin.com/company/xyloqz-alpha",
        "Person LinkedIn": "https://www.linkedin.com/in/ada-lovelace",
      },
      {
        "Organization Name": "Xyloqz Alpha",
        "First name": "Grace",
        "Last name": "Hopper",
        Role: "Executive",
        Email: "grace@alpha.example",
        "Contact Email": "hello@alpha.example",
        LinkedIn: "https://www.linkedin.com/company/xyloqz-alpha",
        "Person LinkedIn": "",
      },
      {
        "Organization Name": "Xyloqz Alpha",
        "First name": "Alan",
        "Last name": "Turing",
        // An untitled founder reads as the page shows it (founder-role.ts); no address of his own: none.
        Role: "Founder",
        Email: "",
        "Contact Email": "hello@alpha.example",
        LinkedIn: "https://www.linkedin.com/company/xyloqz-alpha",
        "Person LinkedIn": "https://www.linkedin.com/in/alan-turing",
      },
      {
        "Organization Name": "Xyloqz Beta",
        "First name": "Solo",
        "Last name": "Owner",
        Role: "Founder",
        Email: "solo@beta.example",
        "Contact Email": "",
        LinkedIn: "https://www.linkedin.com/company/xyloqz-beta",
        "Person LinkedIn": "",
      },
      {
        "Organization Name": "Xyloqz Gamma",
        "First name": "Olu",
        "Last name": "Other",
        Role: "Contact",
        Email: "olu@gamma.example",
        "Contact Email": "",
        LinkedIn: "",
        "Person LinkedIn": "",
      },
      {
        "Organization Name": "Xyloqz Gamma",
        "First name": "Dee",
        "Last name": "Director",
        Role: "Director",
        Email: "dee@gamma.example",
        "Contact Email": "",
        LinkedIn: "",
        "Person LinkedIn": "",
      },
    ]);
    // The company's other columns are the same on each of its rows as in the file per company.
    const perCompany = await exportCsv("q=xyloqz");
    expect(perCompany[0]).toEqual([...COMPANY_EXPORT_HEADERS]);
    expect(perCompany.slice(1).map((row) => row[0])).toEqual(["Xyloqz Alpha", "Xyloqz Beta", "Xyloqz Gamma"]);
    const alpha = perCompany[1] ?? [];
    const contactIndexes = new Set(
      ["First name", "Last name", "Role", "Email"].map((name) => rows[0]?.indexOf(name)),
    );
    for (const row of rows.slice(1, 4))
      expect(
        row.slice(0, COMPANY_EXPORT_HEADERS.length).filter((_cell, index) => !contactIndexes.has(index)),
      ).toEqual(alpha.filter((_cell, index) => !contactIndexes.has(index)));
  });

  it("records the companies once each, the mode in the history and the activity", async () => {
    const userId = await userIdOf("active@example.com");
    await settled(userId);
    await database.db.delete(exportedCompanies).where(eq(exportedCompanies.userId, userId));
    await exportCsv("q=xyloqz&rows=people");
    await settled(userId);
    const recorded = await queryRows<{ name: string }>(
      database.db,
      sql`select c.organization_name as name from exported_companies e join companies c on c.id = e.company_id
          where e.user_id = ${userId} order by 1`,
    );
    expect(recorded.map((row) => row.name)).toEqual(["Xyloqz Alpha", "Xyloqz Beta", "Xyloqz Gamma"]);
    const [latest] = await listExportHistory(database.db, userId);
    expect(latest?.rowsPer).toBe("person");
    expect(new URL(latest?.href ?? "", TEST_APP_URL).searchParams.get("rows")).toBe("people");
    expect(latest?.rowCount).toBe(6);
    const activities = await database.db
      .select()
      .from(userActivity)
      .where(eq(userActivity.userId, userId))
      .orderBy(asc(userActivity.id));
    expect(activities.at(-1)?.actionDetails).toMatchObject({ totalResults: 6, rows: "people" });

    // "Leave out companies I have exported before" works by company: all three are left out now.
    const again = await exportCsv("q=xyloqz&rows=people&newOnly=1");
    expect(again).toEqual([[...PERSON_EXPORT_HEADERS]]);
  });

  it("follows the search's order and position order across batch edges, on either database", async () => {
    const expected = await queryRows<{ name: string; email: string | null }>(
      database.db,
      sql`select c.organization_name as name, case when p.id is null then c.email else p.email end as email
          from companies c
          left join people p on p.company_id = c.id
          order by ${searchOrder(DEFAULT_SORT, { table: "c" })}, p.position, p.id`,
    );
    // The seeded companies have people, most of them more than one (decision 028).
    const companiesCount = new Set(expected.map((row) => row.name)).size;
    expect(expected.length).toBeGreaterThan(companiesCount * 1.5);
    for (const batchSize of [7, 1_000]) {
      const exported = await streamCompaniesCsv(database, EMPTY_SEARCH, {
        today: NOW,
        batchSize,
        rowsPer: "person",
      });
      const rows = parse(Buffer.from(await new Response(exported.stream).arrayBuffer()), {
        bom: true,
      }) as string[][];
      const emailIndex = rows[0]?.indexOf("Email") ?? -1;
      expect(rows.slice(1).map((row) => ({ name: row[0], email: row[emailIndex] || null }))).toEqual(
        expected,
      );
      expect(await exported.done).toEqual({ rows: expected.length, status: "complete" });
    }
  });

  it("leaves out a person who asked not to be sold, and keeps the company's others", async () => {
    const before = columns(await exportCsv("q=vorpalquill&rows=people"), ["First name", "Email"]);
    expect(before).toEqual([
      { "First name": "Quentin", Email: "quentin@quill.example" },
      { "First name": "Rita", Email: "rita@quill.example" },
    ]);
    await requestDoNotSell(database.db, "Rita@Quill.example");
    const rows = await exportCsv("q=vorpalquill&rows=people");
    expect(columns(rows, ["First name", "Email"])).toEqual([
      { "First name": "Quentin", Email: "quentin@quill.example" },
    ]);
    expect(rows.flat().join(" ")).not.toMatch(/rita/i);
  });
});

describe("the rows option at the endpoint", () => {
  it.each([
    ["a visitor", undefined, EXPORT_DENIED.signedOut],
    ["a user without a plan", "none", EXPORT_DENIED.noExportAccess],
    ["a trialing user", "trialing", EXPORT_DENIED.trialing],
  ])("refuses %s with 403 and no rows, per person too", async (_label, account, message) => {
    const response = await handleExportRequest(
      services,
      exportRequest({ ...(account ? { account } : {}), query: "rows=people" }),
      NOW,
    );
    expect(response.status).toBe(403);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: message });
    expect(text).not.toContain("Organization Name");
  });

  it.each(["person", "all", "PEOPLE2"])(
    "answers rows=%s with 400 and a message naming the choices",
    async (value) => {
      const response = await handleExportRequest(
        services,
        exportRequest({ account: "active", query: `rows=${value}` }),
        NOW,
      );
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string };
      expect(body.error).toBe(
        `"${value}" is not a choice for rows: use people (one row per person) or companies (one row per company).`,
      );
    },
  );

  it("takes rows=people on a POST of the search's body as well", async () => {
    const response = await handleExportRequest(
      services,
      exportRequest({
        account: "active",
        query: "rows=people",
        json: { searchQuery: "xyloqz", filters: {} },
      }),
      NOW,
    );
    const rows = parse(Buffer.from(await response.arrayBuffer()), { bom: true }) as string[][];
    expect(rows).toHaveLength(1 + 6);
  });

  it("writes a contact-per-row target per person by itself; Excel (Europe) per company unless asked", async () => {
    const hubspot = await exportCsv("q=xyloqz&target=hubspot-contacts");
    expect(hubspot[0]).toEqual(prepareTarget(targetById("hubspot-contacts") as Target).headers);
    const hubspotRows = columns(hubspot, [
      "First Name",
      "Email Address",
      "Company Name",
      "Job Title",
      "LinkedIn URL",
    ]);
    expect(hubspotRows.map((row) => row["Email Address"])).toEqual([
      "ada@alpha.example",
      "grace@alpha.example",
      // Alan has no address: HubSpot takes the company's (the target's email rule, convert.ts).
      "hello@alpha.example",
      "solo@beta.example",
      "olu@gamma.example",
      "dee@gamma.example",
    ]);
    expect(hubspotRows[0]).toMatchObject({
      "Job Title": "CEO",
      "LinkedIn URL": "https://www.linkedin.com/in/ada-lovelace",
    });
    expect(hubspotRows[2]).toMatchObject({
      "First Name": "Alan",
      "LinkedIn URL": "https://www.linkedin.com/in/alan-turing",
    });
    // Asked for explicitly, per company: the companies' own contact fields (Xyloqz Gamma's row names nobody and
    // no address, which HubSpot needs one of, so it is left out).
    const perCompany = await exportCsv("q=xyloqz&target=hubspot-contacts&rows=companies");
    expect(columns(perCompany, ["Company Name", "Email Address"])).toEqual([
      { "Company Name": "Xyloqz Alpha", "Email Address": "ada@alpha.example" },
      { "Company Name": "Xyloqz Beta", "Email Address": "solo@beta.example" },
    ]);

    const excel = await exportCsv("q=xyloqz&target=excel-eu");
    expect(excel).toHaveLength(1 + 3);
    expect(await exportCsv("q=xyloqz&target=excel-eu&rows=people")).toHaveLength(1 + 6);
  });
});
