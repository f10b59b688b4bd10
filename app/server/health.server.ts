import type { Database } from "./db/database.server";

export interface HealthReport {
  status: 200 | 503;
  body: {
    status: "ok" | "unavailable";
    database: { status: "up" | "down"; kind?: Database["kind"]; latencyMs?: number; error?: string };
  };
  /** The underlying failure, for the log only: it may name hosts or users, so it stays out of the body. */
  cause?: string;
}

/** Health of the app's database: 200 when a query answers within the timeout, 503 otherwise. */
export async function checkHealth(
  database: () => Promise<Database>,
  timeoutMs = 2_000,
): Promise<HealthReport> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    const opened = await Promise.race([database(), timeout]);
    await Promise.race([opened.ping(), timeout]);
    return {
      status: 200,
      body: {
        status: "ok",
        database: { status: "up", kind: opened.kind, latencyMs: Math.round(performance.now() - started) },
      },
    };
  } catch (error) {
    return {
      status: 503,
      body: {
        status: "unavailable",
        database: { status: "down", error: "The database is unreachable." },
      },
      cause: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}
