import { backfillRoundsAndPeople } from "./companies/rounds-backfill.server";
import { countCompanies } from "./companies/stats.server";
import { type Database, type Db, openDatabase } from "./db/database.server";
import { restoreDeferredIndexes } from "./db/deferred-indexes.server";
import { seedLpsIfEmpty } from "./demo-data/lp-seed.server";
import { seedIfEmpty } from "./demo-data/seed.server";
import { backfillAddressStatuses } from "./email-status/status-backfill.server";
import { env, serverProcessPlan } from "./env.server";
import { logger } from "./logger.server";
import { lpIndexOf } from "./lps/lp-catalog.server";
import {
  hasSimilarities,
  IN_SERVER_REFRESH_LIMIT,
  refreshSimilarities,
} from "./similarity/similarity-refresh.server";

/**
 * What this process does with the database when it opens it:
 * - "single": the one server process (and `react-router dev`): migrates, seeds an empty database, computes
 *   missing similar companies in the background, and serves;
 * - "primary": the node:cluster primary of several server processes: migrates, seeds and computes missing
 *   similar companies (awaited, before any worker starts) with a small pool, and never serves;
 * - "worker": a server process forked by the primary once that work is done: only opens its pool.
 */
export type DatabaseRole = "single" | "primary" | "worker";

/** The primary's pool: the migration holds one connection for its lock while the migrator uses another. */
const PRIMARY_POOL_SIZE = 2;

let databasePromise: Promise<Database> | undefined;
let wasSeededAtStart = false;
let role: DatabaseRole = "single";

/** Sets this process's role (server.mjs, through prepareApp, before the database is first opened). */
export function setDatabaseRole(next: DatabaseRole): void {
  if (databasePromise && next !== role) throw new Error(`the database is already open as ${role}`);
  role = next;
}

/**
 * The app's one database: opened, migrated and (on an empty database, outside production) seeded
 * with the demo data set on first use (a cluster's workers only open it: the primary did the rest).
 * Every later call gets the same instance.
 */
export function getDatabase(): Promise<Database> {
  databasePromise ??= startDatabase().catch((error: unknown) => {
    // Let a later call try again rather than caching the failure forever.
    databasePromise = undefined;
    throw error;
  });
  return databasePromise;
}

/** Shorthand for loaders and services: the Drizzle handle of the app's database. */
export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/**
 * How long each step of opening the app's database took at start-up, in ms (server.mjs prints them once it
 * listens, decision 023): open (PGlite loads its files / the pool is made), migrate (applying or checking
 * the migrations), seed check (finding the tables non-empty, or seeding them), similarity (finding whether
 * the similar companies exist; computing them is background work in a serving process).
 */
export interface StartupPhases {
  open: number;
  migrate?: number;
  seedCheck?: number;
  similarity?: number;
}

let startupPhases: StartupPhases | undefined;

/** A slow step of start-up, announced before it runs (decision 024: `npm start` says what it is doing). */
export type StartupStep =
  | { step: "open" }
  | { step: "seed"; companies: number }
  | { step: "seed-lps"; lps: number };

let reportStep: (step: StartupStep) => void = () => {};

/** Who hears of each slow step (server.mjs prints them when `npm start` runs it; nobody otherwise). */
export function setStartupProgress(report: (step: StartupStep) => void): void {
  reportStep = report;
}

/** The phases of this process's database start-up, once it is done (undefined before). */
export function databaseStartupPhases(): StartupPhases | undefined {
  return startupPhases;
}

async function startDatabase(): Promise<Database> {
  const config = env();
  const started = performance.now();
  let lap = started;
  const elapsed = () => {
    const now = performance.now();
    const ms = Math.round(now - lap);
    lap = now;
    return ms;
  };
  reportStep({ step: "open" });
  // An embedded data directory is locked from here until close(): another process opening it is refused.
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    maxConnections: role === "primary" ? PRIMARY_POOL_SIZE : serverProcessPlan(config).poolSize,
    onStaleLockTakenOver: (message) => logger.warn(message),
  });
  const phases: StartupPhases = { open: elapsed() };
  // The primary migrated and seeded before forking this worker; the pool connects on its first query.
  if (role === "worker") {
    warmLpIndex(database.db);
    startupPhases = phases;
    return database;
  }
  try {
    await database.migrate();
    // Indexes a first load set aside and never built back (it died half-way): built now (decision 020).
    const restored = await restoreDeferredIndexes(database.db);
    if (restored.indexes > 0)
      logger.warn(restored, "built the indexes an interrupted first load had set aside");
    phases.migrate = elapsed();
    logger.info(
      { kind: database.kind, ms: Math.round(performance.now() - started) },
      "database opened and migrated",
    );
    if (config.SEED_ON_EMPTY) {
      const seeded = await seedIfEmpty(database.db, {
        count: config.SEED_COUNT,
        onStart: (companies) => reportStep({ step: "seed", companies }),
      });
      if (seeded) logger.info(seeded, "seeded the demo data set into an empty database");
      wasSeededAtStart = seeded !== null;
      // docs/product.md#lps: the demo LPs, on their own emptiness, so a database made before the LP tables gets them too.
      if (config.LP_SEED_COUNT > 0) {
        const seededLps = await seedLpsIfEmpty(database.db, {
          count: config.LP_SEED_COUNT,
          onStart: (lps) => reportStep({ step: "seed-lps", lps }),
        });
        if (seededLps) logger.info(seededLps, "seeded the demo LP set into an empty lps table");
      }
      phases.seedCheck = elapsed();
    }
    // decision 030: companies stored before rounds and people existed get them once; pages read the same
    // fields meanwhile. In the background in a serving process, before the workers start in a primary.
    if (role === "primary") await backfillRoundsOnce(database.db);
    else void backfillRoundsOnce(database.db);
    // One serving process computes them in the background (pages fall back meanwhile); a primary, which
    // serves nothing, before its workers start, so no worker ever starts a second refresh.
    if (role === "primary") {
      await refreshSimilaritiesIfMissing(database.db);
      phases.similarity = elapsed();
    } else {
      const missing = await similaritiesMissing(database.db);
      phases.similarity = elapsed();
      if (missing) void refreshSimilaritiesIfMissing(database.db);
      warmLpIndex(database.db);
    }
  } catch (error) {
    // Closed (and its lock released) so that a later getDatabase() can open it again.
    await database.close().catch(() => {});
    throw error;
  }
  startupPhases = phases;
  return database;
}

/** Whether the similar companies were never computed (a failure to tell is logged, and starts nothing). */
async function similaritiesMissing(db: Db): Promise<boolean> {
  try {
    return !(await hasSimilarities(db));
  } catch (error) {
    logger.error({ err: error }, "computing the similar companies failed");
    return false;
  }
}

/**
 * docs/product.md#lps: a serving process loads its LP index (decision 015) in the background as it starts, so the
 * first /lps visit does not wait for it (decision 015 says how long it takes).
 */
function warmLpIndex(db: Db): void {
  lpIndexOf(db).catch((error: unknown) => logger.warn({ err: error }, "loading the LP index failed"));
}

/**
 * docs/product.md#compare: a database whose similar companies were never computed (just seeded, or older than migration
 * 0012) gets them in the background, when it is small enough for the server's memory; pages use the
 * indexed fallback meanwhile. A larger one is named in the log with the command to run.
 */
async function refreshSimilaritiesIfMissing(db: Db): Promise<void> {
  try {
    if (await hasSimilarities(db)) return;
    const companies = await countCompanies(db);
    if (companies === 0) return;
    if (companies > IN_SERVER_REFRESH_LIMIT) {
      logger.warn(
        { companies },
        "similar companies were never computed for this database: run `npm run similarity:refresh`",
      );
      return;
    }
    const result = await refreshSimilarities(db);
    logger.info(result, "computed the similar companies");
  } catch (error) {
    logger.error({ err: error }, "computing the similar companies failed");
  }
}

/**
 * decision 030: the rounds and people backfill, then decision 032's address statuses, each once per database;
 * a failure is logged and tried at the next start.
 */
async function backfillRoundsOnce(db: Db): Promise<void> {
  try {
    const result = await backfillRoundsAndPeople(db);
    if (result && result.companies > 0)
      logger.info(result, "gave the stored companies their rounds and people");
  } catch (error) {
    logger.error({ err: error }, "giving the stored companies their rounds and people failed");
    return;
  }
  // decision 032: then the stored addresses (the people's, the backfill's included) their form's status.
  try {
    const recorded = await backfillAddressStatuses(db);
    if (recorded) logger.info({ addresses: recorded }, "gave the stored addresses a status");
  } catch (error) {
    logger.error({ err: error }, "giving the stored addresses a status failed");
  }
}

/** Whether this process found the database empty and seeded the demo data (a first start). */
export function databaseWasSeededAtStart(): boolean {
  return wasSeededAtStart;
}

/** Closes the database if it was opened (shutdown). */
export async function closeDatabase(): Promise<void> {
  const pending = databasePromise;
  databasePromise = undefined;
  if (!pending) return;
  const database = await pending.catch(() => undefined);
  await database?.close();
}
