import { type ChildProcessWithoutNullStreams, execFile, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { formatLock, LOCK_FILE_NAME, parseLock } from "./data-dir-lock.server";
import { openDatabase } from "./database.server";

// Real processes on real directories: the lock is between processes, so it is tested between processes.
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const HOLDER = path.join(ROOT, "tests/fixtures/hold-data-dir.ts");
const run = promisify(execFile);
// Child processes start tsx and PGlite (initdb on a fresh directory): seconds each, more on a busy machine.

const cleanups: Array<() => void> = [];
afterEach(() => {
  // Newest first: a holder is killed before its directory is removed.
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function temporaryDataDir(): string {
  const parent = mkdtempSync(path.join(os.tmpdir(), "rl-lock-"));
  cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
  return path.join(parent, "data");
}

/** The environment of a child Roundlist process using the embedded database in dataDir. */
function childEnv(dataDir: string): NodeJS.ProcessEnv {
  return { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, LOG_LEVEL: "silent" };
}

interface Holder {
  pid: number;
  /** Ends the holder's stdin: it closes the database and exits; resolves with its exit code. */
  stop(): Promise<number | null>;
}

/** Starts tests/fixtures/hold-data-dir.ts and resolves once it prints that it holds the directory. */
async function startHolder(dataDir: string): Promise<Holder> {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ["--import", "tsx", HOLDER, dataDir],
    {
      cwd: ROOT,
      env: childEnv(dataDir),
    },
  );
  cleanups.push(() => child.kill("SIGKILL"));
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line === "locked") resolve();
    });
    void exited.then((code) => reject(new Error(`the holder exited (${code}) before locking: ${stderr}`)));
  });
  return {
    pid: child.pid ?? 0,
    stop() {
      child.stdin.end();
      return exited;
    },
  };
}

/** The pid of a process that has exited (and so names no live process). */
async function pidOfExitedProcess(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await new Promise((resolve) => child.once("exit", resolve));
  if (child.pid === undefined) throw new Error("no pid");
  return child.pid;
}

/** Runs a script as `npm run …` does (tsx), returning its exit code and output. */
async function runScript(dataDir: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", ...args], {
      cwd: ROOT,
      env: childEnv(dataDir),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function lockHolderOf(dataDir: string) {
  return parseLock(readFileSync(path.join(dataDir, LOCK_FILE_NAME), "utf8"));
}

describe("one process per embedded data directory", () => {
  it("refuses a second process while one holds the directory, and opens it once that one has closed", {
    timeout: 120_000,
  }, async () => {
    const dataDir = temporaryDataDir();
    const holder = await startHolder(dataDir);
    expect(lockHolderOf(dataDir)).toMatchObject({ pid: holder.pid, hostname: os.hostname() });

    const refused = openDatabase({ dataDir });
    await expect(refused).rejects.toThrow(
      `${dataDir} is in use by another Roundlist process (pid ${holder.pid} running hold-data-dir.ts, started `,
    );
    await expect(refused).rejects.toThrow(
      "Stop it first (npm start holds the database while it runs), or set DATABASE_URL to use a PostgreSQL server.",
    );
    // Refused without touching the holder's lock.
    expect(lockHolderOf(dataDir)?.pid).toBe(holder.pid);

    expect(await holder.stop()).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    const database = await openDatabase({ dataDir });
    try {
      await database.ping();
      expect(lockHolderOf(dataDir)?.pid).toBe(process.pid);
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it("makes npm run grant and npm run import refuse, non-zero, while the directory is held", {
    timeout: 120_000,
  }, async () => {
    const dataDir = temporaryDataDir();
    const csv = path.join(path.dirname(dataDir), "companies.csv");
    writeFileSync(csv, "Organization Name\nAcme\n");
    const holder = await startHolder(dataDir);
    const message = `${dataDir} is in use by another Roundlist process (pid ${holder.pid} running hold-data-dir.ts`;

    const grant = await runScript(dataDir, ["scripts/grant.ts", "some@x.example", "lifetime"]);
    expect(grant.code).toBe(1);
    expect(grant.stderr).toContain(message);
    expect(grant.stdout).not.toContain("Granted");

    const imported = await runScript(dataDir, ["scripts/import.ts", csv]);
    expect(imported.code).toBe(1);
    expect(imported.stderr).toContain(message);
    expect(imported.stdout).not.toContain("Inserted");

    expect(lockHolderOf(dataDir)?.pid).toBe(holder.pid);
    expect(await holder.stop()).toBe(0);
  });

  it("reports a script's success only after it has closed the database and released the directory", {
    timeout: 120_000,
  }, async () => {
    const dataDir = temporaryDataDir();
    const migrated = await runScript(dataDir, ["scripts/db-migrate.ts"]);
    expect(migrated).toMatchObject({ code: 0, stdout: "Migrations applied (pglite).\n" });
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    // Closed: PostgreSQL's own pid file is gone too.
    expect(existsSync(path.join(dataDir, "postmaster.pid"))).toBe(false);
  });

  it("takes over a lock whose process is gone, with a log line", async () => {
    const dataDir = temporaryDataDir();
    const deadPid = await pidOfExitedProcess();
    mkdirSync(dataDir, { recursive: true });
    const stale = { pid: deadPid, hostname: os.hostname(), startedAt: new Date().toISOString() };
    writeFileSync(path.join(dataDir, LOCK_FILE_NAME), formatLock({ ...stale, command: "server.mjs" }));
    const warnings: string[] = [];

    const database = await openDatabase({
      dataDir,
      onStaleLockTakenOver: (message) => warnings.push(message),
    });
    try {
      expect(lockHolderOf(dataDir)?.pid).toBe(process.pid);
      expect(warnings).toEqual([
        expect.stringContaining(`${dataDir}: took over the lock of a process that is gone (pid ${deadPid} `),
      ]);
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it("refuses a second open in the same process; in-memory databases take no lock", async () => {
    const dataDir = temporaryDataDir();
    const database = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(`${dataDir} is already open in this process`);
      const inMemory = await openDatabase({ dataDir: "memory://" });
      await inMemory.close();
      expect(existsSync(path.join(ROOT, "memory:"))).toBe(false);
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });
});
