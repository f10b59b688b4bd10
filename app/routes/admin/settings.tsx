import { data, Form, redirect, useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { Button } from "~/components/ui/button";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { FormAlert } from "~/components/ui/form-alert";
import { TextField } from "~/components/ui/text-field";
import { useSchemaValidation } from "~/components/ui/use-schema-validation";
import { PRODUCT_NAME } from "~/core/brand";
import { ADMIN_CONSOLE_TOASTS } from "~/core/messages";
import {
  CLAIM_LIMITS,
  HIDE_LP_SEARCH_NOTE,
  HIDE_LP_SEARCH_VALUE,
  siteSettingsSchema,
} from "~/core/site-settings-form";
import { requireAdminActor } from "~/server/admin/admin-request.server";
import { loadSettingsForAdmin, saveSettingsForAdmin } from "~/server/admin/settings-admin.server";
import { flashCookie } from "~/server/flash.server";
import { readForm } from "~/server/read-body.server";
import type { Route } from "./+types/settings";

/** /admin/settings: the site_settings row of docs/product.md#data (LP search switch, the home page's marketing claims). */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminActor(request);
  const result = await loadSettingsForAdmin(db);
  if (result.status === "failed") return data({ settings: null, error: result.error }, { status: 500 });
  return { settings: result.settings, error: null };
}

/** One form (no `intent`): validated, saved with its audit entry, then a redirect with a toast (PRG). */
export async function action({ request }: Route.ActionArgs) {
  const { db, actor } = await requireAdminActor(request);
  const result = await saveSettingsForAdmin(db, actor, await readForm(request));
  if (result.status === "saved" || result.status === "unchanged") {
    const toast =
      result.status === "saved" ? ADMIN_CONSOLE_TOASTS.settingsSaved : ADMIN_CONSOLE_TOASTS.settingsUnchanged;
    throw redirect("/admin/settings", { headers: { "Set-Cookie": flashCookie(toast) } });
  }
  if (result.status === "invalid")
    return data({ error: null, fieldErrors: result.fieldErrors, values: result.values }, { status: 400 });
  return data({ error: result.error, fieldErrors: {}, values: result.values }, { status: 500 });
}

export function meta() {
  return [{ title: `Settings | Admin | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { fieldErrors, validate } = useSchemaValidation(siteSettingsSchema, actionData?.fieldErrors ?? {});
  const header = (
    <AdminPageHeader
      title="Settings"
      description="Site-wide switches and the figures the home page quotes. A save shows on public pages at once."
    />
  );
  if (!loaderData.settings) {
    return (
      <>
        {header}
        <FormAlert>{loaderData.error}</FormAlert>
      </>
    );
  }
  // After a refusal the form shows what was typed, not the stored values.
  const shown = actionData?.values ?? loaderData.settings;
  return (
    <>
      {header}
      <Form
        method="post"
        noValidate
        onSubmit={validate}
        // A new key after each answer remounts the fields with the values to show (defaultValue is read once).
        key={JSON.stringify(shown)}
        className="flex max-w-xl flex-col gap-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        {actionData?.error ? <FormAlert>{actionData.error}</FormAlert> : null}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-base font-semibold text-slate-900">LP database</legend>
          <CheckboxField
            label="Hide LP search (the LPs link in the header and the LP section of the home page)"
            name="hideLpSearch"
            value={HIDE_LP_SEARCH_VALUE}
            defaultValue={shown.hideLpSearch ? HIDE_LP_SEARCH_VALUE : undefined}
            error={fieldErrors.hideLpSearch}
          />
          <p className="text-sm text-slate-600">{HIDE_LP_SEARCH_NOTE}</p>
        </fieldset>
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-base font-semibold text-slate-900">Home page claims</legend>
          <TextField
            label="Contacts exported"
            name="contactsExportedClaim"
            hint='Shown as "… contacts exported", e.g. 1.2m+'
            defaultValue={shown.contactsExportedClaim}
            error={fieldErrors.contactsExportedClaim}
            {...CLAIM_LIMITS}
          />
          <TextField
            label="Businesses trusted"
            name="businessesTrustedClaim"
            hint='Shown as "Trusted by … businesses", e.g. 2,000+'
            defaultValue={shown.businessesTrustedClaim}
            error={fieldErrors.businessesTrustedClaim}
            {...CLAIM_LIMITS}
          />
        </fieldset>
        <Button type="submit" isBusy={navigation.state === "submitting"} className="self-start">
          Save settings
        </Button>
      </Form>
    </>
  );
}
