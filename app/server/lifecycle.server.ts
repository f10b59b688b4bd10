import { scheduleAlerts } from "./alerts/alert-scheduler.server";
import {
  closeDatabase,
  type DatabaseRole,
  databaseStartupPhases,
  databaseWasSeededAtStart,
  getDatabase,
  getDb,
  type StartupPhases,
  type StartupStep,
  setDatabaseRole,
  setStartupProgress,
} from "./app-database.server";
import { scheduleEmailVerification } from "./email-status/verification-scheduler.server";
import { env, type ServerProcessPlan, serverProcessPlan } from "./env.server";
import { formDImportFolder } from "./formd/formd-import-folder.server";
import { scheduleFormDSyncFromConfig } from "./formd/formd-sync.server";
import { logger } from "./logger.server";
import { getMailer } from "./mail/mailer.server";
import { schedulePurges } from "./retention/purge.server";
import { startupNotes } from "./startup-notes.server";

let stopPurges: (() => void) | undefined;
let stopAlerts: (() => void) | undefined;
let stopFormDSync: (() => void) | undefined;
let stopEmailVerification: (() => void) | undefined;

/**
 * Called by server.mjs first: validates configuration (throws a ConfigError) and says how many processes
 * serve (WEB_CONCURRENCY; always 1 on PGlite) and each one's pool size.
 */
export function planServerProcesses(): ServerProcessPlan {
  return serverProcessPlan(env());
}

/**
 * Called by server.mjs before it listens (or, with several processes, before the primary forks its
 * workers): validates configuration, then opens the database. A single process and a cluster's primary
 * migrate and (when empty) seed it, so the first request never waits for that work and workers never race
 * it; a worker only opens its pool. The daily retention purge runs in the process that stays for the
 * server's whole life: the single process, or the primary (workers may be restarted, and there are N).
 */
export async function prepareApp(
  role: DatabaseRole = "single",
  /** Hears of each slow start-up step before it runs (server.mjs prints them under `npm start`). */
  onStep?: (step: StartupStep) => void,
): Promise<{
  port: number;
  host: string;
  appUrl: string;
  notes: string[];
  /** Test-only routes are on (server.mjs then names the serving process in a response header). */
  testRoutes: boolean;
  /** How long opening the database took, step by step (server.mjs prints them once it listens). */
  phases: StartupPhases | undefined;
}> {
  const config = env();
  setDatabaseRole(role);
  if (onStep) setStartupProgress(onStep);
  await getDatabase();
  // The privacy policy's retention periods, kept by the running server (daily).
  if (role !== "worker") stopPurges = schedulePurges(getDb);
  // docs/product.md#alerts: saved searches' digests, in the same long-lived process (the database keeps every digest to
  // one sending, whichever processes and machines run it).
  if (role !== "worker") stopAlerts = scheduleAlerts(getDb, getMailer, config.APP_URL);
  // decision 032: the addresses' freshness, when a verifier driver beyond the form check is configured.
  if (role !== "worker") stopEmailVerification = scheduleEmailVerification(getDb);
  // Decision 031 (4): Form D filings from EDGAR, daily, when FORMD_SYNC_DAILY asks for it (off by default).
  if (role !== "worker" && config.FORMD_SYNC_DAILY)
    stopFormDSync = scheduleFormDSyncFromConfig(
      config,
      formDImportFolder(async (work) => work(await getDb())),
    );
  const notes =
    role === "worker"
      ? []
      : [
          ...startupNotes(config, { isFirstStart: databaseWasSeededAtStart() }),
          ...serverProcessPlan(config).notes,
        ];
  return {
    port: config.PORT,
    host: config.HOST,
    appUrl: config.APP_URL,
    notes,
    testRoutes: config.ENABLE_TEST_ROUTES,
    phases: databaseStartupPhases(),
  };
}

/** Called on SIGTERM/SIGINT: PGlite must be closed or its files stay locked and the process hangs. */
export async function shutdownApp(): Promise<void> {
  stopPurges?.();
  stopAlerts?.();
  stopEmailVerification?.();
  stopFormDSync?.();
  await closeDatabase();
  logger.info("database closed");
}
