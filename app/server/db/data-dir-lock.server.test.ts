import { describe, expect, it } from "vitest";
import {
  formatLock,
  isProcessAlive,
  judgeLock,
  type LockHolder,
  type LockObserver,
  parseLock,
  refusalMessage,
} from "./data-dir-lock.server";

// Local time, so that the expected text does not depend on the machine's time zone.
const STARTED = new Date(2026, 10, 24, 16, 30).toISOString();
const HOLDER: LockHolder = { pid: 1234, hostname: "laptop", startedAt: STARTED, command: "server.mjs" };

function observer(alive: number[], pid = 99): LockObserver & { asked: number[] } {
  const asked: number[] = [];
  return {
    pid,
    hostname: "laptop",
    asked,
    isAlive(candidate) {
      asked.push(candidate);
      return alive.includes(candidate);
    },
  };
}

describe("parseLock", () => {
  it("reads back what formatLock wrote", () => {
    expect(parseLock(formatLock(HOLDER))).toEqual(HOLDER);
    expect(parseLock(formatLock({ ...HOLDER, command: undefined }))).toEqual({
      ...HOLDER,
      command: undefined,
    });
  });

  it("rejects text that is not a lock this app wrote", () => {
    for (const text of [
      "",
      "-42\n/pglite/data\n",
      "null",
      "[]",
      "{}",
      JSON.stringify({ ...HOLDER, pid: 0 }),
      JSON.stringify({ ...HOLDER, pid: -42 }),
      JSON.stringify({ ...HOLDER, pid: 1.5 }),
      JSON.stringify({ ...HOLDER, pid: "1234" }),
      JSON.stringify({ ...HOLDER, hostname: "" }),
      JSON.stringify({ ...HOLDER, startedAt: "yesterday" }),
      formatLock(HOLDER).slice(0, 20),
    ]) {
      expect(parseLock(text), text).toBeUndefined();
    }
  });
});

describe("judgeLock", () => {
  it("counts a lock of a running process on this host as live", () => {
    expect(judgeLock(HOLDER, observer([1234]))).toEqual({ kind: "live", holder: HOLDER });
  });

  it("counts a lock of a process that is gone as stale", () => {
    const here = observer([]);
    expect(judgeLock(HOLDER, here)).toEqual({ kind: "stale", holder: HOLDER });
    expect(here.asked).toEqual([1234]);
  });

  it("counts a lock naming this process's own pid as stale: an earlier process had that pid", () => {
    const here = observer([1234], 1234);
    expect(judgeLock(HOLDER, here)).toEqual({ kind: "stale", holder: HOLDER });
    expect(here.asked).toEqual([]);
  });

  it("respects a lock from another host, whose pid cannot be checked from here", () => {
    const here = observer([]);
    const remote = { ...HOLDER, hostname: "server-2" };
    expect(judgeLock(remote, here)).toEqual({ kind: "foreign", holder: remote });
    expect(here.asked).toEqual([]);
  });

  it("respects a lock file it cannot read", () => {
    expect(judgeLock(undefined, observer([]))).toEqual({ kind: "unreadable" });
  });
});

describe("refusalMessage", () => {
  it("names the directory, the holder and what to do", () => {
    expect(refusalMessage("./data", { kind: "live", holder: HOLDER }, "/app/data/roundlist.lock")).toBe(
      "./data is in use by another Roundlist process (pid 1234 running server.mjs, started 2026-11-24 16:30). " +
        "Stop it first (npm start holds the database while it runs), or set DATABASE_URL to use a PostgreSQL server.",
    );
  });

  it("tells how to clear a lock it cannot check", () => {
    const remote = refusalMessage(
      "./data",
      { kind: "foreign", holder: { ...HOLDER, hostname: "server-2" } },
      "/app/data/roundlist.lock",
    );
    expect(remote).toContain("./data is in use by a Roundlist process on host server-2 (pid 1234");
    expect(remote).toContain("If that process is no longer running, delete /app/data/roundlist.lock.");
    const unreadable = refusalMessage("./data", { kind: "unreadable" }, "/app/data/roundlist.lock");
    expect(unreadable).toContain("./data is locked by /app/data/roundlist.lock");
    expect(unreadable).toContain("If no Roundlist process uses ./data, delete that file");
  });
});

describe("isProcessAlive", () => {
  it("sees this process and pid 1 (alive even when it is not ours to signal)", () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(1)).toBe(true);
  });
});
