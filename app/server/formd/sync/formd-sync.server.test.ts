import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type EdgarServer,
  masterIndex,
  primaryDoc,
  startEdgarServer,
} from "../../../../tests/fixtures/edgar-server";
import { EdgarRequestError } from "./edgar-client.server";
import { EdgarPacer } from "./edgar-pacer.server";
import {
  type FormDSyncOptions,
  type ImportFolderOptions,
  MISSING_USER_AGENT,
  runFormDSync,
} from "./formd-sync.server";
import type { SyncClock } from "./sync-clock.server";
import { lockSyncFolder, readSyncState, SyncBusyError, writeSyncState } from "./sync-state.server";

const USER_AGENT = "Roundlist tests ops@example.com";
/** Thursday 2026-11-26: yesterday (Wednesday 25th) has no index yet. */
const NOW = "2026-11-26T12:00:00Z";

/** Virtual time: sleeping moves it at once, so no test waits. */
function fakeClock(): SyncClock & { sleeps: number[]; time(): number } {
  let time = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    time: () => time,
    now: () => time,
    date: () => new Date(NOW),
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      sleeps.push(ms);
      time += ms;
    },
  };
}

const FILINGS = {
  alpha: { cik: "1000001", accession: "0001000001-26-000001" },
  beta: { cik: "1000002", accession: "0001000002-26-000007" },
  gamma: { cik: "1000003", accession: "0001000003-26-000002" },
  delta: { cik: "1000004", accession: "0001000004-26-000003" },
  epsilon: { cik: "1000005", accession: "0001000005-26-000004" },
} as const;
type Name = keyof typeof FILINGS;

function docPath(name: Name): string {
  const { cik, accession } = FILINGS[name];
  return `/Archives/edgar/data/${cik}/${accession.replaceAll("-", "")}/primary_doc.xml`;
}

function savedPath(dir: string, name: Name): string {
  const { cik, accession } = FILINGS[name];
  return path.join(dir, cik, accession.replaceAll("-", ""), "primary_doc.xml");
}

/** Sunday 22nd: no index. Monday 23rd and Tuesday 24th: two days of filings. Wednesday 25th: not yet published. */
function serveTwoDays(server: EdgarServer): void {
  server.answer("/Archives/edgar/daily-index/2026/QTR4/master.20261123.idx", {
    body: masterIndex([
      ["1000001", "Alpha Robotics Inc", "D", "20261123", FILINGS.alpha.accession],
      ["1000002", "Beta Bio LLC", "D/A", "20261123", FILINGS.beta.accession],
      ["1000009", "Big Public Co", "10-K", "20261123", "0001000009-26-000001"],
      ["1000003", "Gamma Grid Corp", "D", "20261123", FILINGS.gamma.accession],
    ]),
  });
  server.answer("/Archives/edgar/daily-index/2026/QTR4/master.20261124.idx", {
    gzip: true,
    body: masterIndex([
      ["1000004", "Delta Data Inc", "D", "20261124", FILINGS.delta.accession],
      ["1000005", "Epsilon Energy LP", "D", "20261124", FILINGS.epsilon.accession],
    ]),
  });
  server.answer(docPath("alpha"), { body: primaryDoc(FILINGS.alpha.accession) });
  server.answer(docPath("beta"), { body: primaryDoc(FILINGS.beta.accession) });
  // Too many requests, then the filing: waited out with the server's Retry-After.
  server.answer(
    docPath("gamma"),
    { status: 429, headers: { "Retry-After": "2" }, body: "Request Rate Threshold Exceeded" },
    { body: primaryDoc(FILINGS.gamma.accession) },
  );
  // Busy, then the filing: waited out with the client's own backoff.
  server.answer(
    docPath("delta"),
    { status: 503, body: "busy" },
    { body: primaryDoc(FILINGS.delta.accession) },
  );
  server.answer(docPath("epsilon"), { body: primaryDoc(FILINGS.epsilon.accession) });
}

/** Files below `dir`, relative, without the sync's own state and lock. */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !["sync-state.json", "sync.lock"].includes(file))
    .sort();
}

interface ImportCall {
  folder: string;
  options: ImportFolderOptions;
  files: string[];
}

describe("the Form D sync against a local EDGAR (decision 031)", () => {
  let server: EdgarServer;
  let dir: string;
  let clock: ReturnType<typeof fakeClock>;
  let imports: ImportCall[];

  beforeEach(async () => {
    server = await startEdgarServer();
    dir = await mkdtemp(path.join(tmpdir(), "formd-sync-"));
    clock = fakeClock();
    imports = [];
    await writeSyncState(dir, { lastCompletedDay: "2026-11-21" });
  });

  afterEach(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  function options(extra: Partial<FormDSyncOptions> = {}): FormDSyncOptions {
    return {
      baseUrl: server.url,
      userAgent: USER_AGENT,
      dir,
      clock,
      pacer: new EdgarPacer(clock),
      importFolder: async (folder, importOptions) => {
        imports.push({ folder, options: importOptions, files: await filesIn(folder) });
        return { filingsRead: imports.at(-1)?.files.length ?? 0, roundsInserted: 2 };
      },
      ...extra,
    };
  }

  it("downloads each D and D/A filing into {cik}/{accession}/primary_doc.xml, waits out a 429 and a 503, imports once, then records the days", async () => {
    const arrivals: number[] = [];
    server.onRequest(() => arrivals.push(clock.time()));
    serveTwoDays(server);

    const result = await runFormDSync(options());

    const names: Name[] = ["alpha", "beta", "gamma", "delta", "epsilon"];
    for (const name of names) {
      expect(await readFile(savedPath(dir, name), "utf8")).toBe(primaryDoc(FILINGS[name].accession));
    }
    expect(imports).toHaveLength(1);
    expect(imports[0]?.folder).toBe(dir);
    expect(imports[0]?.options.dryRun).toBe(false);
    expect(imports[0]?.files).toEqual(names.map((name) => path.relative(dir, savedPath(dir, name))).sort());
    expect(result.imported).toEqual({ filingsRead: 5, roundsInserted: 2 });
    expect(result.downloaded).toBe(5);
    // Sunday has no index (done); Wednesday's is not published yet: the mark stops on Tuesday.
    expect(result.days.map((day) => [day.day, day.index])).toEqual([
      ["2026-11-22", "missing"],
      ["2026-11-23", "found"],
      ["2026-11-24", "found"],
      ["2026-11-25", "missing"],
    ]);
    expect(result.lastCompletedDay).toBe("2026-11-24");
    expect(await readSyncState(dir)).toEqual({ lastCompletedDay: "2026-11-24" });
    // The 10-K is not fetched; the 429 and the 503 were each tried again once.
    expect(server.requests.some((request) => request.path.includes("1000009"))).toBe(false);
    expect(
      server.requests.filter((request) => request.path === docPath("gamma")).map((r) => r.status),
    ).toEqual([429, 200]);
    expect(
      server.requests.filter((request) => request.path === docPath("delta")).map((r) => r.status),
    ).toEqual([503, 200]);
    expect(clock.sleeps).toContain(2_000);
    expect(clock.sleeps).toContain(1_000);
    // Every request names the requester, accepts gzip, and starts at least 100 ms after the one before.
    for (const request of server.requests) {
      expect(request.headers["user-agent"]).toBe(USER_AGENT);
      expect(request.headers["accept-encoding"]).toMatch(/gzip/);
    }
    for (let index = 1; index < arrivals.length; index++) {
      expect((arrivals[index] ?? 0) - (arrivals[index - 1] ?? 0)).toBeGreaterThanOrEqual(100);
    }
  });

  it("resumes a stopped run: the second run fetches only what is missing and imports once", async () => {
    serveTwoDays(server);
    const controller = new AbortController();
    server.onRequest((request) => {
      if (request.path === docPath("gamma")) controller.abort(new Error("stopped"));
    });

    await expect(runFormDSync(options({ signal: controller.signal }))).rejects.toThrow("stopped");
    expect(imports).toHaveLength(0);
    expect(await readSyncState(dir)).toEqual({ lastCompletedDay: "2026-11-21" });
    expect(await filesIn(dir)).toEqual(
      [savedPath(dir, "alpha"), savedPath(dir, "beta")].map((file) => path.relative(dir, file)).sort(),
    );

    server.onRequest(() => {});
    const before = server.requests.length;
    const result = await runFormDSync(options());
    const fetched = server.requests.slice(before).map((request) => request.path);

    expect(fetched).not.toContain(docPath("alpha"));
    expect(fetched).not.toContain(docPath("beta"));
    expect(fetched).toEqual(expect.arrayContaining([docPath("gamma"), docPath("delta"), docPath("epsilon")]));
    expect(result.kept).toBe(2);
    expect(result.downloaded).toBe(3);
    expect(imports).toHaveLength(1);
    expect(imports[0]?.files).toHaveLength(5);
    expect(await readSyncState(dir)).toEqual({ lastCompletedDay: "2026-11-24" });

    // A run with nothing new (Wednesday still unpublished) downloads and imports nothing.
    const again = await runFormDSync(options());
    expect(again.days.map((day) => day.day)).toEqual(["2026-11-25"]);
    expect(again.imported).toBeNull();
    expect(imports).toHaveLength(1);
  });

  it("does not record the days when the import fails: the next run imports them again", async () => {
    serveTwoDays(server);
    await expect(
      runFormDSync(
        options({
          importFolder: async () => {
            throw new Error("the database is down");
          },
        }),
      ),
    ).rejects.toThrow("the database is down");
    expect(await readSyncState(dir)).toEqual({ lastCompletedDay: "2026-11-21" });

    const before = server.requests.length;
    await runFormDSync(options());
    const documents = server.requests
      .slice(before)
      .filter((request) => request.path.endsWith("primary_doc.xml"));
    expect(documents).toEqual([]);
    expect(imports).toHaveLength(1);
    expect(await readSyncState(dir)).toEqual({ lastCompletedDay: "2026-11-24" });
  });

  it("stops with a clear error after a bounded number of tries, keeping what it has", async () => {
    serveTwoDays(server);
    server.answer(docPath("gamma"), { status: 503, body: "busy" });

    const run = runFormDSync(options());
    await expect(run).rejects.toThrow(EdgarRequestError);
    await expect(run).rejects.toThrow(
      /answered 503 to .*primary_doc\.xml on try 6: stopped; the next run resumes/,
    );
    expect(server.requests.filter((request) => request.path === docPath("gamma"))).toHaveLength(6);
    expect(imports).toHaveLength(0);
    expect(await readSyncState(dir)).toEqual({ lastCompletedDay: "2026-11-21" });
    expect(await readFile(savedPath(dir, "alpha"), "utf8")).toBe(primaryDoc(FILINGS.alpha.accession));
  });

  it("refuses to run without a User-Agent, asking EDGAR nothing", async () => {
    serveTwoDays(server);
    await expect(runFormDSync(options({ userAgent: undefined }))).rejects.toThrow(MISSING_USER_AGENT);
    await expect(runFormDSync(options({ userAgent: "  " }))).rejects.toThrow("EDGAR_USER_AGENT is not set");
    expect(server.requests).toEqual([]);
  });

  it("a dry run asks the import for a dry run and leaves the completed day where it was", async () => {
    serveTwoDays(server);
    const result = await runFormDSync(options({ dryRun: true }));
    expect(imports.map((call) => call.options.dryRun)).toEqual([true]);
    expect(result.lastCompletedDay).toBe("2026-11-21");
    expect(await readSyncState(dir)).toEqual({ lastCompletedDay: "2026-11-21" });
  });

  it("a first run fetches the configured number of days before today", async () => {
    await rm(path.join(dir, "sync-state.json"));
    serveTwoDays(server);
    const result = await runFormDSync(options({ firstRunDays: 3 }));
    expect(result.days.map((day) => day.day)).toEqual(["2026-11-23", "2026-11-24", "2026-11-25"]);
    expect(result.lastCompletedDay).toBe("2026-11-24");
  });

  it("refuses a second sync on the same folder while one runs", async () => {
    const release = await lockSyncFolder(dir);
    try {
      await expect(runFormDSync(options())).rejects.toThrow(SyncBusyError);
      expect(server.requests).toEqual([]);
    } finally {
      await release();
    }
  });

  it("says what is wrong with a damaged state file instead of starting over", async () => {
    await writeFile(path.join(dir, "sync-state.json"), "{not json");
    await expect(runFormDSync(options())).rejects.toThrow("sync-state.json is not JSON");
    expect(server.requests).toEqual([]);
  });
});
