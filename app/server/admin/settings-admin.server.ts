import type { FieldErrors } from "~/core/auth-forms";
import { fieldErrorsOf } from "~/core/auth-forms";
import { SITE_SETTINGS_ERRORS } from "~/core/messages";
import {
  type EditableSiteSettings,
  hasChanges,
  type SettingsChange,
  settingsChange,
  siteSettingsSchema,
} from "~/core/site-settings-form";
import type { Db } from "../db/database.server";
import { logger } from "../logger.server";
import { getSiteSettings, lockSiteSettings, updateSiteSettings } from "../settings/site-settings.server";
import { type AdminActor, recordAdminAction } from "./audit-log.server";

/** The settings form's fields as typed, echoed back after a refusal so nothing is lost. */
export interface SettingsFormValues {
  hideLpSearch: boolean;
  contactsExportedClaim: string;
  businessesTrustedClaim: string;
}

export type LoadSettingsResult =
  | { status: "loaded"; settings: EditableSiteSettings }
  | { status: "failed"; error: string };

/** The settings as the console edits them; a failed read becomes "Failed to load site settings" (docs/product.md#texts). */
export async function loadSettingsForAdmin(db: Db): Promise<LoadSettingsResult> {
  try {
    const { hideLpSearch, contactsExportedClaim, businessesTrustedClaim } = await getSiteSettings(db);
    return { status: "loaded", settings: { hideLpSearch, contactsExportedClaim, businessesTrustedClaim } };
  } catch (error) {
    logger.error({ err: error }, "admin settings: reading site_settings failed");
    return { status: "failed", error: SITE_SETTINGS_ERRORS.loadFailed };
  }
}

export type SaveSettingsResult =
  | { status: "saved"; change: SettingsChange }
  | { status: "unchanged" }
  | { status: "invalid"; fieldErrors: FieldErrors; values: SettingsFormValues }
  | { status: "failed"; error: string; values: SettingsFormValues };

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function valuesOf(form: FormData): SettingsFormValues {
  return {
    hideLpSearch: form.has("hideLpSearch"),
    contactsExportedClaim: text(form, "contactsExportedClaim"),
    businessesTrustedClaim: text(form, "businessesTrustedClaim"),
  };
}

/**
 * docs/product.md#admin: validates the settings form and saves it. The row and its audit entry (the changed fields
 * only, before and after) commit in one transaction; a form that changes nothing writes nothing. A refused
 * form writes nothing and comes back with its field errors and what was typed.
 */
export async function saveSettingsForAdmin(
  db: Db,
  actor: AdminActor,
  form: FormData,
): Promise<SaveSettingsResult> {
  const values = valuesOf(form);
  const parsed = siteSettingsSchema.safeParse({
    hideLpSearch: form.get("hideLpSearch") ?? undefined,
    contactsExportedClaim: form.get("contactsExportedClaim") ?? undefined,
    businessesTrustedClaim: form.get("businessesTrustedClaim") ?? undefined,
  });
  if (!parsed.success) return { status: "invalid", fieldErrors: fieldErrorsOf(parsed.error), values };
  const next = parsed.data;
  try {
    const change = await db.transaction(async (tx) => {
      const current = await lockSiteSettings(tx as Db);
      const found = settingsChange(current, next);
      if (!hasChanges(found)) return null;
      await updateSiteSettings(tx as Db, found.after);
      await recordAdminAction(tx as Db, actor, {
        action: "settings.update",
        targetType: "settings",
        targetId: "1",
        targetLabel: "site settings",
        before: found.before,
        after: found.after,
      });
      return found;
    });
    return change ? { status: "saved", change } : { status: "unchanged" };
  } catch (error) {
    logger.error({ err: error }, "admin settings: saving site_settings failed");
    return { status: "failed", error: SITE_SETTINGS_ERRORS.updateFailed, values };
  }
}
