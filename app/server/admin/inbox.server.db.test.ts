import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { user } from "~tests/fixtures/factories";
import { adminAuditLog, contactSubmissions, users } from "../db/schema";
import type { AdminActor } from "./audit-log.server";
import { listInboxMessages, setInboxMessageHandled } from "./inbox.server";

const database = setUpTestDatabase();
const ADMIN: AdminActor = { id: "user_boss", email: "boss@example.com", ipAddress: "203.0.113.9" };

type NewMessage = typeof contactSubmissions.$inferInsert;

function message(name: string, fields: Partial<NewMessage> = {}): NewMessage {
  return {
    kind: "contact",
    name,
    email: `${name.toLowerCase()}@example.com`,
    message: `A question from ${name}, long enough.`,
    ...fields,
  };
}

/** Four messages, a minute apart (Ann oldest), Cy's already handled. Returns their ids by name. */
async function seedInbox(): Promise<Record<string, number>> {
  await database.db.insert(users).values(user({ name: "Boss", email: ADMIN.email }));
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));
  const rows = await database.db
    .insert(contactSubmissions)
    .values([
      message("Ann", { createdAt: at(1) }),
      message("Bob", {
        kind: "trial",
        company: "Bob Co",
        details: { teamSize: "2-10" },
        createdAt: at(2),
      }),
      message("Cy", { createdAt: at(3), handledAt: at(10), handledBy: ADMIN.id }),
      message("Dee", { kind: "trial", createdAt: at(4) }),
    ])
    .returning({ id: contactSubmissions.id, name: contactSubmissions.name });
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

const names = (page: Awaited<ReturnType<typeof listInboxMessages>>) => page.messages.map((row) => row.name);

describe("listInboxMessages (docs/product.md#admin)", () => {
  it("lists open messages newest first by default, with the open counts per kind", async () => {
    await seedInbox();
    const page = await listInboxMessages(database.db, { page: 1, size: 50, status: "open" });
    expect(names(page)).toEqual(["Dee", "Bob", "Ann"]);
    expect(page.total).toBe(3);
    expect(page.openCounts).toEqual({ contact: 1, trial: 2 });
  });

  it("filters by status and kind, and keeps the open counts whatever the filters", async () => {
    await seedInbox();
    const handled = await listInboxMessages(database.db, { page: 1, size: 50, status: "handled" });
    expect(names(handled)).toEqual(["Cy"]);
    expect(handled.messages[0]?.handledByEmail).toBe(ADMIN.email);
    expect(handled.openCounts).toEqual({ contact: 1, trial: 2 });
    const all = await listInboxMessages(database.db, { page: 1, size: 50, status: "all" });
    expect(names(all)).toEqual(["Dee", "Cy", "Bob", "Ann"]);
    const trials = await listInboxMessages(database.db, { page: 1, size: 50, status: "all", kind: "trial" });
    expect(names(trials)).toEqual(["Dee", "Bob"]);
    expect(trials.messages[1]).toMatchObject({ company: "Bob Co", details: { teamSize: "2-10" } });
  });

  it("pages through the list, counting every match", async () => {
    await seedInbox();
    const second = await listInboxMessages(database.db, { page: 2, size: 2, status: "all" });
    expect(names(second)).toEqual(["Bob", "Ann"]);
    expect(second.total).toBe(4);
  });
});

describe("setInboxMessageHandled (docs/product.md#admin)", () => {
  it("marks a message handled by the admin, with its audit entry", async () => {
    const ids = await seedInbox();
    const ann = ids.Ann as number;
    expect(await setInboxMessageHandled(database.db, ADMIN, ann, true)).toBe("updated");
    const [row] = await database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, ann));
    expect(row?.handledBy).toBe(ADMIN.id);
    expect(row?.handledAt).toBeInstanceOf(Date);
    const log = await database.db.select().from(adminAuditLog);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: "inbox.handled",
      actorEmail: ADMIN.email,
      targetType: "inbox",
      targetId: String(ann),
      targetLabel: `Contact message #${ann}`,
      before: { handledAt: null, handledBy: null },
      after: { handledAt: row?.handledAt?.toISOString(), handledBy: ADMIN.id },
    });
    const open = await listInboxMessages(database.db, { page: 1, size: 50, status: "open" });
    expect(names(open)).toEqual(["Dee", "Bob"]);
    expect(open.openCounts).toEqual({ contact: 0, trial: 2 });
  });

  it("reopens a handled message, with its audit entry", async () => {
    const ids = await seedInbox();
    const cy = ids.Cy as number;
    expect(await setInboxMessageHandled(database.db, ADMIN, cy, false)).toBe("updated");
    const [row] = await database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, cy));
    expect(row).toMatchObject({ handledAt: null, handledBy: null });
    const [entry] = await database.db.select().from(adminAuditLog);
    expect(entry).toMatchObject({
      action: "inbox.reopened",
      targetId: String(cy),
      before: { handledAt: "2026-11-20T09:10:00.000Z", handledBy: ADMIN.id },
      after: { handledAt: null, handledBy: null },
    });
  });

  it("leaves a message already in that state alone, and logs nothing", async () => {
    const ids = await seedInbox();
    expect(await setInboxMessageHandled(database.db, ADMIN, ids.Cy as number, true)).toBe("unchanged");
    expect(await setInboxMessageHandled(database.db, ADMIN, ids.Ann as number, false)).toBe("unchanged");
    expect(await database.db.select().from(adminAuditLog)).toEqual([]);
  });

  it("answers not-found for an unknown message", async () => {
    await seedInbox();
    expect(await setInboxMessageHandled(database.db, ADMIN, 999_999, true)).toBe("not-found");
    expect(await database.db.select().from(adminAuditLog)).toEqual([]);
  });

  it("changes nothing when its audit entry cannot be written", async () => {
    const ids = await seedInbox();
    const ghost: AdminActor = { id: "user_gone", email: "gone@example.com", ipAddress: null };
    // No such account: the audit entry's actor reference fails after the message was reopened in the
    // transaction, which undoes the reopening too.
    await expect(setInboxMessageHandled(database.db, ghost, ids.Cy as number, false)).rejects.toThrow();
    const [row] = await database.db
      .select({ handledBy: contactSubmissions.handledBy })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, ids.Cy as number));
    expect(row?.handledBy).toBe(ADMIN.id);
    expect(await database.db.select().from(adminAuditLog)).toEqual([]);
  });
});
