import { describe, expect, it } from "vitest";
import { closedTestDatabase, setUpTestDatabase } from "~tests/fixtures/database";
import { openDatabase } from "./db/database.server";
import { checkHealth } from "./health.server";

const database = setUpTestDatabase();

describe("checkHealth", () => {
  it("answers 200 with the database kind while the database answers", async () => {
    const report = await checkHealth(async () => database);
    expect(report.status).toBe(200);
    expect(report.body.status).toBe("ok");
    expect(report.body.database).toMatchObject({ status: "up", kind: database.kind });
  });

  it("answers 503 once the database is gone, without leaking the cause", async () => {
    const closed = await closedTestDatabase();
    const report = await checkHealth(async () => closed);
    expect(report.status).toBe(503);
    expect(report.body).toEqual({
      status: "unavailable",
      database: { status: "down", error: "The database is unreachable." },
    });
    expect(report.cause).toBeTruthy();
  });

  it("answers 503 when a server cannot be reached at all", async () => {
    // Port 1 on loopback refuses connections at once.
    const unreachable = await openDatabase({ url: "postgres://postgres@127.0.0.1:1/none" });
    try {
      const report = await checkHealth(async () => unreachable, 3_000);
      expect(report.status).toBe(503);
      expect(report.body.database.status).toBe("down");
    } finally {
      await unreachable.close();
    }
  });

  it("answers 503 when the database does not answer in time", async () => {
    const never = new Promise<never>(() => {});
    const report = await checkHealth(() => never, 50);
    expect(report.status).toBe(503);
    expect(report.cause).toBe("no answer within 50 ms");
  });
});
