// `npx tsx scripts/make-crunchbase-csv.ts [--rows 100000] [--bad 0.01] [--old-headers] [--investors] [--seed 1]
//   --out FILE`
// Writes a Crunchbase-format company CSV of synthetic companies (every website and email under the reserved
// ".example" TLD) for import benchmarks and manual tests. A fraction of the rows is malformed on purpose.
// --investors adds Crunchbase's Lead Investors, Top 5 Investors and Number of Funding Rounds (decision 030).
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { stringify } from "csv-stringify/sync";
import {
  COMPANY_CSV_COLUMNS,
  type CompanyCsvField,
  OLDER_GENERATION_HEADERS,
} from "../app/server/companies/crunchbase-columns";
import type { NewCompanyRow } from "../app/server/db/schema";
import { generateCompanies } from "../app/server/demo-data/generate-companies";
import { type DemoInvestor, generateInvestors } from "../app/server/demo-data/generate-investors";
import type { DemoRound } from "../app/server/demo-data/generate-rounds";
import { createRandom, type Random } from "../app/server/demo-data/random";

export interface CrunchbaseCsvOptions {
  rows: number;
  /** Share of rows, 0 to 1, broken in one of the ways `BREAKAGES` lists. */
  bad: number;
  oldHeaders: boolean;
  /** Also write Lead Investors, Top 5 Investors and Number of Funding Rounds. */
  investors?: boolean;
  seed: number;
  out: string;
  /** The day the generated funding dates end on. Default: today. */
  today?: Date;
}

/** The ways a malformed row is broken; each one is a different rejection reason in the import. */
const BREAKAGES = ["amount", "date", "name", "columns", "email"] as const;
type Breakage = (typeof BREAKAGES)[number];

/** Writes the file with backpressure (memory stays flat whatever the row count); returns the bad-row count. */
export async function writeCrunchbaseCsv(
  options: CrunchbaseCsvOptions,
): Promise<{ rows: number; bad: number }> {
  const out = createWriteStream(options.out);
  const closed = once(out, "close");
  const random = createRandom(options.seed ^ 0x5eed);
  const headers: string[] = COMPANY_CSV_COLUMNS.map(({ header }) =>
    options.oldHeaders ? (OLDER_GENERATION_HEADERS[header] ?? header) : header,
  );
  if (options.investors) headers.push(...INVESTOR_HEADERS);
  const investors = options.investors ? generateInvestors() : [];
  let bad = 0;
  try {
    await write(out, stringify([headers]));
    const companies = generateCompanies({
      count: options.rows,
      seed: options.seed,
      today: options.today ?? new Date(),
    });
    for (const { row: company, rounds } of companies) {
      let cells = COMPANY_CSV_COLUMNS.map(({ field }) => cellOf(company, field));
      if (options.investors) cells.push(...investorCells(rounds, investors));
      if (random.chance(options.bad)) {
        bad++;
        cells = breakRow(cells, random.pick(BREAKAGES), random);
      }
      await write(out, stringify([cells]));
    }
  } finally {
    out.end();
    await closed;
  }
  return { rows: options.rows, bad };
}

async function write(out: NodeJS.WritableStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, "drain");
}

const INVESTOR_HEADERS = ["Lead Investors", "Top 5 Investors", "Number of Funding Rounds"];

/** As Crunchbase writes them: the last round's leads, the first five investors of any round, the round count. */
function investorCells(rounds: readonly DemoRound[], investors: readonly DemoInvestor[]): string[] {
  const nameOf = (index: number) => investors[index]?.name ?? "";
  const leads = (rounds.at(-1)?.investors ?? [])
    .filter((link) => link.isLead)
    .map((link) => nameOf(link.investor));
  const top = [
    ...new Set(rounds.flatMap((round) => round.investors.map((link) => nameOf(link.investor)))),
  ].slice(0, 5);
  return [leads.join(", "), top.join(", "), String(rounds.length)];
}

function cellOf(company: NewCompanyRow, field: CompanyCsvField): string {
  const value = company[field];
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

const FIELD_INDEX = new Map(COMPANY_CSV_COLUMNS.map(({ field }, index) => [field, index]));

function breakRow(cells: string[], breakage: Breakage, random: Random): string[] {
  const broken = [...cells];
  const set = (field: CompanyCsvField, value: string) => {
    broken[FIELD_INDEX.get(field) ?? 0] = value;
  };
  switch (breakage) {
    case "amount":
      set("lastFundingAmountUsd", random.pick(["about 2M", "-5000", "1.2.3"]));
      break;
    case "date":
      set("lastFundingDate", random.pick(["2023-02-30", "31/12/2023", "soon"]));
      break;
    case "name":
      set("organizationName", "");
      break;
    case "columns":
      return broken.slice(0, broken.length - random.int(1, 3));
    case "email":
      set("email", random.pick(["founder(at)example", "no email", "jane@"]));
      break;
  }
  return broken;
}

function readOptions(): CrunchbaseCsvOptions {
  const { values } = parseArgs({
    options: {
      rows: { type: "string", default: "100000" },
      bad: { type: "string", default: "0" },
      "old-headers": { type: "boolean", default: false },
      investors: { type: "boolean", default: false },
      seed: { type: "string", default: "1" },
      out: { type: "string" },
    },
  });
  const rows = Number(values.rows);
  const bad = Number(values.bad);
  const seed = Number(values.seed);
  const problems = [
    Number.isInteger(rows) && rows >= 0 && rows <= 10_000_000
      ? null
      : "--rows must be a whole number up to 10,000,000.",
    Number.isFinite(bad) && bad >= 0 && bad <= 1
      ? null
      : "--bad must be a fraction from 0 to 1 (0.01 is 1%).",
    Number.isInteger(seed) ? null : "--seed must be a whole number.",
    values.out ? null : "--out FILE is required.",
  ].filter((problem) => problem !== null);
  if (problems.length > 0 || values.out === undefined) {
    console.error(problems.join("\n"));
    process.exit(1);
  }
  return { rows, bad, seed, oldHeaders: values["old-headers"], investors: values.investors, out: values.out };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const options = readOptions();
  const started = performance.now();
  const { rows, bad } = await writeCrunchbaseCsv(options);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Wrote ${rows.toLocaleString("en-US")} rows (${bad.toLocaleString("en-US")} malformed) to ${options.out} in ${seconds} s.`,
  );
}
