// docs/product.md#lps: the first start of an empty database seeds the demo LPs (LP_SEED_COUNT) beside the companies, and
// only then: a later start on the same data leaves them alone, and a database with companies but no LPs (made
// before the LP tables) gets them at its next start. Always on an embedded PGlite directory of its own, as a
// laptop's first `npm start` is (the app's start-up code reads its configuration from the environment).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "roundlist-lp-seed-"));

beforeAll(() => {
  vi.stubEnv("DATABASE_URL", "");
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("SEED_ON_EMPTY", "true");
  vi.stubEnv("SEED_COUNT", "30");
  vi.stubEnv("LP_SEED_COUNT", "400");
});

afterAll(async () => {
  const { closeDatabase } = await import("../app-database.server");
  await closeDatabase();
  vi.unstubAllEnvs();
  rmSync(dataDir, { recursive: true, force: true });
});

async function counts(db: Db): Promise<{ companies: number; lps: number; contacts: number }> {
  const [row] = await queryRows<{ companies: number; lps: number; contacts: number }>(
    db,
    sql`select (select count(*)::int from companies) as companies, (select count(*)::int from lps) as lps,
               (select count(*)::int from lp_contacts) as contacts`,
  );
  return row ?? { companies: -1, lps: -1, contacts: -1 };
}

/** Starts the app's database, waits for the background similarity refresh of a fresh seed, and closes it. */
async function start<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const { closeDatabase, getDb } = await import("../app-database.server");
  const db = await getDb();
  try {
    // The condition itself, polled (the database has no event to wait on): the refresh has written its state.
    await expect
      .poll(
        async () => {
          const [state] = await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from similarity_state`,
          );
          return state?.n ?? 0;
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBeGreaterThan(0);
    return await work(db);
  } finally {
    await closeDatabase();
  }
}

describe("seeding the demo LPs at start", () => {
  it("seeds them on the first start only, and again only when the lps table is empty", async () => {
    const first = await start(counts);
    expect(first.companies).toBe(30);
    expect(first.lps).toBe(400);
    expect(first.contacts).toBeGreaterThanOrEqual(400);

    expect(await start(counts)).toEqual(first);

    // A database from before docs/product.md#lps: companies, no LPs.
    await start((db) => db.execute(sql`truncate lps, lp_contacts, lp_commitments`));
    expect(await start(counts)).toEqual(first);
  });
});
