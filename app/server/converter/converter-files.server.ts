import { randomUUID } from "node:crypto";
import {
  type FileHandle,
  mkdir,
  open,
  readdir,
  readFile,
  rm,
  stat,
  unlink,
  writeFile,
} from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { env } from "../env.server";

/**
 * Where the converter keeps files between requests (docs/product.md#converter): `<DATA_DIR>/converter` (the
 * temp directory when the data directory is in memory). An upload waits there until it is converted, then is
 * deleted; a converted file waits until it is downloaded, then is deleted. Anything older than an hour is
 * removed. Each file has a JSON record beside it naming its owner: only they may convert or download it.
 */
export function converterDir(dataDir: string = env().DATA_DIR): string {
  if (dataDir.startsWith("memory://")) return path.join(os.tmpdir(), "roundlist-converter");
  return path.resolve(dataDir, "converter");
}

export const KEEP_MS = 60 * 60_000;

export interface ConverterFileRecord {
  id: string;
  userId: string;
  /** The name the person's file had (an upload), or the name the download will have. */
  fileName: string;
  kind: "upload" | "csv" | "zip";
  createdAt: string;
  /** An upload's encoding, separator and column count, found when it arrived. */
  encoding?: "utf-8" | "windows-1252";
  delimiter?: "," | ";";
  columnCount?: number;
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function newFileId(): string {
  return randomUUID();
}

export function dataPath(id: string, dir = converterDir()): string {
  if (!ID.test(id)) throw new Error("not a converter file id");
  return path.join(dir, `${id}.data`);
}

function recordPath(id: string, dir: string): string {
  return path.join(dir, `${id}.json`);
}

export async function saveRecord(record: ConverterFileRecord, dir = converterDir()): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(recordPath(record.id, dir), JSON.stringify(record), { flag: "wx" });
}

/** The record of a file this user owns and that has not expired, else null (unknown ids included). */
export async function ownedRecord(
  id: string,
  userId: string,
  kinds: ReadonlyArray<ConverterFileRecord["kind"]>,
  dir = converterDir(),
  now = Date.now(),
): Promise<ConverterFileRecord | null> {
  if (!ID.test(id)) return null;
  try {
    const record = JSON.parse(await readFile(recordPath(id, dir), "utf8")) as ConverterFileRecord;
    const isFresh = now - Date.parse(record.createdAt) < KEEP_MS;
    return record.userId === userId && kinds.includes(record.kind) && isFresh ? record : null;
  } catch {
    return null;
  }
}

/** A converted file claimed for its one download: its record, the open file and its size. */
export interface ClaimedDownload {
  record: ConverterFileRecord;
  file: FileHandle;
  size: number;
}

/**
 * Claims a converted file (or zip) for its one download, or null when it is not this user's, has expired,
 * or is gone. Its record is removed first, which only one request can do: of two downloads at the same
 * moment, or a second one while the first is still being sent, exactly one gets the file and the other a
 * null (a 404), never a half-deleted file. The data stays readable through the open handle; the caller
 * deletes it (deleteConverterFile) once sent.
 */
export async function claimDownload(
  id: string,
  userId: string,
  dir = converterDir(),
  now = Date.now(),
): Promise<ClaimedDownload | null> {
  const record = await ownedRecord(id, userId, ["csv", "zip"], dir, now);
  if (!record) return null;
  try {
    await unlink(recordPath(id, dir));
  } catch {
    return null; // another download removed it first
  }
  let file: FileHandle | undefined;
  try {
    file = await open(dataPath(id, dir), "r");
    return { record, file, size: (await file.stat()).size };
  } catch {
    await file?.close();
    await rm(dataPath(id, dir), { force: true });
    return null;
  }
}

export async function deleteConverterFile(id: string, dir = converterDir()): Promise<void> {
  if (!ID.test(id)) return;
  await Promise.all([rm(dataPath(id, dir), { force: true }), rm(recordPath(id, dir), { force: true })]);
}

/** Removes files left over (never converted, never downloaded) for over KEEP_MS. */
export async function tidyConverterFiles(dir = converterDir(), now = Date.now()): Promise<number> {
  let removed = 0;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > KEEP_MS) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * How many files this user has waiting (uploads not converted, results not downloaded, not expired): one
 * read of the directory and of each record in it, a directory that the per-user cap keeps small
 * (docs/decisions/018).
 */
export async function heldFileCount(userId: string, dir = converterDir(), now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let held = 0;
  for (const name of names) {
    if (!name.endsWith(".json")) continue;
    const record = await ownedRecord(
      name.slice(0, -".json".length),
      userId,
      ["upload", "csv", "zip"],
      dir,
      now,
    );
    if (record) held += 1;
  }
  return held;
}

/** Uploads and conversions running in this process, per user. */
const running = new Map<string, number>();

/** How many uploads and conversions this user has running in this process. */
export function runningCount(userId: string): number {
  return running.get(userId) ?? 0;
}

/** Counts one more running upload or conversion of this user; the returned function ends it (once). */
export function startRunning(userId: string): () => void {
  running.set(userId, runningCount(userId) + 1);
  let isDone = false;
  return () => {
    if (isDone) return;
    isDone = true;
    const left = runningCount(userId) - 1;
    if (left > 0) running.set(userId, left);
    else running.delete(userId);
  };
}
