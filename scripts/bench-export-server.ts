// The server half of `npm run bench:export -- --server`: starts the production server (`node server.mjs`
// with the V8 flags `npm start` uses; build first) on the benchmark's database, signs in an admin through the real auth endpoints (confirming
// the address from the dev mailbox), downloads the whole export over HTTP as a browser would (compressed),
// and reports rows/s plus the *server process's* RSS, sampled from /proc every 20 ms, and its high-water mark.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { serverEnv, serverNodeArgs } from "../server/node-args.mjs";
import { authPost, sessionCookieOf } from "./bench-auth.mjs";
import { waitForServer } from "./wait-for-server.mjs";

const PORT = 3197;
export const ORIGIN = `http://127.0.0.1:${PORT}`;
const EMAIL = "bench-export@roundlist.test";
const PASSWORD = "bench-export-violet-42";
const MB = 1024 * 1024;

export interface ServerBenchOptions {
  url: string | undefined;
  dataDir: string | undefined;
  rows: number;
  runs: number;
}

/** VmRSS and VmHWM of a process, in bytes (Linux). */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: field("VmRSS"), hwm: field("VmHWM") };
}

export function startServer(options: ServerBenchOptions): ChildProcess {
  const server = spawn(process.execPath, [...serverNodeArgs(), "server.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...serverEnv(),
      NODE_ENV: "production",
      APP_ENV: "development", // the dev mailbox holds the confirmation mail
      PORT: String(PORT),
      HOST: "127.0.0.1",
      APP_URL: ORIGIN,
      DATABASE_URL: options.url ?? "",
      ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
      SEED_ON_EMPTY: "false",
      // One server process: its memory is what this benchmark reports (several are bench:load's subject).
      WEB_CONCURRENCY: "1",
      SMTP_URL: "",
      ADMIN_EMAILS: EMAIL,
      LOG_LEVEL: "warn",
    },
  });
  return server;
}

/** Signs in the benchmark admin, creating and confirming the account on a first run. */
export async function signIn(): Promise<string> {
  const existing = sessionCookieOf(
    await authPost(ORIGIN, "/sign-in/email", { email: EMAIL, password: PASSWORD }),
  );
  if (existing) return existing;

  const signUp = await authPost(ORIGIN, "/sign-up/email", {
    email: EMAIL,
    password: PASSWORD,
    name: "Bench Export",
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const mailbox = await (await fetch(`${ORIGIN}/dev/mailbox`)).text();
  const messagePath = /href="(\/dev\/mailbox\/\d+)"/.exec(mailbox)?.[1];
  if (!messagePath) throw new Error("no confirmation mail in the dev mailbox");
  const message = await (await fetch(`${ORIGIN}${messagePath}`)).text();
  const link = /(\/api\/auth\/verify-email\?token=[^"&<\s]+(?:&amp;[^"<\s]+)?)/.exec(message)?.[1];
  if (!link) throw new Error("no confirmation link in the mail");
  const verified = await fetch(`${ORIGIN}${link.replaceAll("&amp;", "&")}`, { redirect: "manual" });
  const cookie = sessionCookieOf(verified);
  if (!cookie) throw new Error(`confirming the address gave no session (${verified.status})`);
  return cookie;
}

async function measure(pid: number, cookie: string, rows: number, run: number): Promise<void> {
  const before = memoryOf(pid);
  let peak = before.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss);
  }, 20);
  const started = performance.now();
  const response = await fetch(`${ORIGIN}/api/export-csv`, {
    headers: { cookie, "accept-encoding": "gzip, deflate, br" },
  });
  if (response.status !== 200 || !response.body) {
    clearInterval(sampler);
    throw new Error(`export answered ${response.status}: ${await response.text()}`);
  }
  let bytes = 0;
  let newlines = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) newlines += 1;
  }
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = memoryOf(pid);
  peak = Math.max(peak, after.rss);
  // Newlines inside quoted cells would inflate this; the demo data has none, and the header row is one line.
  const dataRows = newlines - 1;
  if (dataRows !== rows) throw new Error(`the file held ${dataRows} rows, not ${rows}`);
  console.log(
    [
      `run ${run} over HTTP (${response.headers.get("content-encoding") ?? "identity"}): ${dataRows.toLocaleString("en-US")} rows, ${(bytes / MB).toFixed(1)} MB in ${elapsed.toFixed(2)} s, ${Math.round(dataRows / elapsed).toLocaleString("en-US")} rows/s`,
      `  server RSS ${(before.rss / MB).toFixed(1)} MB before, peak ${(peak / MB).toFixed(1)} MB; server high-water mark since start ${(after.hwm / MB).toFixed(1)} MB`,
    ].join("\n"),
  );
}

export async function benchExportThroughServer(options: ServerBenchOptions): Promise<void> {
  const server = startServer(options);
  try {
    await waitForServer(server, ORIGIN);
    const cookie = await signIn();
    const pid = server.pid;
    if (pid === undefined) throw new Error("the server has no pid");
    console.log(`\nExport of ${options.rows.toLocaleString("en-US")} companies through node server.mjs`);
    for (let run = 1; run <= options.runs; run += 1) await measure(pid, cookie, options.rows, run);
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
}
