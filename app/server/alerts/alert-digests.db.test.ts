import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company, user } from "~tests/fixtures/factories";
import { grantPlanTo, revokeGrantOf } from "../billing/grants.server";
import { queryRows } from "../db/query-rows.server";
import { companies, users } from "../db/schema";
import type { MailMessage } from "../mail/mail-message";
import type { Mailer } from "../mail/mailer.server";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import { runAlerts } from "./alert-scheduler.server";
import { buildDueDigests, DIGEST_LIST_LIMIT } from "./digest-build.server";
import { deliverPendingDigests, MAX_SEND_ATTEMPTS, STALE_SENDING_MS } from "./digest-delivery.server";
import { digestWindowEnd } from "./digest-window.server";
import { stopAlerts, unsubscribeTarget } from "./unsubscribe.server";
import { readUnsubscribeToken, unsubscribeToken } from "./unsubscribe-token.server";

const database = setUpTestDatabase();
const APP_URL = "http://localhost:3000";
const SECRET = "test-secret-for-alert-digests-0123456789";

/** A mailer that keeps what it is given (the real drivers are tested in mail/), or refuses while told to. */
function recordingMailer() {
  const sent: MailMessage[] = [];
  let refusing = false;
  const mailer: Mailer & { sent: MailMessage[]; refuse(on: boolean): void } = {
    driver: "log",
    sent,
    refuse(on) {
      refusing = on;
    },
    async send(message) {
      if (refusing) throw new Error("421 try again later");
      sent.push(message);
    },
  };
  return mailer;
}

const at = (iso: string) => new Date(iso);

async function addCompany(name: string, recordedAt: string, fields: Parameters<typeof company>[1] = {}) {
  const [row] = await database.db
    .insert(companies)
    .values(company(name, { lastFundingType: "Seed", industries: ["FinTech"], ...fields }))
    .returning({ id: companies.id });
  if (!row) throw new Error("no company");
  await database.db.execute(
    sql`update companies set round_recorded_at = ${recordedAt}::timestamptz where id = ${row.id}`,
  );
  return row.id;
}

async function addSavedSearch(
  userId: string,
  name: string,
  query: string,
  { since, due, alert = "daily" }: { since: string; due: string; alert?: "daily" | "weekly" },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into saved_searches (user_id, name, query, alert, next_digest_at, digest_since)
        values (${userId}, ${name}, ${query}, ${alert}, ${due}::timestamptz, ${since}::timestamptz) returning id`,
  );
  return Number(row?.id);
}

async function digestsOf(savedSearchId: number) {
  return queryRows<{ company_ids: number[]; company_count: number; status: string; window_from: Date }>(
    database.db,
    sql`select company_ids, company_count, status, window_from from alert_digests
        where saved_search_id = ${savedSearchId} order by id`,
  );
}

async function savedSearch(id: number) {
  const [row] = await queryRows<{ next_digest_at: Date | null; digest_since: Date; alert: string }>(
    database.db,
    sql`select next_digest_at, digest_since, alert from saved_searches where id = ${id}`,
  );
  return row;
}

beforeEach(async () => {
  await database.db.insert(users).values([user({ name: "Ada" }), user({ name: "Bob" })]);
  await grantPlanTo(database.db, "user_ada", "lifetime");
});

describe("which companies a digest holds", () => {
  it("lists the companies matching the search recorded after the last run's instant and up to this run's end", async () => {
    const since = "2026-11-20T07:00:00.000Z";
    const atSince = await addCompany("At Since", since);
    const justAfter = await addCompany("Just After", "2026-11-20T07:00:00.001Z");
    const middle = await addCompany("Middle", "2026-11-20T19:00:00.000Z");
    const wrongStage = await addCompany("Wrong Stage", "2026-11-20T19:00:00.000Z", {
      lastFundingType: "Series B",
    });
    const older = await addCompany("Older", "2026-11-19T07:00:00.000Z");
    const id = await addSavedSearch("user_ada", "Seed FinTech", "industry=FinTech&stage=Seed", {
      since,
      due: "2026-11-21T07:00:00.000Z",
    });
    const end = at("2026-11-21T06:59:00.000Z");

    const counts = await buildDueDigests(database.db, {
      now: at("2026-11-21T07:00:00.000Z"),
      windowEnd: end,
    });

    expect(counts).toEqual({ built: 1, empty: 0, noAccess: 0, skipped: 0 });
    const [digest] = await digestsOf(id);
    expect(new Set(digest?.company_ids)).toEqual(new Set([justAfter, middle]));
    expect(digest?.company_ids).not.toContain(atSince);
    expect(digest?.company_ids).not.toContain(wrongStage);
    expect(digest?.company_ids).not.toContain(older);
    expect(digest?.company_count).toBe(2);
    expect(new Date(digest?.window_from as Date).toISOString()).toBe(since);
    // The window moves to this run's end; the next digest is tomorrow at 07:00 UTC.
    const after = await savedSearch(id);
    expect(new Date(after?.digest_since as Date).toISOString()).toBe(end.toISOString());
    expect(new Date(after?.next_digest_at as Date).toISOString()).toBe("2026-11-22T07:00:00.000Z");
  });

  it("leaves out a company recorded after the window's end, and lists it in the next digest", async () => {
    const since = "2026-11-20T07:00:00.000Z";
    const inWindow = await addCompany("In Window", "2026-11-20T08:00:00.000Z");
    const late = await addCompany("Late", "2026-11-21T06:59:30.000Z");
    const id = await addSavedSearch("user_ada", "Seed", "stage=Seed", {
      since,
      due: "2026-11-21T07:00:00.000Z",
    });

    await buildDueDigests(database.db, {
      now: at("2026-11-21T07:00:00.000Z"),
      windowEnd: at("2026-11-21T06:59:00.000Z"),
    });
    await buildDueDigests(database.db, {
      now: at("2026-11-22T07:00:00.000Z"),
      windowEnd: at("2026-11-22T06:59:00.000Z"),
    });

    const digests = await digestsOf(id);
    expect(digests.map((digest) => digest.company_ids)).toEqual([[inWindow], [late]]);
  });

  it("counts every company in the window but lists the first 50 in the search's order", async () => {
    const since = "2026-11-20T07:00:00.000Z";
    for (let day = 1; day <= DIGEST_LIST_LIMIT + 5; day += 1) {
      await addCompany(`Company ${day}`, "2026-11-20T10:00:00.000Z", {
        lastFundingDate: `2026-${day <= 28 ? "10" : "09"}-${String(((day - 1) % 28) + 1).padStart(2, "0")}`,
      });
    }
    const id = await addSavedSearch("user_ada", "All seed", "stage=Seed", {
      since,
      due: "2026-11-21T07:00:00.000Z",
    });

    await buildDueDigests(database.db, {
      now: at("2026-11-21T07:00:00.000Z"),
      windowEnd: at("2026-11-21T07:00:00.000Z"),
    });

    const [digest] = await digestsOf(id);
    expect(digest?.company_count).toBe(DIGEST_LIST_LIMIT + 5);
    expect(digest?.company_ids).toHaveLength(DIGEST_LIST_LIMIT);
    const dates = await queryRows<{ id: number; last_funding_date: string }>(
      database.db,
      sql`select id, last_funding_date::text from companies where id = any(${sql.param(digest?.company_ids)}::integer[])`,
    );
    const byId = new Map(dates.map((row) => [Number(row.id), row.last_funding_date]));
    const listed = (digest?.company_ids ?? []).map((companyId) => byId.get(companyId) ?? "");
    expect(listed).toEqual([...listed].sort().reverse());
  });

  it("leaves out founders on the do-not-sell list, at building and again at sending", async () => {
    const since = "2026-11-20T07:00:00.000Z";
    await addCompany("Suppressed Early", "2026-11-20T09:00:00.000Z", { email: "gone@early.example" });
    const late = await addCompany("Suppressed Late", "2026-11-20T09:00:00.000Z", {
      email: "gone@late.example",
    });
    const kept = await addCompany("Kept", "2026-11-20T09:00:00.000Z", { email: "kept@kept.example" });
    await requestDoNotSell(database.db, "gone@early.example", SECRET);
    const id = await addSavedSearch("user_ada", "Seed", "stage=Seed", {
      since,
      due: "2026-11-21T07:00:00.000Z",
    });

    await buildDueDigests(database.db, {
      now: at("2026-11-21T07:00:00.000Z"),
      windowEnd: at("2026-11-21T07:00:00.000Z"),
    });
    expect(new Set((await digestsOf(id))[0]?.company_ids)).toEqual(new Set([late, kept]));

    await requestDoNotSell(database.db, "gone@late.example", SECRET);
    const mailer = recordingMailer();
    await deliverPendingDigests(database.db, {
      mailer,
      appUrl: APP_URL,
      runner: "a",
      now: at("2026-11-21T07:01:00Z"),
    });

    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]?.text).toContain("Kept");
    expect(mailer.sent[0]?.text).not.toContain("Suppressed");
    expect(mailer.sent[0]?.subject).toBe("1 new company in “Seed”");
  });

  it("sends nothing when nothing is new, and the window still moves on", async () => {
    await addCompany("Old News", "2026-11-01T09:00:00.000Z");
    const id = await addSavedSearch("user_ada", "Seed", "stage=Seed", {
      since: "2026-11-20T07:00:00.000Z",
      due: "2026-11-21T07:00:00.000Z",
    });
    const mailer = recordingMailer();

    const counts = await runAlerts(database.db, {
      mailer,
      appUrl: APP_URL,
      now: at("2026-11-21T07:00:00.000Z"),
    });

    expect(counts.build).toEqual({ built: 0, empty: 1, noAccess: 0, skipped: 0 });
    expect(mailer.sent).toHaveLength(0);
    expect(await digestsOf(id)).toHaveLength(0);
    expect(new Date((await savedSearch(id))?.next_digest_at as Date).toISOString()).toBe(
      "2026-11-22T07:00:00.000Z",
    );
  });

  it("builds nothing for a user without access, and drops a digest whose user lost access before it was sent", async () => {
    await addCompany("News", "2026-11-20T09:00:00.000Z");
    const bobs = await addSavedSearch("user_bob", "Seed", "stage=Seed", {
      since: "2026-11-20T07:00:00.000Z",
      due: "2026-11-21T07:00:00.000Z",
    });
    const adas = await addSavedSearch("user_ada", "Seed", "stage=Seed", {
      since: "2026-11-20T07:00:00.000Z",
      due: "2026-11-21T07:00:00.000Z",
    });

    const counts = await buildDueDigests(database.db, {
      now: at("2026-11-21T07:00:00.000Z"),
      windowEnd: at("2026-11-21T07:00:00.000Z"),
    });
    expect(counts).toEqual({ built: 1, empty: 0, noAccess: 1, skipped: 0 });
    expect(await digestsOf(bobs)).toHaveLength(0);

    await revokeGrantOf(database.db, "user_ada", "lifetime");
    const mailer = recordingMailer();
    const delivery = await deliverPendingDigests(database.db, {
      mailer,
      appUrl: APP_URL,
      runner: "a",
      now: at("2026-11-21T07:01:00.000Z"),
    });
    expect(delivery.dropped).toBe(1);
    expect(mailer.sent).toHaveLength(0);
    expect((await digestsOf(adas))[0]?.status).toBe("dropped");
  });

  it("records a company again when its last round changes, not when other fields do", async () => {
    const id = await addCompany("Roundy", "2026-01-01T00:00:00.000Z");
    const recorded = async () =>
      new Date(
        (
          await queryRows<{ t: Date }>(
            database.db,
            sql`select round_recorded_at as t from companies where id = ${id}`,
          )
        )[0]?.t as Date,
      ).toISOString();

    await database.db.execute(sql`update companies set description = 'New words' where id = ${id}`);
    expect(await recorded()).toBe("2026-01-01T00:00:00.000Z");

    await database.db.execute(sql`update companies set last_funding_type = 'Series A' where id = ${id}`);
    expect(await recorded()).not.toBe("2026-01-01T00:00:00.000Z");
    expect(Date.now() - new Date(await recorded()).getTime()).toBeLessThan(60_000);
  });

  it("ends the window at the database's clock, after every import batch committed before it", async () => {
    const before = await addCompany("Before", "2026-01-01T00:00:00.000Z");
    await database.db.execute(sql`update companies set last_funding_type = 'Series A' where id = ${before}`);
    const end = await digestWindowEnd(database.db);
    const [row] = await queryRows<{ t: Date }>(
      database.db,
      sql`select round_recorded_at as t from companies where id = ${before}`,
    );
    expect(new Date(row?.t as Date).getTime()).toBeLessThanOrEqual(end.getTime());
  });
});

describe("exactly once", () => {
  async function dueSearches(count: number): Promise<number[]> {
    await addCompany("News", "2026-11-20T09:00:00.000Z");
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) {
      ids.push(
        await addSavedSearch("user_ada", `Seed ${index}`, "stage=Seed", {
          since: "2026-11-20T07:00:00.000Z",
          due: "2026-11-21T07:00:00.000Z",
        }),
      );
    }
    return ids;
  }

  it("sends each digest once when two schedulers race over the same searches", async () => {
    const ids = await dueSearches(24);
    const mailer = recordingMailer();
    const now = at("2026-11-21T07:00:30.000Z");

    const [first, second] = await Promise.all([
      runAlerts(database.db, { mailer, appUrl: APP_URL, now, runner: "process-1" }),
      runAlerts(database.db, { mailer, appUrl: APP_URL, now, runner: "process-2" }),
    ]);

    expect((first?.build.built ?? 0) + (second?.build.built ?? 0)).toBe(ids.length);
    expect((first?.delivery.sent ?? 0) + (second?.delivery.sent ?? 0)).toBe(ids.length);
    expect(mailer.sent).toHaveLength(ids.length);
    expect(new Set(mailer.sent.map((mail) => mail.headers?.["Message-ID"])).size).toBe(ids.length);
    for (const id of ids) expect((await digestsOf(id)).map((digest) => digest.status)).toEqual(["sent"]);

    // The same period again, from either process: nothing more.
    await runAlerts(database.db, { mailer, appUrl: APP_URL, now, runner: "process-1" });
    expect(mailer.sent).toHaveLength(ids.length);
  });

  it("resumes a run cut off between two batches without building any search twice", async () => {
    const ids = await dueSearches(10);
    const now = at("2026-11-21T07:00:30.000Z");
    const windowEnd = await digestWindowEnd(database.db);
    let settled = 0;
    await expect(
      buildDueDigests(database.db, {
        now,
        windowEnd,
        batchSize: 3,
        afterEach: () => {
          settled += 1;
          if (settled === 4) throw new Error("the process was killed");
        },
      }),
    ).rejects.toThrow("killed");
    const [before] = await queryRows<{ count: string }>(
      database.db,
      sql`select count(*) as count from alert_digests`,
    );
    // Two batches of three committed before the process died.
    expect(Number(before?.count)).toBe(6);

    const mailer = recordingMailer();
    const counts = await runAlerts(database.db, { mailer, appUrl: APP_URL, now, runner: "restarted" });

    expect(counts.build.built).toBe(4);
    expect(mailer.sent).toHaveLength(10);
    for (const id of ids) expect(await digestsOf(id)).toHaveLength(1);
  });

  it("rolls back a batch cut off inside its transaction: its searches stay due and are built once later", async () => {
    const ids = await dueSearches(5);
    const now = at("2026-11-21T07:00:30.000Z");
    // A saved search whose query the database cannot run stands for a crash in the middle of the batch.
    await database.db.execute(sql`update saved_searches set query = 'amount=1m-5m' where id = ${ids[2]}`);
    await database.db.execute(
      sql`alter table companies rename column last_funding_amount_usd to amount_gone`,
    );
    try {
      await expect(
        buildDueDigests(database.db, { now, windowEnd: await digestWindowEnd(database.db) }),
      ).rejects.toThrow();
    } finally {
      await database.db.execute(
        sql`alter table companies rename column amount_gone to last_funding_amount_usd`,
      );
    }
    const [none] = await queryRows<{ count: string }>(
      database.db,
      sql`select count(*) as count from alert_digests`,
    );
    expect(Number(none?.count)).toBe(0);

    await database.db.execute(sql`update saved_searches set query = 'stage=Seed' where id = ${ids[2]}`);
    const mailer = recordingMailer();
    await runAlerts(database.db, { mailer, appUrl: APP_URL, now, runner: "restarted" });
    expect(mailer.sent).toHaveLength(5);
  });

  it("never sends again a digest whose sender stopped after the SMTP server took it", async () => {
    const [id] = await dueSearches(1);
    const mailer = recordingMailer();
    const now = at("2026-11-21T07:00:30.000Z");
    const windowEnd = await digestWindowEnd(database.db);
    await buildDueDigests(database.db, { now, windowEnd });
    await expect(
      deliverPendingDigests(database.db, {
        mailer,
        appUrl: APP_URL,
        runner: "dying",
        now,
        afterSend: () => {
          throw new Error("the process was killed");
        },
      }),
    ).rejects.toThrow("killed");
    expect(mailer.sent).toHaveLength(1);
    expect((await digestsOf(Number(id)))[0]?.status).toBe("sending");

    // Restarted soon after: the claim is still fresh, so it is left alone.
    const restarted = await runAlerts(database.db, { mailer, appUrl: APP_URL, now, runner: "restarted" });
    expect(restarted.delivery).toMatchObject({ sent: 0, abandoned: 0 });
    // Later: whether the SMTP server took it cannot be known, so it is marked unknown, never sent again.
    const later = await deliverPendingDigests(database.db, {
      mailer,
      appUrl: APP_URL,
      runner: "restarted",
      now: new Date(Date.now() + STALE_SENDING_MS + 60_000),
    });
    expect(later).toMatchObject({ sent: 0, abandoned: 1 });
    expect((await digestsOf(Number(id)))[0]?.status).toBe("unknown");
    expect(mailer.sent).toHaveLength(1);
  });

  it("tries a refused digest again later, and marks it failed after the last try", async () => {
    const [id] = await dueSearches(1);
    const mailer = recordingMailer();
    mailer.refuse(true);
    let now = at("2026-11-21T07:00:30.000Z");
    const first = await runAlerts(database.db, { mailer, appUrl: APP_URL, now, runner: "a" });
    expect(first.delivery.retried).toBe(1);
    expect((await digestsOf(Number(id)))[0]?.status).toBe("pending");

    // Not before its retry time.
    const early = await deliverPendingDigests(database.db, { mailer, appUrl: APP_URL, runner: "a", now });
    expect(early.retried).toBe(0);

    for (let attempt = 2; attempt <= MAX_SEND_ATTEMPTS; attempt += 1) {
      now = new Date(now.getTime() + 2 ** attempt * 60_000 + 60_000);
      await database.db.execute(sql`update alert_digests set retry_at = ${now.toISOString()}::timestamptz`);
      await deliverPendingDigests(database.db, { mailer, appUrl: APP_URL, runner: "a", now });
    }
    expect((await digestsOf(Number(id)))[0]?.status).toBe("failed");
    expect(mailer.sent).toHaveLength(0);
  });

  it("sends a refused digest once the SMTP server takes it", async () => {
    await dueSearches(1);
    const mailer = recordingMailer();
    mailer.refuse(true);
    const now = at("2026-11-21T07:00:30.000Z");
    await runAlerts(database.db, { mailer, appUrl: APP_URL, now, runner: "a" });
    mailer.refuse(false);
    const later = new Date(now.getTime() + 3 * 60_000);
    const counts = await runAlerts(database.db, { mailer, appUrl: APP_URL, now: later, runner: "a" });
    expect(counts.delivery.sent).toBe(1);
    await runAlerts(database.db, {
      mailer,
      appUrl: APP_URL,
      now: new Date(later.getTime() + 3600_000),
      runner: "a",
    });
    expect(mailer.sent).toHaveLength(1);
  });
});

describe("the digest email and its unsubscribe link", () => {
  it("links each company and the search, and carries a one-click unsubscribe that stops the alerts at once", async () => {
    await addCompany("Ledgerly", "2026-11-20T09:00:00.000Z", { slug: "ledgerly", city: "Berlin" });
    const id = await addSavedSearch(
      "user_ada",
      "Berlin seed",
      "stage=Seed&location=Berlin%2C+Berlin%2C+Germany",
      {
        since: "2026-11-20T07:00:00.000Z",
        due: "2026-11-21T07:00:00.000Z",
      },
    );
    await database.db.execute(
      sql`update companies set city = 'Berlin', region = 'Berlin', country = 'Germany'`,
    );
    const mailer = recordingMailer();
    await runAlerts(database.db, { mailer, appUrl: APP_URL, now: at("2026-11-21T07:00:00.000Z") });

    const [mail] = mailer.sent;
    expect(mail?.to).toBe("ada@example.com");
    expect(mail?.html).toContain(`href="${APP_URL}/company/ledgerly"`);
    expect(mail?.text).toContain(`${APP_URL}/search?stage=Seed&location=Berlin%2C+Berlin%2C+Germany`);
    const unsubscribe = mail?.headers?.["List-Unsubscribe"]?.slice(1, -1) ?? "";
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail?.text).toContain(unsubscribe);
    const token = unsubscribe.split("/").at(-1);
    expect(readUnsubscribeToken(token)).toBe(id);

    const target = await unsubscribeTarget(database.db, token);
    expect(target).toEqual({ savedSearchId: id, name: "Berlin seed", isOn: true });
    await stopAlerts(database.db, id);
    expect(await savedSearch(id)).toMatchObject({ alert: "off", next_digest_at: null });
    // Due or not, an unsubscribed search gets nothing more.
    await addCompany("Later", "2026-11-21T09:00:00.000Z");
    await runAlerts(database.db, { mailer, appUrl: APP_URL, now: at("2026-11-28T07:00:00.000Z") });
    expect(mailer.sent).toHaveLength(1);
  });

  it("refuses tokens it did not sign, altered ones and garbage", () => {
    const token = unsubscribeToken(42, SECRET);
    expect(readUnsubscribeToken(token, SECRET)).toBe(42);
    expect(readUnsubscribeToken(token.replace(/^42\./, "43."), SECRET)).toBeNull();
    expect(
      readUnsubscribeToken(unsubscribeToken(42, "another-secret-0123456789-0123456789"), SECRET),
    ).toBeNull();
    for (const garbage of ["", "42", "42.", "x.y", null, 42, `${"9".repeat(30)}.abc`])
      expect(readUnsubscribeToken(garbage, SECRET)).toBeNull();
  });

  it("drops a digest built but not sent yet when its search is unsubscribed", async () => {
    await addCompany("News", "2026-11-20T09:00:00.000Z");
    const id = await addSavedSearch("user_ada", "Seed", "stage=Seed", {
      since: "2026-11-20T07:00:00.000Z",
      due: "2026-11-21T07:00:00.000Z",
    });
    await buildDueDigests(database.db, {
      now: at("2026-11-21T07:00:00Z"),
      windowEnd: at("2026-11-21T07:00:00Z"),
    });
    await stopAlerts(database.db, id);
    const mailer = recordingMailer();
    await deliverPendingDigests(database.db, {
      mailer,
      appUrl: APP_URL,
      runner: "a",
      now: at("2026-11-21T07:01:00Z"),
    });
    expect(mailer.sent).toHaveLength(0);
    expect((await digestsOf(id))[0]?.status).toBe("dropped");
  });
});
