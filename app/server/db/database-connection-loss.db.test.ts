// docs/product.md#security: a pg client whose backend is terminated while checked out (a transaction) emitted an
// 'error' event nobody listened to, which ends the process (here: an uncaught error that fails the run).
// Terminating a backend needs a PostgreSQL server (PGlite has none): this runs when the db project runs with
// DATABASE_URL, as CI's second database run does.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/fixtures/database";
import { isDatabaseUnavailable } from "./database-errors";
import { queryRows } from "./query-rows.server";

const onServer = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onServer)("a PostgreSQL connection lost mid-transaction", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("fails that transaction with a database-unavailable error, and the next query succeeds", async () => {
    const pool = (database.db as unknown as { $client: import("pg").Pool }).$client;
    for (let round = 0; round < 3; round += 1) {
      // The pool removes the broken client once its socket has closed, after the 'error' events.
      const removed = new Promise((resolve) => pool.once("remove", resolve));
      const failure = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          // The backend ends itself: an ErrorResponse (57P01), then the socket closes.
          await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
      // An unheard 'error' event would have been thrown (uncaught) by now.
      await removed;
      expect(await queryRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    }
  });

  it("a checked-out client killed from outside while idle in its transaction", async () => {
    const pool = (database.db as unknown as { $client: import("pg").Pool }).$client;
    const client = await pool.connect();
    try {
      await client.query("begin");
      const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
      // Bounded: without a listener the 'error' throws before 'end' is ever emitted.
      let timer: NodeJS.Timeout | undefined;
      const lost = new Promise((resolve, reject) => {
        client.once("end", resolve);
        timer = setTimeout(() => reject(new Error("the client never reported its lost connection")), 10_000);
      });
      await database.db.execute(sql`select pg_terminate_backend(${rows[0]?.pid})`);
      await lost.finally(() => clearTimeout(timer));
      await expect(client.query("select 1")).rejects.toSatisfy(isDatabaseUnavailable);
    } finally {
      client.release(true);
    }
    expect(await queryRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});
