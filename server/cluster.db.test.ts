// Several server processes (WEB_CONCURRENCY, decision 012): `node server.mjs` on the production build, on a
// fresh PostgreSQL database of its own, with WEB_CONCURRENCY=2. The primary migrates and seeds once, then two
// worker processes serve the port; a worker that dies is replaced; a SIGTERM lets a request in flight finish
// and stops every process within a few seconds.
//
// Which process answered is read from X-Server-Pid, a header server.mjs sets only with ENABLE_TEST_ROUTES
// (never in production). Several processes need a PostgreSQL server (PGlite is single-process): this runs
// when the db project runs with DATABASE_URL, as CI's second database run does, and needs the production
// build (CI builds before that run); without one it is skipped with that reason.
import { type ChildProcess, spawn } from "node:child_process";
import { EventEmitter } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { serverEnv, serverNodeArgs } from "./node-args.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const SERVER_BUILD = path.join(ROOT, "build/server/index.js");
const DATABASE_URL = process.env.DATABASE_URL;
const SEED_COUNT = 120;
const START_TIMEOUT_MS = 90_000;
/** "Within a few seconds": the processes have nothing to wait for once the request below is answered. */
const STOP_WITHIN_MS = 5_000;

const database = `roundlist_cluster_${process.pid}_${Date.now()}`;
let admin: pg.Client | undefined;
let server: ChildProcess | undefined;
const seenPids = new Set<number>();
const output = { stdout: [] as string[], stderr: [] as string[] };
const events = new EventEmitter();

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGKILL");
    await exited;
  }
  for (const pid of seenPids) if (isRunning(pid)) process.kill(pid, "SIGKILL");
  if (admin) {
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.end();
  }
}, 60_000);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function collectLines(stream: NodeJS.ReadableStream | null, into: string[]) {
  let rest = "";
  stream?.setEncoding("utf8");
  stream?.on("data", (chunk: string) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) {
      into.push(line);
      events.emit("line", line);
    }
  });
}

async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  ms: number,
  what: string,
  { serverRunning = true } = {},
) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (serverRunning && server?.exitCode !== null) {
      throw new Error(`the server exited while waiting for ${what}:\n${output.stderr.slice(-30).join("\n")}`);
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * A GET on a connection of its own (a kept-alive one would stay with one process): the answering pid. A
 * connection the primary hands to a worker just as it is killed is never answered (node:cluster), hence
 * the timeout.
 */
function pidAnswering(origin: string, pathname = "/healthz"): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}${pathname}`, { agent: false }, (response) => {
      response.resume();
      response.on("end", () => {
        if (response.statusCode !== 200) reject(new Error(`${pathname} answered ${response.statusCode}`));
        else resolve(Number(response.headers["x-server-pid"]));
      });
    });
    request.setTimeout(3_000, () => request.destroy(new Error(`${pathname}: no answer within 3 s`)));
    request.on("error", reject);
  });
}

async function pidsAnswering(origin: string, requests = 16): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let index = 0; index < requests; index += 1) pids.add(await pidAnswering(origin));
  for (const pid of pids) seenPids.add(pid);
  return pids;
}

/** pidsAnswering, or none while a request fails (a worker being replaced). */
const pidsAnsweringNow = (origin: string, requests: number) =>
  pidsAnswering(origin, requests).catch(() => new Set<number>());

/** The parent of a process (Linux /proc), or undefined where there is no /proc. */
function parentOf(pid: number): number | undefined {
  if (!existsSync("/proc")) return undefined;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

const logLines = () =>
  output.stdout.flatMap((line) => {
    try {
      return [JSON.parse(line) as { level?: number; msg?: string; pid?: number }];
    } catch {
      return [];
    }
  });

describe("the server with WEB_CONCURRENCY=2 on a PostgreSQL server", () => {
  it.skipIf(!DATABASE_URL)(
    "prepares the database once, serves from two worker processes, replaces one that dies, and stops on SIGTERM after finishing a request in flight",
    async (context) => {
      context.skip(
        !existsSync(SERVER_BUILD),
        `no production build at ${SERVER_BUILD}: run npm run build first`,
      );
      admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      await admin.query(`create database "${database}"`);
      const url = new URL(DATABASE_URL as string);
      url.pathname = `/${database}`;

      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      server = spawn(process.execPath, [...serverNodeArgs(), "server.mjs"], {
        cwd: ROOT,
        env: serverEnv({
          ...process.env,
          NODE_ENV: "production",
          APP_ENV: "test",
          DATABASE_URL: url.toString(),
          WEB_CONCURRENCY: "2",
          PORT: String(port),
          HOST: "127.0.0.1",
          APP_URL: origin,
          SEED_ON_EMPTY: "true",
          SEED_COUNT: String(SEED_COUNT),
          ENABLE_TEST_ROUTES: "true",
          LOG_LEVEL: "info",
        }),
        stdio: ["ignore", "pipe", "pipe"],
      });
      const primary = server.pid as number;
      collectLines(server.stdout, output.stdout);
      collectLines(server.stderr, output.stderr);
      await waitUntil(
        () => output.stdout.some((line) => line.includes("is listening on")),
        START_TIMEOUT_MS,
        "the server to listen",
      );
      expect(output.stdout).toContain(`Roundlist is listening on http://localhost:${port} (2 processes)`);

      // Two processes answer, both children of the primary (which serves nothing itself).
      const workers = await pidsAnswering(origin);
      expect(workers.size).toBe(2);
      expect(workers.has(primary)).toBe(false);
      for (const pid of workers) {
        const parent = parentOf(pid);
        if (parent !== undefined) expect(parent).toBe(primary);
      }

      // The primary migrated and seeded once, before the workers started; they only opened their pools.
      const messages = logLines().map((line) => line.msg);
      expect(messages.filter((msg) => msg === "database opened and migrated")).toHaveLength(1);
      expect(messages.filter((msg) => msg?.startsWith("seeded the demo data set"))).toHaveLength(1);
      const counted = new pg.Client({ connectionString: url.toString() });
      await counted.connect();
      const companies = await counted.query<{ n: number }>("select count(*)::int as n from companies");
      await counted.end();
      expect(companies.rows[0]?.n).toBe(SEED_COUNT);

      // A worker that dies is replaced by a new process.
      const [victim] = [...workers];
      process.kill(victim as number, "SIGKILL");
      await waitUntil(
        async () => [...(await pidsAnsweringNow(origin, 4))].some((pid) => !workers.has(pid)),
        15_000,
        "a new worker to answer",
      );
      await waitUntil(
        async () => {
          const now = await pidsAnsweringNow(origin, 8);
          return now.size === 2 && !now.has(victim as number);
        },
        15_000,
        "two workers again",
      );
      expect(
        logLines().some((line) => line.msg?.includes("exited unexpectedly") && line.pid === victim),
      ).toBe(true);
      const serving = await pidsAnswering(origin);

      // A request in flight when SIGTERM comes (its body half sent) is answered, with the database still open.
      const body = new URLSearchParams({
        name: "Cluster Test",
        email: "cluster@roundlist.example",
        message: "Sent while the server stops.",
      }).toString();
      // Expect: 100-continue makes the worker that takes the connection say so (Node answers "100 Continue"
      // as it hands the request to the app): the request is then in a worker's hands, not the primary's.
      let inWorker: () => void = () => {};
      const handedToWorker = new Promise<void>((resolve) => {
        inWorker = resolve;
      });
      const answer = new Promise<number>((resolve, reject) => {
        const request = http.request(`${origin}/contact`, {
          method: "POST",
          agent: false,
          headers: {
            origin,
            "content-type": "application/x-www-form-urlencoded",
            "content-length": Buffer.byteLength(body),
            expect: "100-continue",
          },
        });
        request.on("continue", () => inWorker());
        request.on("response", (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        });
        request.on("error", reject);
        request.write(body.slice(0, 10));
        events.once("send-rest", () => request.end(body.slice(10)));
      });
      await handedToWorker;
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        server?.once("exit", (code, signal) => resolve({ code, signal })),
      );
      const stoppedAt = performance.now();
      server.kill("SIGTERM");
      // The rest of the body goes once every worker has the SIGTERM (each says so as it starts closing).
      await waitUntil(
        () => [...serving].every((pid) => output.stdout.includes(`SIGTERM: closing server process ${pid}`)),
        STOP_WITHIN_MS,
        "the workers to start closing",
      );
      events.emit("send-rest");
      const status = await answer;
      const { code, signal } = await exited;
      const stopMs = performance.now() - stoppedAt;

      expect(status).toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(500);
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      expect(stopMs).toBeLessThan(STOP_WITHIN_MS);
      await waitUntil(() => ![...serving].some(isRunning), 2_000, "the workers to be gone", {
        serverRunning: false,
      });
      expect(output.stderr.filter((line) => line.trim() !== "")).toEqual([]);
    },
    240_000,
  );
});
