// One writer per embedded database. PGlite does not lock its data directory: a second process opening it
// (the app server and `npm run grant`, say) reads and writes beside the first, and whichever closes last
// overwrites the other's changes. Every open of a PGlite directory (openDatabase) takes this lock first.
//
// The lock is a file inside the data directory (PGlite ignores files it does not know, before and after
// initdb), created with O_EXCL, holding the holder's pid, hostname and start time. It is removed on close()
// and, best effort, when the process exits. A lock whose process is gone (same host, no such pid) is
// stale and taken over; one from another host cannot be checked and is respected.
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

export const LOCK_FILE_NAME = "roundlist.lock";

export interface LockHolder {
  pid: number;
  hostname: string;
  /** ISO time the lock was taken. */
  startedAt: string;
  /** The holder's script (server.mjs, grant.ts, …), to tell the user what to stop. */
  command?: string | undefined;
}

export type LockVerdict =
  | { kind: "live"; holder: LockHolder }
  | { kind: "stale"; holder: LockHolder }
  /** Held from another host: its pid cannot be checked from here, so it counts as live. */
  | { kind: "foreign"; holder: LockHolder }
  /** Not a lock this app wrote (or one being written this very moment): counts as live. */
  | { kind: "unreadable" };

export interface LockObserver {
  pid: number;
  hostname: string;
  isAlive(pid: number): boolean;
}

export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
}

export function formatLock(holder: LockHolder): string {
  return `${JSON.stringify(holder)}\n`;
}

/** The holder named by a lock file's text, or undefined when the text is not a lock this app wrote. */
export function parseLock(text: string): LockHolder | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { pid, hostname, startedAt, command } = value as Record<string, unknown>;
  if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0) return undefined;
  if (typeof hostname !== "string" || hostname === "") return undefined;
  if (typeof startedAt !== "string" || Number.isNaN(Date.parse(startedAt))) return undefined;
  return { pid, hostname, startedAt, command: typeof command === "string" ? command : undefined };
}

/**
 * Live or stale. The caller has already checked its own locks, so a lock naming the observer's own pid was
 * left by an earlier process that had the same pid (containers give their processes the same low pids at
 * every start): stale.
 */
export function judgeLock(holder: LockHolder | undefined, here: LockObserver): LockVerdict {
  if (holder === undefined) return { kind: "unreadable" };
  if (holder.hostname !== here.hostname) return { kind: "foreign", holder };
  if (holder.pid === here.pid) return { kind: "stale", holder };
  return here.isAlive(holder.pid) ? { kind: "live", holder } : { kind: "stale", holder };
}

/** Signal 0 tests for a process: ESRCH means there is none; EPERM means there is one, not ours to signal. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

const USE_A_SERVER = "or set DATABASE_URL to use a PostgreSQL server.";

/** What to tell the user when the lock is held (any verdict but stale). */
export function refusalMessage(dataDir: string, verdict: LockVerdict, lockPath: string): string {
  switch (verdict.kind) {
    case "live":
      return (
        `${dataDir} is in use by another Roundlist process (${describeHolder(verdict.holder)}). ` +
        `Stop it first (npm start holds the database while it runs), ${USE_A_SERVER}`
      );
    case "foreign":
      return (
        `${dataDir} is in use by a Roundlist process on host ${verdict.holder.hostname} ` +
        `(${describeHolder(verdict.holder)}). Stop it first, ${USE_A_SERVER} ` +
        `If that process is no longer running, delete ${lockPath}.`
      );
    case "unreadable":
      return (
        `${dataDir} is locked by ${lockPath}, which does not name a Roundlist process. ` +
        `If no Roundlist process uses ${dataDir}, delete that file; otherwise stop it first, ${USE_A_SERVER}`
      );
    case "stale":
      return `${dataDir} holds a stale lock (${describeHolder(verdict.holder)}).`;
  }
}

export function takeOverMessage(dataDir: string, holder: LockHolder): string {
  return `${dataDir}: took over the lock of a process that is gone (${describeHolder(holder)})`;
}

/** "pid 1234 running server.mjs, started 2026-11-24 16:30" (local time). */
export function describeHolder(holder: LockHolder): string {
  const running = holder.command ? ` running ${holder.command}` : "";
  return `pid ${holder.pid}${running}, started ${formatLocalTime(new Date(holder.startedAt))}`;
}

function formatLocalTime(date: Date): string {
  const two = (value: number) => String(value).padStart(2, "0");
  return (
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
    `${two(date.getHours())}:${two(date.getMinutes())}`
  );
}

// ---- The file itself ----

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file if it is still this lock's; safe to call twice. */
  release(): void;
}

/** Locks held by this process: real path of the data directory -> the text of its lock file. */
const held = new Map<string, string>();
let exitHookInstalled = false;

/**
 * Takes the lock of a PGlite data directory (creating the directory if needed) or throws a
 * DataDirInUseError saying who holds it. A stale lock is taken over and reported through onTakeOver.
 */
export function lockDataDir(
  dataDir: string,
  options: { onTakeOver?: (message: string) => void } = {},
): DataDirLock {
  mkdirSync(path.resolve(dataDir), { recursive: true });
  const directory = realpathSync(path.resolve(dataDir));
  const lockPath = path.join(directory, LOCK_FILE_NAME);
  if (held.has(directory)) {
    throw new DataDirInUseError(
      `${dataDir} is already open in this process: close it before opening it again.`,
    );
  }
  const here: LockObserver = { pid: process.pid, hostname: os.hostname(), isAlive: isProcessAlive };
  const mine = formatLock({
    pid: here.pid,
    hostname: here.hostname,
    startedAt: new Date().toISOString(),
    command: path.basename(process.argv[1] ?? process.argv0),
  });
  // A few rounds: each lost one means another process removed or replaced the lock meanwhile.
  for (let round = 0; round < 5; round += 1) {
    if (createExclusively(lockPath, mine)) {
      held.set(directory, mine);
      installExitHook();
      return { path: lockPath, release: () => release(directory) };
    }
    const existing = readIfPresent(lockPath);
    if (existing === undefined) continue;
    const verdict = judgeLock(parseLock(existing), here);
    if (verdict.kind !== "stale") throw new DataDirInUseError(refusalMessage(dataDir, verdict, lockPath));
    if (removeIfUnchanged(lockPath, existing)) options.onTakeOver?.(takeOverMessage(dataDir, verdict.holder));
  }
  throw new DataDirInUseError(
    `${dataDir}: could not take its lock (${lockPath}): other processes keep taking it. Stop them first, ${USE_A_SERVER}`,
  );
}

/** O_CREAT | O_EXCL: exactly one process creates the file. False when it already exists. */
function createExclusively(lockPath: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, text);
  } catch (error) {
    closeSync(fd);
    unlinkSync(lockPath);
    throw error;
  }
  closeSync(fd);
  return true;
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Removes a stale lock, unless another process replaced it since it was judged: the file is first renamed
 * aside (atomic), then its text compared; a lock that is not the judged one is put back.
 */
function removeIfUnchanged(lockPath: string, judged: string): boolean {
  const aside = `${lockPath}.${process.pid}.stale`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
  const moved = readFileSync(aside, "utf8");
  if (moved !== judged) {
    try {
      linkSync(aside, lockPath);
    } catch {
      // Yet another process has created a lock since: it is the one that counts.
    }
  }
  unlinkSync(aside);
  return moved === judged;
}

function release(directory: string): void {
  const mine = held.get(directory);
  if (mine === undefined) return;
  held.delete(directory);
  const lockPath = path.join(directory, LOCK_FILE_NAME);
  try {
    if (readIfPresent(lockPath) === mine) unlinkSync(lockPath);
  } catch {
    // Best effort: a lock left behind names this process, and is stale once it has exited.
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const directory of [...held.keys()]) release(directory);
  });
}
