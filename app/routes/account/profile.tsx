import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { ApiKeysSection } from "~/components/account/api-keys-section";
import { BounceListUpload } from "~/components/account/bounce-list-upload";
import { ExportHistorySection } from "~/components/account/export-history-section";
import { WebhooksSection } from "~/components/account/webhooks-section";
import { InvoiceList } from "~/components/billing/invoice-list";
import { SubscriptionSection } from "~/components/billing/subscription-section";
import { ProfileSavedSearches } from "~/components/saved-searches/profile-saved-searches";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormAlert } from "~/components/ui/form-alert";
import { TextField } from "~/components/ui/text-field";
import { BOUNCE_TEXTS } from "~/core/bounce-report";
import { rootOrigin, seo } from "~/core/seo";
import { WEBHOOK_TEXTS } from "~/core/webhooks";
import type { Route } from "./+types/profile";
import { loadProfile, type ProfileIntent, profileAction } from "./profile.server";

export function loader({ request }: Route.LoaderArgs) {
  return loadProfile(request);
}

export function action({ request }: Route.ActionArgs) {
  return profileAction(request);
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    origin: rootOrigin(matches),
    title: "Account Settings",
    description: "Your name, password and subscription.",
    path: "/profile",
    noindex: true,
  });
}

const lastLoginFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const errorsFor = (intent: ProfileIntent): Record<string, string | undefined> =>
    actionData?.intent === intent ? actionData.fieldErrors : {};
  const messageFor = (intent: ProfileIntent) => (actionData?.intent === intent ? actionData.error : null);
  const [isDeleteOpen, setIsDeleteOpen] = useState(actionData?.intent === "delete");

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-12">
      <h1 className="text-3xl font-semibold text-slate-900">Account Settings</h1>

      <Section id="profile-title" title="Profile">
        <dl className="mb-5 grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Email</dt>
            <dd className="font-medium text-slate-900">{user.email}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Last login</dt>
            <dd className="font-medium text-slate-900">
              {user.lastLogin ? `${lastLoginFormat.format(new Date(user.lastLogin))} UTC` : "Never"}
            </dd>
          </div>
        </dl>
        <Form method="post" noValidate className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="profile" />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First name"
              name="firstName"
              autoComplete="given-name"
              defaultValue={user.firstName ?? ""}
              error={errorsFor("profile").firstName}
            />
            <TextField
              label="Last name"
              name="lastName"
              autoComplete="family-name"
              defaultValue={user.lastName ?? ""}
              error={errorsFor("profile").lastName}
            />
          </div>
          <Button type="submit" isBusy={busyIntent === "profile"} className="self-start">
            Save changes
          </Button>
        </Form>
      </Section>

      <Section id="subscription-title" title="Subscription">
        {messageFor("subscription") ? (
          <FormAlert className="mb-3">{messageFor("subscription")}</FormAlert>
        ) : null}
        <SubscriptionSection
          subscription={loaderData.subscription}
          controls={loaderData.controls}
          lpPlan={loaderData.lpPlan}
        />
      </Section>

      <Section id="invoices-title" title="Invoices and receipts">
        <InvoiceList invoices={loaderData.invoices} />
      </Section>

      <Section id="saved-searches-title" title="Saved searches">
        <ProfileSavedSearches savedSearches={loaderData.savedSearches} />
      </Section>

      <Section id="exports-title" title="Your exports">
        <ExportHistorySection exports={loaderData.exports} />
      </Section>

      {loaderData.apiKeys ? (
        <Section id="api-keys-title" title="API keys">
          <ApiKeysSection
            keys={loaderData.apiKeys}
            created={actionData && "createdKey" in actionData ? actionData.createdKey : null}
            nameError={errorsFor("api-key").name}
            error={messageFor("api-key")}
          />
        </Section>
      ) : null}

      {loaderData.webhooks && loaderData.savedSearches ? (
        <Section id="webhooks-title" title={WEBHOOK_TEXTS.sectionTitle}>
          <WebhooksSection
            savedSearches={loaderData.savedSearches}
            endpoints={loaderData.webhooks.endpoints}
            deliveries={loaderData.webhooks.deliveries}
            created={actionData && "createdEndpoint" in actionData ? actionData.createdEndpoint : null}
            fieldErrors={errorsFor("webhook")}
            error={messageFor("webhook")}
          />
        </Section>
      ) : null}

      {loaderData.canReportBounces ? (
        <Section id="bounces-title" title={BOUNCE_TEXTS.uploadTitle}>
          <BounceListUpload />
        </Section>
      ) : null}

      <Section id="password-title" title="Change password">
        <Form method="post" noValidate className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="password" />
          {messageFor("password") ? <FormAlert>{messageFor("password")}</FormAlert> : null}
          <TextField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            error={errorsFor("password").currentPassword}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              error={errorsFor("password").password}
            />
            <TextField
              label="Confirm new password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              error={errorsFor("password").confirmPassword}
            />
          </div>
          <p className="text-sm text-slate-600">
            Changing your password signs you out on every other device.
          </p>
          <Button type="submit" isBusy={busyIntent === "password"} className="self-start">
            Change password
          </Button>
        </Form>
      </Section>

      <Section id="delete-title" title="Delete account">
        <p className="text-sm text-slate-600">
          This removes your account, your sessions and your activity for good. It cannot be undone.
        </p>
        <Button variant="danger" className="mt-4" onClick={() => setIsDeleteOpen(true)}>
          Delete account
        </Button>
        <Dialog
          open={isDeleteOpen}
          onOpenChange={setIsDeleteOpen}
          title="Delete your account?"
          description="Your account and its data are removed for good. Enter your password to confirm."
        >
          <Form method="post" noValidate className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="delete" />
            {messageFor("delete") ? <FormAlert>{messageFor("delete")}</FormAlert> : null}
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              error={errorsFor("delete").password}
            />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setIsDeleteOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" isBusy={busyIntent === "delete"}>
                Delete my account
              </Button>
            </div>
          </Form>
        </Dialog>
      </Section>
    </div>
  );
}
