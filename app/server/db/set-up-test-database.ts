import { afterAll, beforeAll, beforeEach } from "vitest";
import { createTestDatabase, type TestDatabase } from "./test-database.server";

/**
 * The usual set-up of a database test file: one migrated test database for the file (beforeAll), emptied
 * before each test (beforeEach) and closed after (afterAll). The returned object stands for that database
 * once the file's tests run.
 */
export function setUpTestDatabase(): TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
  });
  beforeEach(async () => {
    await current?.reset();
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestDatabase, {
    get(_target, key) {
      if (!current) throw new Error("setUpTestDatabase: the database is ready only inside tests and hooks");
      const value = Reflect.get(current, key);
      return typeof value === "function" ? value.bind(current) : value;
    },
  });
}
