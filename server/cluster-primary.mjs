// The primary process of a server with several processes (WEB_CONCURRENCY > 1 on a PostgreSQL server;
// decision 012). server.mjs has already prepared the database here (migrations, the seed of an empty
// database, a missing similarity refresh) before this forks the workers, so they never race that work. The
// workers serve and share the port (node:cluster hands each new connection to one of them in turn); the
// primary serves nothing. A worker that dies is forked again, after a back-off when it keeps dying young;
// SIGTERM/SIGINT stop every worker gracefully (each finishes its in-flight requests and closes its pool),
// then the primary closes its own database handle and exits.
import cluster from "node:cluster";

/** A worker that dies within this long of its start counts as a crash loop's death. */
export const QUICK_DEATH_MS = 30_000;
export const FIRST_RESTART_DELAY_MS = 250;
export const MAX_RESTART_DELAY_MS = 30_000;
/** Workers force their own exit 10 s after a SIGTERM (server.mjs); this is the primary's last resort. */
const STOP_TIMEOUT_MS = 15_000;

/**
 * How long to wait before forking a worker again, after `quickDeaths` deaths in a row of that slot's worker
 * within QUICK_DEATH_MS of its start (this one included): none after a long life, then 250 ms, 0.5 s, 1 s,
 * ... doubling up to 30 s.
 * @param {number} quickDeaths
 */
export function restartDelayMs(quickDeaths) {
  if (quickDeaths <= 0) return 0;
  return Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** Math.min(quickDeaths - 1, 20));
}

/**
 * @param {{
 *   processes: number,
 *   port: number,
 *   notes?: string[],
 *   logger: { info: Function, warn: Function, error: Function },
 *   shutdown: () => Promise<void>,
 *   startupLine?: () => string,
 * }} options
 */
export function runPrimary({ processes, port, notes = [], logger, shutdown, startupLine }) {
  /** @type {Map<number, number>} worker id -> slot */
  const slotOf = new Map();
  const quickDeaths = Array.from({ length: processes }, () => 0);
  /** @type {Set<NodeJS.Timeout>} */
  const pendingRestarts = new Set();
  let listening = 0;
  let started = false;
  let stopping = false;

  function fork(slot) {
    const worker = cluster.fork();
    const startedAt = Date.now();
    slotOf.set(worker.id, slot);
    let listened = false;
    worker.once("listening", () => {
      listened = true;
      if (started) {
        logger.info({ pid: worker.process.pid, slot: slot + 1 }, "a restarted server process is listening");
        return;
      }
      listening += 1;
      if (listening < processes) return;
      started = true;
      console.log(`Roundlist is listening on http://localhost:${port} (${processes} processes)`);
      if (startupLine) console.log(`  ${startupLine()}`);
      for (const note of notes) console.log(`  ${note}`);
    });
    worker.once("exit", (code, signal) => {
      slotOf.delete(worker.id);
      if (stopping) return;
      if (!started && !listened) {
        // Before the server ever listened: a port in use, a broken build. Forking again would fail the same way.
        console.error(
          `A server process exited before it could listen (${signal ?? `exit code ${code}`}): stopping.`,
        );
        void stop("start-up failure", 1);
        return;
      }
      quickDeaths[slot] = Date.now() - startedAt < QUICK_DEATH_MS ? quickDeaths[slot] + 1 : 0;
      const delayMs = restartDelayMs(quickDeaths[slot]);
      logger.error(
        { pid: worker.process.pid, slot: slot + 1, code, signal, restartInMs: delayMs },
        "a server process exited unexpectedly: starting another",
      );
      const timer = setTimeout(() => {
        pendingRestarts.delete(timer);
        if (!stopping) fork(slot);
      }, delayMs);
      pendingRestarts.add(timer);
    });
  }

  /**
   * @param {string} reason
   * @param {number} exitCode
   */
  async function stop(reason, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    console.log(`${reason}: stopping ${processes} server processes`);
    for (const timer of pendingRestarts) clearTimeout(timer);
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker && !worker.isDead());
    const exited = Promise.all(
      workers.map((worker) => new Promise((resolve) => worker?.process.once("exit", resolve))),
    );
    // Each worker's own SIGTERM handler closes its HTTP server, waits for in-flight requests, closes its pool.
    for (const worker of workers) worker?.process.kill("SIGTERM");
    const forced = setTimeout(() => {
      for (const worker of workers) if (worker && !worker.isDead()) worker.process.kill("SIGKILL");
    }, STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(forced);
    await shutdown().catch((error) => logger.error({ err: error }, "shutdown failed"));
    process.exit(exitCode);
  }

  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  for (let slot = 0; slot < processes; slot += 1) fork(slot);
}
