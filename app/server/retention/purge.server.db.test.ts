import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { user } from "~tests/fixtures/factories";
import {
  adminAuditLog,
  alertDigests,
  apiKeys,
  apiUsage,
  authAuditEvents,
  contactSubmissions,
  mailMessages,
  publicFormHits,
  rateLimits,
  savedSearches,
  sessions,
  users,
  verifications,
  webhookDeliveries,
  webhookEndpoints,
} from "../db/schema";
import { purgeExpiredRecords } from "./purge.server";

const database = setUpTestDatabase();

const NOW = new Date("2026-11-21T12:00:00Z");
const OLD = new Date("2024-11-20T12:00:00Z"); // 24 months and a day ago
const KEPT = new Date("2024-11-22T12:00:00Z"); // a day short of 24 months
const HOURS_AGO = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);

describe("purgeExpiredRecords (privacy policy: how long we keep it)", () => {
  it("deletes audit events, messages to us and mail copies older than 24 months, and keeps newer ones", async () => {
    const db = database.db;
    await db.insert(authAuditEvents).values([
      { event: "sign_in", email: "old@example.com", createdAt: OLD },
      { event: "sign_in", email: "kept@example.com", createdAt: KEPT },
    ]);
    const form = { kind: "contact" as const, name: "A", message: "Hello" };
    await db.insert(contactSubmissions).values([
      { ...form, email: "old@example.com", createdAt: OLD },
      { ...form, email: "kept@example.com", createdAt: KEPT },
    ]);
    const mail = { fromAddress: "r@example.com", subject: "s", textBody: "t", htmlBody: "h" };
    await db.insert(mailMessages).values([
      { ...mail, toAddress: "old@example.com", createdAt: OLD },
      { ...mail, toAddress: "kept@example.com", createdAt: KEPT },
    ]);

    const entry = { actorEmail: "boss@example.com", action: "user.ban", targetType: "user" };
    await db.insert(adminAuditLog).values([
      { ...entry, targetLabel: "old@example.com", createdAt: OLD },
      { ...entry, targetLabel: "kept@example.com", createdAt: KEPT },
    ]);

    const counts = await purgeExpiredRecords(db, NOW);

    expect(counts).toMatchObject({
      auditEvents: 1,
      adminAuditEntries: 1,
      contactSubmissions: 1,
      mailMessages: 1,
    });
    expect((await db.select().from(adminAuditLog)).map((row) => row.targetLabel)).toEqual([
      "kept@example.com",
    ]);
    expect((await db.select().from(authAuditEvents)).map((row) => row.email)).toEqual(["kept@example.com"]);
    expect((await db.select().from(contactSubmissions)).map((row) => row.email)).toEqual([
      "kept@example.com",
    ]);
    expect((await db.select().from(mailMessages)).map((row) => row.toAddress)).toEqual(["kept@example.com"]);
  });

  it("forgets the API's counted windows two days after they start", async () => {
    const db = database.db;
    const [owner] = await db
      .insert(users)
      .values(user({ name: "Api Owner" }))
      .returning({ id: users.id });
    if (!owner) throw new Error("no user");
    const [key] = await db
      .insert(apiKeys)
      .values({ userId: owner.id, name: "k", prefix: "rl_live_abcdef", keyHash: "hash-of-k" })
      .returning({ id: apiKeys.id });
    if (!key) throw new Error("no key");
    await db.insert(apiUsage).values([
      { keyId: key.id, window: "day", startsAt: HOURS_AGO(49), count: 5 },
      { keyId: key.id, window: "day", startsAt: HOURS_AGO(24), count: 7 },
      { keyId: key.id, window: "minute", startsAt: HOURS_AGO(50), count: 1 },
    ]);
    expect((await purgeExpiredRecords(db, NOW)).apiUsage).toBe(2);
    expect((await db.select().from(apiUsage)).map((row) => row.count)).toEqual([7]);
  });

  it("forgets settled webhook deliveries after 30 days, never a waiting one", async () => {
    const db = database.db;
    await db.insert(users).values(user({ name: "Hook Owner" }));
    const [search] = await db
      .insert(savedSearches)
      .values({ userId: "user_hook_owner", name: "Seed", query: "stage=Seed", alert: "daily" })
      .returning({ id: savedSearches.id });
    if (!search) throw new Error("no saved search");
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        userId: "user_hook_owner",
        savedSearchId: search.id,
        kind: "webhook",
        url: "https://a.example/h",
      })
      .returning({ id: webhookEndpoints.id });
    const digests = await db
      .insert(alertDigests)
      .values(
        [1, 2, 3].map((day) => ({
          savedSearchId: search.id,
          userId: "user_hook_owner",
          scheduledFor: HOURS_AGO(24 * day),
          windowFrom: HOURS_AGO(24 * day + 24),
          windowTo: HOURS_AGO(24 * day),
          companyCount: 1,
          companyIds: [1],
        })),
      )
      .returning({ id: alertDigests.id });
    const [old, recent, waiting] = digests.map((digest) => digest.id);
    if (!endpoint || old === undefined || recent === undefined || waiting === undefined)
      throw new Error("no rows");
    await db.insert(webhookDeliveries).values([
      {
        endpointId: endpoint.id,
        digestId: old,
        eventId: "evt_old",
        status: "delivered",
        createdAt: HOURS_AGO(24 * 31),
      },
      {
        endpointId: endpoint.id,
        digestId: recent,
        eventId: "evt_recent",
        status: "failed",
        createdAt: HOURS_AGO(24 * 29),
      },
      {
        endpointId: endpoint.id,
        digestId: waiting,
        eventId: "evt_waiting",
        status: "pending",
        createdAt: HOURS_AGO(24 * 40),
      },
    ]);
    expect((await purgeExpiredRecords(db, NOW)).webhookDeliveries).toBe(1);
    const left = await db.select({ eventId: webhookDeliveries.eventId }).from(webhookDeliveries);
    expect(left.map((row) => row.eventId).sort()).toEqual(["evt_recent", "evt_waiting"]);
  });

  it("forgets rate-limit records past their window and expired sessions and tokens", async () => {
    const db = database.db;
    await db.insert(publicFormHits).values([
      { form: "contact", ipAddress: "203.0.113.1", createdAt: HOURS_AGO(2) },
      { form: "contact", ipAddress: "203.0.113.2", createdAt: HOURS_AGO(0.5) },
    ]);
    await db.insert(rateLimits).values([
      { id: "old", key: "203.0.113.1/sign-in", count: 3, lastRequest: HOURS_AGO(25).getTime() },
      { id: "new", key: "203.0.113.2/sign-in", count: 1, lastRequest: HOURS_AGO(1).getTime() },
    ]);
    await db.insert(users).values(user({ id: "u1" }));
    await db.insert(sessions).values([
      { id: "s-old", token: "expired", userId: "u1", expiresAt: HOURS_AGO(1) },
      { id: "s-new", token: "current", userId: "u1", expiresAt: HOURS_AGO(-24) },
    ]);
    await db.insert(verifications).values([
      { id: "v-old", identifier: "reset", value: "a", expiresAt: HOURS_AGO(1) },
      { id: "v-new", identifier: "reset", value: "b", expiresAt: HOURS_AGO(-1) },
    ]);

    const counts = await purgeExpiredRecords(db, NOW);

    expect(counts).toMatchObject({ formHits: 1, rateLimits: 1, expiredSessions: 1, expiredVerifications: 1 });
    expect((await db.select().from(publicFormHits)).map((row) => row.ipAddress)).toEqual(["203.0.113.2"]);
    expect((await db.select().from(rateLimits)).map((row) => row.id)).toEqual(["new"]);
    expect((await db.select().from(sessions)).map((row) => row.id)).toEqual(["s-new"]);
    expect((await db.select().from(verifications)).map((row) => row.id)).toEqual(["v-new"]);
    // The user and their account stay: only what expired goes.
    expect(await db.select().from(users)).toHaveLength(1);
  });

  it("does nothing on a second run", async () => {
    await database.db
      .insert(authAuditEvents)
      .values({ event: "sign_in", email: "old@example.com", createdAt: OLD });
    await purgeExpiredRecords(database.db, NOW);
    expect(Object.values(await purgeExpiredRecords(database.db, NOW)).every((n) => n === 0)).toBe(true);
  });
});
