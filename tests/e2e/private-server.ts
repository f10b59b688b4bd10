import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { serverEnv, serverNodeArgs } from "../../server/node-args.mjs";
import { E2E_ADMIN_EMAIL } from "./e2e-config";

/**
 * A server of a spec's own (`node server.mjs` on the production build, its own port and PGlite directory),
 * for runs that would disturb the shared e2e server: one that changes the data other specs count on
 * (do-not-sell), or sends thousands of requests that its per-IP limits would hold against the other specs
 * (the fuzz tests). Started with the shared server's settings; `env` overrides or adds variables.
 */
export interface PrivateServerOptions {
  port: number;
  /** Companies seeded into its empty database. */
  seedCount: number;
  /** Prefix of its temporary data directory. */
  name: string;
  /** A directory made beforehand (a spec imported data into its `db/` first); default: a new one. */
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
}

export interface PrivateServer {
  url: string;
  /** Its temporary directory: the database lives in `db/` inside; removed by remove(). */
  dataDir: string;
  /** The environment it runs with (scripts run against its database use the same). */
  env: NodeJS.ProcessEnv;
  /** SIGTERM, then waits for the exit (the database is closed and its lock released). */
  stop(): Promise<void>;
  /** stop(), then deletes its data directory. */
  remove(): Promise<void>;
}

/** A new temporary directory for a private server (its database goes in `db/` inside). */
export function privateDataDir(name: string): string {
  return mkdtempSync(path.join(tmpdir(), `rl-e2e-${name}-`));
}

export async function startPrivateServer(options: PrivateServerOptions): Promise<PrivateServer> {
  const url = `http://127.0.0.1:${options.port}`;
  const dataDir = options.dataDir ?? privateDataDir(options.name);
  const env: NodeJS.ProcessEnv = serverEnv({
    ...process.env,
    PORT: String(options.port),
    HOST: "127.0.0.1",
    APP_ENV: "test",
    APP_URL: url,
    DATA_DIR: path.join(dataDir, "db"),
    DATABASE_URL: "",
    SEED_ON_EMPTY: "true",
    SEED_COUNT: String(options.seedCount),
    ADMIN_EMAILS: E2E_ADMIN_EMAIL,
    AUTH_SECRET: "e2e-private-server-secret-0123456789abcdef",
    AUTH_RATE_LIMIT_MAX: "1000",
    ENABLE_TEST_ROUTES: "true",
    LOG_LEVEL: "warn",
    ...options.env,
  });
  const child: ChildProcess = spawn("node", [...serverNodeArgs(), "server.mjs"], {
    env,
    stdio: ["ignore", "pipe", "ignore"],
  });
  let exited = false;
  // Ready when it says it listens (server.mjs prints that line once its port is open): a condition, not a
  // poll. The output is read to its end, so a full pipe never stalls the server.
  let announce: () => void = () => {};
  const listening = new Promise<void>((resolve) => {
    announce = resolve;
  });
  let pending = "";
  child.stdout?.setEncoding("utf8");
  child.stdout?.on("data", (chunk: string) => {
    pending = (pending + chunk).slice(-4_096);
    if (pending.includes("Roundlist is listening on")) announce();
  });
  const exit = new Promise<void>((resolve) => {
    child.on("exit", () => {
      exited = true;
      resolve();
    });
  });
  async function stop(): Promise<void> {
    if (exited) return;
    const done = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await done;
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), 120_000);
  });
  const outcome = await Promise.race([listening.then(() => "listening" as const), exit, timeout]);
  clearTimeout(timer);
  if (outcome !== "listening" || exited) {
    await stop();
    throw new Error(
      exited
        ? `the private server (${options.name}) exited while starting`
        : `the private server (${options.name}) did not start`,
    );
  }
  const health = await fetch(`${url}/healthz`);
  if (!health.ok) {
    await stop();
    throw new Error(`the private server (${options.name}) listens but /healthz answered ${health.status}`);
  }
  return {
    url,
    dataDir,
    env,
    stop,
    async remove() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
