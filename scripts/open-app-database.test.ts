import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../app/server/db/database.server";

// The scripts' helper, with openDatabase replaced by a fake that records the order of events.
const events: string[] = [];
let closeFails = false;
const fake = {
  kind: "pglite",
  async migrate() {
    events.push("migrate");
  },
  async close() {
    events.push("close");
    if (closeFails) throw new Error("disk full");
  },
} as unknown as Database;

vi.mock("../app/server/db/database.server", () => ({ openDatabase: async () => fake }));
// What an interrupted first load left is built back after migrating, before the script's work (decision 020).
vi.mock("../app/server/db/deferred-indexes.server", () => ({
  restoreDeferredIndexes: async () => {
    events.push("restore");
    return { indexes: 0, ms: 0 };
  },
}));

// Companies stored before rounds and people existed get them after that, before the work too (decision 030).
vi.mock("../app/server/companies/rounds-backfill.server", () => ({
  backfillRoundsAndPeople: async () => {
    events.push("backfill");
    return null;
  },
}));

const { withAppDatabase } = await import("./open-app-database");

class Exited extends Error {}

beforeEach(() => {
  events.length = 0;
  closeFails = false;
  vi.spyOn(process, "exit").mockImplementation((code) => {
    throw new Exited(`exit ${code}`);
  });
});

afterEach(() => {
  vi.mocked(process.exit).mockRestore();
});

describe("withAppDatabase", () => {
  it("closes the database before handing back the result a script reports", async () => {
    const result = await withAppDatabase(async () => {
      events.push("work");
      return "Granted";
    });
    events.push(`report ${result}`);
    expect(events).toEqual(["migrate", "restore", "backfill", "work", "close", "report Granted"]);
  });

  it("exits non-zero with a message, reporting nothing, when closing fails", async () => {
    closeFails = true;
    const errors = vi.mocked(console.error).mockImplementation(() => {});
    const run = withAppDatabase(async () => "Granted").then((result) => events.push(`report ${result}`));
    await expect(run).rejects.toThrow("exit 1");
    expect(process.exit).toHaveBeenCalledWith(1);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("Could not close the database: disk full"));
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("The changes may not have been saved."));
    expect(events).toEqual(["migrate", "restore", "backfill", "close"]);
  });

  it("closes the database and passes the error on when the work fails", async () => {
    await expect(
      withAppDatabase(async () => {
        throw new Error("no such account");
      }),
    ).rejects.toThrow("no such account");
    expect(events).toEqual(["migrate", "restore", "backfill", "close"]);
  });
});
