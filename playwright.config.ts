import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_HELP, findChromium } from "./scripts/find-chromium.mjs";
import { serverEnv, serverNodeArgs } from "./server/node-args.mjs";
import { E2E_ADMIN_EMAIL, E2E_PORT, E2E_SEED_COUNT } from "./tests/e2e/e2e-config";

const chromium: string | undefined = findChromium();
if (!chromium) throw new Error(CHROMIUM_HELP);

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: false,
  // Two at a time at most: the fuzz tests (HTTP only, against servers of their own) run beside the browser
  // tests, which stay one at a time on the shared server (each project's own limit below; decision 023).
  workers: 2,
  forbidOnly: true,
  // One retry: a test that fails and then passes is printed as "flaky" (to be fixed, not ignored); a test
  // that fails twice fails the run. On a 2-core CI machine a lone timing hiccup should not sink a landing.
  retries: 1,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // A trace of the retry only: recording every test's trace and keeping the failures' cost a fifth of the
    // browser tests' time, and the fuzz tests' 24,000 requests were traced too (decision 023's amendment of
    // 2026-12-01). A failure still keeps its screenshot and its page's snapshot (Playwright's error context).
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      testIgnore: /fuzz\.spec\.ts$/,
      workers: 1,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      name: "fuzz",
      testMatch: /fuzz\.spec\.ts$/,
      workers: 1,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
  ],
  webServer: {
    // The production build (scripts/e2e.mjs builds it first) on a fresh in-memory database.
    // With the same V8 flags as `npm start`.
    command: ["node", ...serverNodeArgs(), "server.mjs"].join(" "),
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      MALLOC_ARENA_MAX: serverEnv().MALLOC_ARENA_MAX,
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      APP_ENV: "test",
      DATA_DIR: "memory://",
      DATABASE_URL: "",
      SEED_ON_EMPTY: "true",
      SEED_COUNT: String(E2E_SEED_COUNT),
      ENABLE_TEST_ROUTES: "true",
      APP_URL: `http://127.0.0.1:${E2E_PORT}`,
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      // Every browser test signs in from 127.0.0.1; the 429 rule itself is tested in account.server.db.test.ts.
      AUTH_RATE_LIMIT_MAX: "1000",
      LOG_LEVEL: "warn",
    },
  },
});
