import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "./database.server";
import { queryRows } from "./query-rows.server";

export interface TestDatabase extends Database {
  /** Empties every table of the app and restores the site_settings row to its defaults. */
  reset(): Promise<void>;
}

/**
 * A migrated database for integration tests: a PostgreSQL server when DATABASE_URL is set (CI runs the
 * suite that way too), otherwise a fresh in-memory PGlite. Call `reset()` in beforeEach.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const database = await openDatabase({ url: process.env.DATABASE_URL || undefined, maxConnections: 4 });
  await database.migrate();
  return {
    ...database,
    async reset() {
      const tables = await queryRows<{ name: string }>(
        database.db,
        sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
      );
      if (tables.length > 0) {
        await database.db.execute(
          sql.raw(`truncate ${tables.map((table) => `"${table.name}"`).join(", ")} restart identity cascade`),
        );
      }
      await database.db.execute(sql`insert into site_settings (id) values (1)`);
    },
  };
}
