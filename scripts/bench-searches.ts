/**
 * The search set the benchmarks that measure searches beside other work run (bench:formd-embedded,
 * bench:verify): bench:load's searches, HTML and `.data`, one after another as a subscriber.
 */
export const BENCH_SEARCHES = [
  "/search?q=health",
  "/search.data?q=ai",
  "/search?industry=FinTech&location=country%3AGermany",
  "/search.data?industry=SaaS&date=30d",
  "/search?stage=Series%20A&amount=10m-20m&date=90d",
  "/search.data?page=1000",
  "/search?q=cloud&page=2",
  "/search.data?q=pay&amount=250m-plus&page=3",
  "/search?location=continent%3AEurope&industry=Health%20Care",
] as const;

/** Latencies in ms, sorted: p50, p95 and the most. */
export function percentiles(latencies: readonly number[]): { p50: number; p95: number; max: number } {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}

/** Signs a user in through the test routes (ENABLE_TEST_ROUTES) and returns their cookie header. */
export async function testLogIn(base: string, email: string, plan: string | null): Promise<string> {
  const response = await fetch(`${base}/__test/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password: "violet-harbor-71", plan, status: "active" }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Runs the search set one request at a time until `until()` says stop; returns the latencies and failures. */
export async function searchWhile(
  base: string,
  cookie: string,
  until: () => boolean,
): Promise<{ latencies: number[]; failures: string[] }> {
  const latencies: number[] = [];
  const failures: string[] = [];
  for (let index = 0; !until(); index++) {
    const url = BENCH_SEARCHES[index % BENCH_SEARCHES.length] as string;
    const at = performance.now();
    try {
      const response = await fetch(`${base}${url}`, { headers: { cookie } });
      await response.arrayBuffer();
      if (response.ok) latencies.push(performance.now() - at);
      else failures.push(`${url}: ${response.status}`);
    } catch (error) {
      failures.push(`${url}: ${(error as Error).cause ?? error}`);
    }
  }
  return { latencies, failures };
}
