// `npm run db:seed -- [--count N] [--seed S] [--replace]`: inserts the deterministic demo data set.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { invalidateCatalog } from "../app/server/companies/catalog.server";
import { queryRows } from "../app/server/db/query-rows.server";
import { DEFAULT_DEMO_COMPANY_COUNT, DEFAULT_DEMO_SEED } from "../app/server/demo-data/generate-companies";
import { deleteAllCompanies, seedCompanies, tidyAfterBulkLoad } from "../app/server/demo-data/seed.server";
import { refreshSimilarities } from "../app/server/similarity/similarity-refresh.server";
import { fail, withAppDatabase } from "./open-app-database";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: String(DEFAULT_DEMO_COMPANY_COUNT) },
    seed: { type: "string", default: String(DEFAULT_DEMO_SEED) },
    replace: { type: "boolean", default: false },
  },
});
const count = Number(values.count);
const seed = Number(values.seed);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000)
  fail("--count must be a whole number from 1 to 1,000,000.");
if (!Number.isInteger(seed)) fail("--seed must be a whole number.");

// The database is closed (written to disk) before the success line.
const result = await withAppDatabase(async (database) => {
  const existing = await queryRows(database.db, sql`select 1 as one from companies limit 1`);
  if (existing.length > 0 && !values.replace) {
    fail("The companies table is not empty. Run with --replace to delete every company and seed again.");
  }
  const seeded = await database.db.transaction(async (tx) => {
    if (values.replace) await deleteAllCompanies(tx);
    let reported = 0;
    return seedCompanies(tx, {
      count,
      seed,
      onProgress(inserted) {
        if (inserted - reported >= 50_000 || inserted === count) {
          reported = inserted;
          process.stdout.write(`\r${inserted.toLocaleString("en-US")} / ${count.toLocaleString("en-US")}`);
        }
      },
    });
  });
  await tidyAfterBulkLoad(database.db);
  invalidateCatalog();
  // Issue 14: the similar companies of the new data set.
  const similar = await refreshSimilarities(database.db);
  return { ...seeded, similarMs: similar.ms };
});
const rate = Math.round(result.inserted / (result.ms / 1000));
console.log(
  `\nSeeded ${result.inserted.toLocaleString("en-US")} companies in ${result.ms} ms (${rate} rows/s); similar companies computed in ${(result.similarMs / 1000).toFixed(1)} s.`,
);
