import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SITE_SETTINGS_ERRORS } from "~/core/messages";
import { closedTestDatabase, setUpTestDatabase } from "~tests/fixtures/database";
import { user } from "~tests/fixtures/factories";
import { adminAuditLog, siteSettings, users } from "../db/schema";
import { getSiteSettings } from "../settings/site-settings.server";
import type { AdminActor } from "./audit-log.server";
import { loadSettingsForAdmin, saveSettingsForAdmin } from "./settings-admin.server";

const database = setUpTestDatabase();
const ADMIN: AdminActor = { id: "user_boss", email: "boss@example.com", ipAddress: "203.0.113.9" };

async function withAdmin(): Promise<void> {
  await database.db.insert(users).values(user({ name: "Boss", email: ADMIN.email }));
}

function settingsForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

// docs/product.md#lps: with the LP database built, LP search shows by default (migration 0021).
const DEFAULTS = { hideLpSearch: false, contactsExportedClaim: "1.2m+", businessesTrustedClaim: "2,000+" };

describe("loadSettingsForAdmin (docs/product.md#admin)", () => {
  it("reads the stored settings", async () => {
    expect(await loadSettingsForAdmin(database.db)).toEqual({ status: "loaded", settings: DEFAULTS });
  });

  it("says 'Failed to load site settings' when the read fails", async () => {
    const down = await closedTestDatabase();
    expect(await loadSettingsForAdmin(down.db)).toEqual({
      status: "failed",
      error: "Failed to load site settings",
    });
  });
});

describe("saveSettingsForAdmin (docs/product.md#admin, docs/product.md#data, site_settings)", () => {
  it("saves the row and logs the changed fields only, as they were and became", async () => {
    await withAdmin();
    const result = await saveSettingsForAdmin(
      database.db,
      ADMIN,
      settingsForm({
        hideLpSearch: "yes",
        contactsExportedClaim: " 1.5m+ ",
        businessesTrustedClaim: "2,000+",
      }),
    );
    expect(result.status).toBe("saved");
    // What the public pages read on their next request (no cache in between).
    expect(await getSiteSettings(database.db)).toEqual({
      hideLpSearch: true,
      contactsExportedClaim: "1.5m+",
      businessesTrustedClaim: "2,000+",
    });
    const log = await database.db.select().from(adminAuditLog);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      actorId: ADMIN.id,
      actorEmail: ADMIN.email,
      ipAddress: ADMIN.ipAddress,
      action: "settings.update",
      targetType: "settings",
      targetId: "1",
      before: { hideLpSearch: false, contactsExportedClaim: "1.2m+" },
      after: { hideLpSearch: true, contactsExportedClaim: "1.5m+" },
    });
  });

  it("stamps updated_at on a save", async () => {
    await withAdmin();
    // The row as last saved a minute ago (not a sleep: the stamp must move past it whatever the clock's grain).
    await database.db.update(siteSettings).set({ updatedAt: sql`now() - interval '1 minute'` });
    const [before] = await database.db.select().from(siteSettings);
    await saveSettingsForAdmin(
      database.db,
      ADMIN,
      settingsForm({ hideLpSearch: "yes", contactsExportedClaim: "2m+", businessesTrustedClaim: "2,000+" }),
    );
    const [after] = await database.db.select().from(siteSettings);
    expect(after?.updatedAt.getTime()).toBeGreaterThan(
      before?.updatedAt.getTime() ?? Number.POSITIVE_INFINITY,
    );
  });

  it("writes nothing, and logs nothing, when the form repeats the stored values", async () => {
    await withAdmin();
    const [before] = await database.db.select().from(siteSettings);
    const result = await saveSettingsForAdmin(
      database.db,
      ADMIN,
      settingsForm({ contactsExportedClaim: "1.2m+", businessesTrustedClaim: "2,000+" }),
    );
    expect(result).toEqual({ status: "unchanged" });
    expect(await database.db.select().from(adminAuditLog)).toEqual([]);
    expect(await database.db.select().from(siteSettings)).toEqual([before]);
  });

  it("refuses bad input field by field, keeps what was typed, and writes nothing", async () => {
    await withAdmin();
    const typed = { contactsExportedClaim: "<script>", businessesTrustedClaim: "x".repeat(21) };
    const result = await saveSettingsForAdmin(database.db, ADMIN, settingsForm(typed));
    expect(result).toEqual({
      status: "invalid",
      fieldErrors: {
        contactsExportedClaim: "Contacts exported may hold only letters, digits, spaces and . , +",
        businessesTrustedClaim: "Businesses trusted must be at most 20 characters",
      },
      values: { hideLpSearch: false, ...typed },
    });
    expect(await getSiteSettings(database.db)).toEqual(DEFAULTS);
    expect(await database.db.select().from(adminAuditLog)).toEqual([]);
  });

  it("commits the change with its audit entry or not at all", async () => {
    // No such account: the audit entry's actor reference fails, after the row was updated in the transaction.
    const ghost: AdminActor = { id: "user_gone", email: "gone@example.com", ipAddress: null };
    const typed = { contactsExportedClaim: "9m+", businessesTrustedClaim: "2,000+" };
    const result = await saveSettingsForAdmin(database.db, ghost, settingsForm(typed));
    expect(result).toEqual({
      status: "failed",
      error: SITE_SETTINGS_ERRORS.updateFailed,
      values: { hideLpSearch: false, ...typed },
    });
    expect(SITE_SETTINGS_ERRORS.updateFailed).toBe("Failed to update site settings");
    expect(await getSiteSettings(database.db)).toEqual(DEFAULTS);
    expect(await database.db.select().from(adminAuditLog)).toEqual([]);
  });
});
