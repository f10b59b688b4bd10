import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import pg from "pg";
import { percentiles, searchWhile, testLogIn } from "./bench-searches";

/**
 * bench:verify's second part (`--database URL`): the same addresses verified by the built server's own
 * verification run (the console's 'Check a selection now', selection 'due'), against the local DNS server
 * and MX, while a subscriber runs the search set; the searches' p95 before the run and during it. The
 * addresses are written to the database's email_addresses first (form-checked, so due) and removed after.
 */
export async function serverPhase(options: {
  databaseUrl: string;
  addresses: readonly string[];
  dnsAddress: string;
  smtpPort: number;
  port: number;
  beforeSeconds: number;
}): Promise<{ ok: boolean }> {
  const base = `http://127.0.0.1:${options.port}`;
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
  let server: ChildProcess | undefined;
  try {
    await pool.query("delete from email_addresses where email like '%.test' or email = any($1::text[])", [
      options.addresses.map((address) => address.toLowerCase()),
    ]);
    await pool.query(
      `insert into email_addresses (email, status, method, source)
       select distinct lower(e), 'unknown', 'syntax', 'imported' from unnest($1::text[]) as e
       on conflict (email) do update set status = 'unknown', method = 'syntax', checked_at = now()`,
      [options.addresses],
    );
    await pool.query(
      "update email_verification_runs set status = 'failed', error = 'bench' where status = 'running'",
    );
    server = spawn(process.execPath, ["server.mjs"], {
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: "127.0.0.1",
        APP_URL: base,
        APP_ENV: "test",
        ENABLE_TEST_ROUTES: "true",
        DATABASE_URL: options.databaseUrl,
        ADMIN_EMAILS: "admin@example.com",
        AUTH_RATE_LIMIT_MAX: "100000",
        LOG_LEVEL: "warn",
        WEB_CONCURRENCY: "1",
        EMAIL_VERIFY_DRIVER: "smtp",
        EMAIL_VERIFY_DNS_SERVERS: options.dnsAddress,
        EMAIL_VERIFY_SMTP_PORT: String(options.smtpPort),
        EMAIL_VERIFY_HELO: "verify.roundlist.test",
        EMAIL_VERIFY_FROM: "probe@roundlist.test",
        EMAIL_VERIFY_TIMEOUT_MS: "10000",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const until = Date.now() + 300_000;
    while ((await fetch(`${base}/healthz`).catch(() => null))?.ok !== true) {
      if (Date.now() > until) throw new Error("the server did not start");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const admin = await testLogIn(base, "admin@example.com", null);
    const subscriber = await testLogIn(base, `bench-${Date.now()}@example.com`, "pro");

    // Warm the caches, then the searches alone.
    await searchWhile(
      base,
      subscriber,
      (() => {
        let left = 18;
        return () => left-- <= 0;
      })(),
    );
    const quietEnd = performance.now() + options.beforeSeconds * 1000;
    const before = await searchWhile(base, subscriber, () => performance.now() > quietEnd);

    const started = performance.now();
    const start = await fetch(`${base}/admin/email-checks`, {
      method: "POST",
      headers: { cookie: admin, origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ selection: "due", limit: String(options.addresses.length) }),
      redirect: "manual",
    });
    if (start.status !== 302) throw new Error(`starting the run: ${start.status} ${await start.text()}`);
    let done = false;
    const during = searchWhile(base, subscriber, () => done);
    let run: { status: string; checked: number; total: number } | undefined;
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const { rows } = await pool.query(
        "select status, checked, total from email_verification_runs order by id desc limit 1",
      );
      run = rows[0];
      done = run !== undefined && run.status !== "running";
    }
    const runSeconds = (performance.now() - started) / 1000;
    const duringResult = await during;
    const { rows: counts } = await pool.query(
      "select status, count(*)::int as n from email_addresses where email = any($1::text[]) group by status order by 2 desc",
      [options.addresses.map((address) => address.toLowerCase())],
    );
    const a = percentiles(before.latencies);
    const b = percentiles(duringResult.latencies);
    const line = (label: string, text: string) => console.log(`${`${label}:`.padEnd(22)}${text}`);
    console.log("\nThe server's own verification run (PostgreSQL, the console's 'due' selection):");
    line("run", `${run?.status}, ${run?.checked} of ${run?.total} addresses in ${runSeconds.toFixed(1)} s`);
    line("statuses", counts.map((row) => `${row.status} ${row.n}`).join(", "));
    line(
      "searches before",
      `${before.latencies.length}, p50 ${a.p50.toFixed(0)} ms, p95 ${a.p95.toFixed(0)} ms, max ${a.max.toFixed(0)} ms`,
    );
    line(
      "searches during",
      `${duringResult.latencies.length}, p50 ${b.p50.toFixed(0)} ms, p95 ${b.p95.toFixed(0)} ms, max ${b.max.toFixed(0)} ms` +
        (duringResult.failures.length > 0 ? `; failed: ${duringResult.failures.slice(0, 3).join("; ")}` : ""),
    );
    return { ok: run?.status === "done" && duringResult.failures.length === 0 };
  } finally {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await once(server, "exit");
    }
    await pool
      .query("delete from email_addresses where email = any($1::text[])", [
        options.addresses.map((address) => address.toLowerCase()),
      ])
      .catch(() => {});
    await pool.end();
  }
}
