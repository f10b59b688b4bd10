import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { targetById } from "~/core/converter/targets";
import { sourceCell } from "~/core/round-source";
import { EMPTY_SEARCH, PAGE_SIZE, type SearchState } from "~/core/search-params";
import { SORT_OPTIONS } from "~/core/search-sort";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { queryRows } from "../db/query-rows.server";
import { companies } from "../db/schema";
import { seedCompanies } from "../demo-data/seed.server";
import { COMPANY_EXPORT_HEADERS } from "./crunchbase-columns";
import { type ExportOutcome, streamCompaniesCsv } from "./export.server";
import { invalidateSearchCounts, searchCompanies } from "./search.server";

const TODAY = new Date("2026-11-21T12:00:00Z");
const SEEDED = 700;

// The seeded companies are shared by every test of the file: a test that adds rows deletes them again.
const database = setUpTestDatabase({ reset: "file" });
beforeAll(async () => {
  await seedCompanies(database.db, { count: SEEDED, today: TODAY });
  // Undated companies (sorted last) and a tie on date, so the order's tail and tie-break are exercised.
  await database.db
    .insert(companies)
    .values([
      company("Undated One", { lastFundingDate: null }),
      company("Undated Two", { lastFundingDate: null, industries: ["SaaS"] }),
      company("Undated Three", { lastFundingDate: null, lastFundingType: "Seed" }),
      company("Tied A", { lastFundingDate: "2026-06-01", lastFundingAmountUsd: null }),
      company("Tied B", { lastFundingDate: "2026-06-01", lastFundingAmountUsd: null }),
    ]);
  invalidateSearchCounts();
});

async function exportBytes(state: Partial<SearchState>, batchSize?: number) {
  const exported = await streamCompaniesCsv(
    database,
    { ...EMPTY_SEARCH, ...state },
    { today: TODAY, ...(batchSize ? { batchSize } : {}) },
  );
  const bytes = Buffer.from(await new Response(exported.stream).arrayBuffer());
  return { bytes, outcome: await exported.done };
}

function parseCsv(bytes: Buffer): string[][] {
  return parse(bytes, { bom: true }) as string[][];
}

/** Every company the search page lists for this state, page by page, as organization names in order. */
async function searchNames(state: Partial<SearchState>): Promise<{ total: number; names: string[] }> {
  const names: string[] = [];
  const first = await searchCompanies(
    database.db,
    { ...EMPTY_SEARCH, ...state },
    { canSeeEmails: true, today: TODAY },
  );
  for (let page = 1; page <= first.pageCount; page += 1) {
    const result =
      page === 1
        ? first
        : await searchCompanies(
            database.db,
            { ...EMPTY_SEARCH, ...state, page },
            { canSeeEmails: true, today: TODAY },
          );
    names.push(...result.companies.map((card) => card.organizationName));
  }
  return { total: first.total, names };
}

const STATES: Array<[string, Partial<SearchState>]> = [
  ["no filter", {}],
  ["text", { q: "data" }],
  ["industry", { industry: ["SaaS"] }],
  ["stage", { stage: ["Seed"] }],
  ["continent", { location: ["continent:Europe"] }],
  ["country", { location: ["country:Germany"] }],
  ["amount", { amount: "1m-5m" }],
  ["date", { date: "1y" }],
  ["combined", { q: "a", stage: ["Series A"], date: "1y" }],
  ["nothing matches", { q: "zzyzx-no-such-company" }],
];

describe("the export holds exactly the search's rows (docs/product.md#export)", () => {
  it.each(STATES)("%s: same rows, same order as the search page", async (label, state) => {
    const expected = await searchNames(state);
    // Each filter must select something (and not everything), or the comparison would prove little.
    if (label === "nothing matches") expect(expected.total).toBe(0);
    else if (label !== "no filter") expect(expected.total).toBeGreaterThan(0);
    if (label !== "no filter") expect(expected.total).toBeLessThan(SEEDED);
    const { bytes, outcome } = await exportBytes(state);
    const [header, ...rows] = parseCsv(bytes);
    expect(header).toEqual([...COMPANY_EXPORT_HEADERS]);
    expect(rows.length).toBe(expected.total);
    expect(rows.map((row) => row[0])).toEqual(expected.names);
    expect(outcome).toEqual({ rows: expected.total, status: "complete" });
  });

  it("does not depend on the batch size (batch edges, the undated tail, ties)", async () => {
    const expected = await searchNames({});
    expect(expected.total).toBe(SEEDED + 5);
    expect(expected.names.slice(-3)).toEqual(["Undated Three", "Undated Two", "Undated One"]);
    for (const batchSize of [2, 7, 50, SEEDED + 2, SEEDED + 5, 5_000]) {
      const { bytes } = await exportBytes({}, batchSize);
      expect(
        parseCsv(bytes)
          .slice(1)
          .map((row) => row[0]),
      ).toEqual(expected.names);
    }
    const seeds = await exportBytes({ stage: ["Seed"] }, 3);
    expect(
      parseCsv(seeds.bytes)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual((await searchNames({ stage: ["Seed"] })).names);
  });

  it.each(SORT_OPTIONS.map((option) => [option.value]))(
    "sorted %s: the file is in the pages' order, whatever the batch size",
    async (sort) => {
      const state: Partial<SearchState> = { sort, size: 100 };
      const expected = await searchNames(state);
      expect(expected.total).toBe(SEEDED + 5);
      for (const batchSize of [3, 64, 5_000]) {
        const { bytes } = await exportBytes(state, batchSize);
        expect(
          parseCsv(bytes)
            .slice(1)
            .map((row) => row[0]),
        ).toEqual(expected.names);
      }
    },
  );

  it("ignores the page: an export is every page", async () => {
    const { outcome } = await exportBytes({ page: 3 });
    expect(outcome.rows).toBe(SEEDED + 5);
    expect(SEEDED + 5).toBeGreaterThan(3 * PAGE_SIZE);
  });
});

describe("the investor columns (decision 030)", () => {
  it("names each company's lead investors, every investor and its number of rounds after the spec's columns", async () => {
    const [expected] = await queryRows<{
      slug: string;
      name: string;
      leads: string;
      all: string;
      rounds: number;
      source: string;
      source_url: string | null;
    }>(
      database.db,
      sql`select c.slug, c.organization_name as name, c.funding_round_count as rounds, r.source, r.source_url,
            (select string_agg(i.name, ', ' order by i.name) from round_investors ri join investors i on i.id = ri.investor_id
              where ri.company_id = c.id and ri.is_lead) as leads,
            (select string_agg(distinct i.name, ', ') from round_investors ri join investors i on i.id = ri.investor_id
              where ri.company_id = c.id) as all
          from companies c join funding_rounds r on r.id = c.last_round_id
          where exists (select 1 from round_investors ri where ri.company_id = c.id and ri.is_lead)
          order by c.funding_round_count desc, c.id limit 1`,
    );
    if (!expected) throw new Error("no company with a lead investor");
    const rows = parseCsv((await exportBytes({ q: expected.name })).bytes);
    const header = rows[0] ?? [];
    const row = rows.find((cells) => cells[0] === expected.name) ?? [];
    const cell = (name: string) => row[header.indexOf(name)];
    expect(header.slice(-7)).toEqual([
      "Lead Investors",
      "Investors",
      "Number of Funding Rounds",
      "Source",
      "Email Status",
      "Email Verified At",
      "Email Source",
    ]);
    expect(new Set(cell("Lead Investors")?.split(", "))).toEqual(new Set(expected.leads.split(", ")));
    expect(new Set(cell("Investors")?.split(", "))).toEqual(new Set(expected.all.split(", ")));
    expect(cell("Number of Funding Rounds")).toBe(String(expected.rounds));
    // decision 031: the last round's source by name, with its page when it has one.
    expect(cell("Source")).toBe(sourceCell(expected.source, expected.source_url));
    expect(cell("Source")).toMatch(/^(Demo data|Crunchbase|Company record|SEC Form D)/);
  });
});

describe("file format", () => {
  it("starts with a UTF-8 BOM, then the header row of docs/product.md#data, CRLF-terminated", async () => {
    const { bytes } = await exportBytes({ q: "zzyzx-no-such-company" });
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8")).toBe(
      `${COMPANY_EXPORT_HEADERS.map(csvHeaderCell).join(",")}\r\n`,
    );
  });

  it("writes every field: full emails, plain-digit amounts, ISO dates, joined arrays; neutralises formulas", async () => {
    await database.db.insert(companies).values(
      company('=HYPERLINK("http://evil.example","Click")', {
        description: "+1 555 0100, call us",
        fullDescription: '\tLine one\r\nLine "two"\nZürich café',
        industries: ["SaaS", "Fintech"],
        industryGroups: ["Software"],
        headquartersLocation: "Zürich, Zurich, Switzerland",
        headquartersRegions: ["Europe, Middle East, and Africa (EMEA)", "DACH"],
        firstName: "-Ada",
        lastName: "@Lovelace",
        founders: "Ada Lovelace, Charles Babbage",
        role: "\tCEO",
        email: "ada.lovelace@formula.example",
        contactEmail: "hello@formula.example",
        website: "https://formula.example",
        linkedin: "https://www.linkedin.com/company/formula",
        lastFundingAmountUsd: 12_500_000,
        lastFundingAmount: 11_000_000.5,
        lastFundingCurrency: "EUR",
        lastFundingDate: "2026-11-20",
        lastFundingType: "Series A",
        totalFundingAmountUsd: 2_000_000_000,
      }),
    );
    // decision 032: the address's status, date and source, in the columns after Source.
    await database.db.execute(
      sql`insert into email_addresses (email, status, checked_at, method, source)
          values ('ada.lovelace@formula.example', 'accept_all', '2026-11-02T10:00:00Z', 'mailbox', 'pattern')`,
    );
    invalidateSearchCounts();
    try {
      const { bytes } = await exportBytes({ q: "hyperlink" });
      const [, row] = parseCsv(bytes);
      const record = Object.fromEntries(
        COMPANY_EXPORT_HEADERS.map((header, index) => [header, row?.[index]]),
      );
      expect(record).toEqual({
        "Organization Name": '\'=HYPERLINK("http://evil.example","Click")',
        Description: "'+1 555 0100, call us",
        "Full Description": '\'\tLine one\r\nLine "two"\nZürich café',
        Industries: "SaaS, Fintech",
        "Industry Groups": "Software",
        "Headquarters Location": "Zürich, Zurich, Switzerland",
        "Headquarters Regions": "Europe, Middle East, and Africa (EMEA), DACH",
        "First name": "'-Ada",
        "Last name": "'@Lovelace",
        Founders: "Ada Lovelace, Charles Babbage",
        // docs/product.md#data: the role as the page shows it (trimmed).
        Role: "CEO",
        Email: "ada.lovelace@formula.example",
        "Contact Email": "hello@formula.example",
        Website: "https://formula.example",
        LinkedIn: "https://www.linkedin.com/company/formula",
        "Last Funding Amount (in USD)": "12500000",
        "Last Funding Amount": "11000000.5",
        "Last Funding Currency": "EUR",
        "Last Funding Date": "2026-11-20",
        "Last Funding Type": "Series A",
        "Total Funding Amount (in USD)": "2000000000",
        // decision 030: after the spec's columns; a company stored without rounds names none.
        "Lead Investors": "",
        Investors: "",
        "Number of Funding Rounds": "0",
        // decision 031: no round, no source.
        Source: "",
        "Email Status": "accept_all",
        "Email Verified At": "2026-11-02T10:00:00Z",
        "Email Source": "pattern",
      });
      // Nothing in the whole file can start a formula.
      for (const cells of parseCsv((await exportBytes({})).bytes)) {
        for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }
    } finally {
      await database.db.execute(sql`delete from companies where organization_name like '=HYPERLINK%'`);
      await database.db.execute(
        sql`delete from email_addresses where email = 'ada.lovelace@formula.example'`,
      );
      invalidateSearchCounts();
    }
  });
});

describe("what the columns hold (docs/product.md#export)", () => {
  /** The seeded file as records keyed by header. */
  async function seededRecords(state: Partial<SearchState>): Promise<Array<Record<string, string>>> {
    const [header = [], ...rows] = parseCsv((await exportBytes(state)).bytes);
    return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ""])));
  }

  it("Last Funding Amount is the round in its own currency, Last Funding Currency right after it (decision 027)", async () => {
    const header = parseCsv((await exportBytes({ q: "zzyzx-no-such-company" })).bytes)[0] ?? [];
    expect(header.indexOf("Last Funding Currency")).toBe(header.indexOf("Last Funding Amount") + 1);

    // The seed's German and French companies raised in euros, the British ones in pounds.
    const euros = await seededRecords({ location: ["country:Germany", "country:France"] });
    const pounds = await seededRecords({ location: ["country:United Kingdom"] });
    const dollars = await seededRecords({ location: ["country:United States"] });
    for (const [records, currency, rate] of [
      [euros, "EUR", 1.08],
      [pounds, "GBP", 1.27],
    ] as const) {
      const disclosed = records.filter((record) => record["Last Funding Amount (in USD)"] !== "");
      expect(disclosed.length).toBeGreaterThan(3);
      for (const record of disclosed) {
        const usd = Number(record["Last Funding Amount (in USD)"]);
        const own = Number(record["Last Funding Amount"]);
        expect(record["Last Funding Currency"]).toBe(currency);
        // Not the USD figure repeated: the amount in that currency.
        expect(own).not.toBe(usd);
        expect(Math.abs(own * rate - usd) / usd).toBeLessThan(0.02);
      }
    }
    const disclosedDollars = dollars.filter((record) => record["Last Funding Amount (in USD)"] !== "");
    expect(disclosedDollars.length).toBeGreaterThan(10);
    for (const record of disclosedDollars) {
      expect(record["Last Funding Currency"]).toBe("USD");
      expect(record["Last Funding Amount"]).toBe(record["Last Funding Amount (in USD)"]);
    }
    // An undisclosed round has neither.
    for (const record of [...euros, ...pounds, ...dollars].filter(
      (r) => r["Last Funding Amount (in USD)"] === "",
    )) {
      expect([record["Last Funding Amount"], record["Last Funding Currency"]]).toEqual(["", ""]);
    }
  });

  it("an empty Role is exported as the page shows it, 'Founder' (docs/product.md#data)", async () => {
    await database.db
      .insert(companies)
      .values([
        company("Roleless Null", { role: null, email: "null@roleless.example" }),
        company("Roleless Blank", { role: "   ", email: "blank@roleless.example" }),
        company("Roleless Chief", { role: " CTO ", email: "chief@roleless.example" }),
      ]);
    invalidateSearchCounts();
    try {
      const exported = await seededRecords({ q: "roleless", sort: "name-asc" });
      const page = await searchCompanies(
        database.db,
        { ...EMPTY_SEARCH, q: "roleless", sort: "name-asc" },
        { canSeeEmails: true, today: TODAY },
      );
      expect(exported.map((record) => [record["Organization Name"], record.Role])).toEqual([
        ["Roleless Blank", "Founder"],
        ["Roleless Chief", "CTO"],
        ["Roleless Null", "Founder"],
      ]);
      // The same words as the search page's cards.
      expect(page.companies.map((card) => card.role)).toEqual(exported.map((record) => record.Role));
      // A converter target's title column reads the same.
      const hubspot = await streamCompaniesCsv(
        database,
        { ...EMPTY_SEARCH, q: "roleless", sort: "name-asc" },
        { today: TODAY, target: hubspotTarget() },
      );
      const [hubspotHeader = [], ...hubspotRows] = parseCsv(
        Buffer.from(await new Response(hubspot.stream).arrayBuffer()),
      );
      const title = hubspotHeader.indexOf("Job Title");
      expect(hubspotRows.map((row) => row[title])).toEqual(["Founder", "CTO", "Founder"]);
    } finally {
      await database.db.execute(sql`delete from companies where organization_name like 'Roleless %'`);
      invalidateSearchCounts();
    }
  });
});

function hubspotTarget() {
  const target = targetById("hubspot-contacts");
  if (target === null) throw new Error("no HubSpot target");
  return target;
}

function csvHeaderCell(header: string): string {
  return header.includes(",") ? `"${header}"` : header;
}

async function openTransactions(): Promise<number> {
  if (database.kind !== "postgres") return 0;
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%'`,
  );
  return row?.n ?? 0;
}

describe("streaming, backpressure and abort", () => {
  it("reads only as far ahead as the consumer reads", async () => {
    const exported = await streamCompaniesCsv(database, EMPTY_SEARCH, { today: TODAY, batchSize: 10 });
    const reader = exported.stream.getReader();
    await reader.read(); // BOM and header
    await new Promise((resolve) => setTimeout(resolve, 100));
    await reader.cancel();
    const outcome = await exported.done;
    expect(outcome.status).toBe("aborted");
    // The header was read; at most one batch was queued behind it (and one fetched ahead on a server).
    expect(outcome.rows).toBeLessThanOrEqual(10);
    expect(await openTransactions()).toBe(0);
  });

  it("stops when the client disconnects mid-export, frees the connection, and the database stays usable", async () => {
    const controller = new AbortController();
    const exported = await streamCompaniesCsv(database, EMPTY_SEARCH, {
      today: TODAY,
      batchSize: 20,
      signal: controller.signal,
    });
    const reader = exported.stream.getReader();
    let received = 0;
    for (let chunk = 0; chunk < 3; chunk += 1) received += (await reader.read()).value?.byteLength ?? 0;
    expect(received).toBeGreaterThan(0);
    controller.abort(new Error("client went away"));
    await expect(reader.read()).rejects.toThrow("client went away");
    const outcome: ExportOutcome = await exported.done;
    expect(outcome.status).toBe("aborted");
    expect(outcome.rows).toBeGreaterThan(0);
    expect(outcome.rows).toBeLessThan(SEEDED);
    expect(await openTransactions()).toBe(0);
    // The database answers, and a new export runs to the end.
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from companies`);
    expect(row?.n).toBe(SEEDED + 5);
    expect((await exportBytes({ stage: ["Seed"] })).outcome.status).toBe("complete");
  });

  // Runs on the PostgreSQL server only (CI runs this file there too): PGlite has no connection to drop.
  it.runIf(process.env.DATABASE_URL)(
    "ends at once, as failed, when the server drops the connection while the download waits",
    async () => {
      const exported = await streamCompaniesCsv(database, EMPTY_SEARCH, { today: TODAY, batchSize: 10 });
      const reader = exported.stream.getReader();
      await reader.read();
      await reader.read();
      // What the idle-in-transaction timeout (or a server restart) does to a paused export.
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query like 'fetch % from company_export'`,
      );
      const outcome = await exported.done;
      expect(outcome.status).toBe("failed");
      await expect(reader.read()).rejects.toThrow();
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from companies`,
      );
      expect(row?.n).toBe(SEEDED + 5);
    },
  );

  it("refuses to start once the request is already aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("gone"));
    await expect(
      streamCompaniesCsv(database, EMPTY_SEARCH, { today: TODAY, signal: controller.signal }),
    ).rejects.toThrow("gone");
    expect(await openTransactions()).toBe(0);
  });

  it("leaves the database to other requests while a download waits (PGlite included)", async () => {
    const exported = await streamCompaniesCsv(database, EMPTY_SEARCH, { today: TODAY, batchSize: 10 });
    const reader = exported.stream.getReader();
    await reader.read();
    await reader.read();
    // The export is paused between batches: another request's query must not wait for it.
    const other = queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from companies`);
    const timeout = new Promise<"blocked">((resolve) => setTimeout(() => resolve("blocked"), 10_000));
    const answer = await Promise.race([other, timeout]);
    expect(answer).not.toBe("blocked");
    await reader.cancel();
    expect((await exported.done).status).toBe("aborted");
  });
});
