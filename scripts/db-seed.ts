// `npm run db:seed -- [--count N] [--lps N] [--seed S] [--replace]`: inserts the deterministic demo data set:
// N companies, or with --lps N LPs (docs/product.md#lps; with --count too, both). --replace empties what is seeded first.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { invalidateCatalog } from "../app/server/companies/catalog.server";
import type { Db } from "../app/server/db/database.server";
import { queryRows } from "../app/server/db/query-rows.server";
import { DEFAULT_DEMO_COMPANY_COUNT, DEFAULT_DEMO_SEED } from "../app/server/demo-data/generate-companies";
import { DEFAULT_DEMO_LP_SEED } from "../app/server/demo-data/generate-lps";
import { deleteAllLps, seedLps, tidyLpsAfterBulkLoad } from "../app/server/demo-data/lp-seed.server";
import { bulkSeedCompanies, tidyAfterBulkLoad } from "../app/server/demo-data/seed.server";
import { refreshSimilarities } from "../app/server/similarity/similarity-refresh.server";
import { fail, withAppDatabase } from "./open-app-database";

const { values } = parseArgs({
  options: {
    count: { type: "string" },
    lps: { type: "string" },
    seed: { type: "string" },
    replace: { type: "boolean", default: false },
  },
});
// Companies unless only --lps was asked for: `db:seed` alone seeds companies, as it always did.
const seedsCompanies = values.count !== undefined || values.lps === undefined;
const count = Number(values.count ?? DEFAULT_DEMO_COMPANY_COUNT);
const lpCount = values.lps === undefined ? 0 : Number(values.lps);
const seed = values.seed === undefined ? undefined : Number(values.seed);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000)
  fail("--count must be a whole number from 1 to 1,000,000.");
if (values.lps !== undefined && (!Number.isInteger(lpCount) || lpCount < 1 || lpCount > 1_000_000))
  fail("--lps must be a whole number from 1 to 1,000,000.");
if (seed !== undefined && !Number.isInteger(seed)) fail("--seed must be a whole number.");

const format = (n: number) => n.toLocaleString("en-US");

async function isEmpty(db: Db, table: "companies" | "lps"): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 as one from ${sql.identifier(table)} limit 1`);
  return rows.length === 0;
}

// The database is closed (written to disk) before the success lines.
const lines = await withAppDatabase(async (database) => {
  const done: string[] = [];
  if (seedsCompanies && !values.replace && !(await isEmpty(database.db, "companies")))
    fail("The companies table is not empty. Run with --replace to delete every company and seed again.");
  if (lpCount > 0 && !values.replace && !(await isEmpty(database.db, "lps")))
    fail("The lps table is not empty. Run with --replace to delete every LP and seed again.");

  if (seedsCompanies) {
    let reported = 0;
    // Into an empty database the new tables' indexes are built after the rows (bulkSeedCompanies).
    const seeded = await bulkSeedCompanies(database.db, {
      count,
      seed: seed ?? DEFAULT_DEMO_SEED,
      replace: values.replace,
      onProgress(inserted) {
        if (inserted - reported >= 50_000 || inserted === count) {
          reported = inserted;
          process.stdout.write(`\r${format(inserted)} / ${format(count)} companies`);
        }
      },
    });
    await tidyAfterBulkLoad(database.db);
    invalidateCatalog();
    // docs/product.md#compare: the similar companies of the new data set.
    const similar = await refreshSimilarities(database.db);
    const rate = Math.round(seeded.inserted / (seeded.ms / 1000));
    done.push(
      `Seeded ${format(seeded.inserted)} companies in ${seeded.ms} ms (${rate} rows/s)` +
        (seeded.indexes.indexes > 0
          ? `, then built ${seeded.indexes.indexes} indexes in ${seeded.indexes.ms} ms`
          : "") +
        `; similar companies computed in ${(similar.ms / 1000).toFixed(1)} s.`,
    );
  }

  if (lpCount > 0) {
    if (seedsCompanies) process.stdout.write("\n");
    const seeded = await database.db.transaction(async (tx) => {
      if (values.replace) await deleteAllLps(tx);
      let reported = 0;
      return seedLps(tx, {
        count: lpCount,
        seed: seed ?? DEFAULT_DEMO_LP_SEED,
        onProgress(inserted) {
          if (inserted - reported >= 10_000 || inserted === lpCount) {
            reported = inserted;
            process.stdout.write(`\r${format(inserted)} / ${format(lpCount)} LPs`);
          }
        },
      });
    });
    const tidyStarted = performance.now();
    await tidyLpsAfterBulkLoad(database.db);
    const tidyMs = Math.round(performance.now() - tidyStarted);
    done.push(
      `Seeded ${format(seeded.inserted)} LPs with ${format(seeded.contacts)} contacts and ${format(seeded.commitments)} commitments in ${seeded.ms} ms (vacuum analyze ${tidyMs} ms).`,
    );
  }
  return done;
});
console.log(`\n${lines.join("\n")}`);
