import os from "node:os";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Database test files run two (or one per core) at a time, each on a database of its own: an in-memory
// PGlite copied from one migrated template, or on a PostgreSQL server a copy of the test database per worker
// (tests/fixtures/database-template.ts, docs/decisions/023). Vitest's default would be one worker on 2 cores.
const DB_WORKERS = Math.max(2, os.availableParallelism());

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    setupFiles: ["./tests/setup.ts"],
    // Tests assert on behaviour; expected failures (a refused write, a down database) need not print logs.
    env: { LOG_LEVEL: "silent" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.ts",
            "app/**/*.test.tsx",
            "scripts/**/*.test.ts",
            "server/**/*.test.ts",
            "tests/**/*.test.ts",
          ],
          exclude: ["**/*.db.test.ts", "**/node_modules/**"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["app/**/*.db.test.ts", "scripts/**/*.db.test.ts", "server/**/*.db.test.ts"],
          environment: "node",
          globalSetup: ["./tests/fixtures/database-template.ts"],
          setupFiles: ["./tests/fixtures/database-worker.ts"],
          maxWorkers: DB_WORKERS,
          // Its own group (after the unit tests when both run at once): the groups' worker counts differ.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
