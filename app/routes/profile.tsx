import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { SubscriptionSection, type SubscriptionSummary } from "~/components/billing/subscription-section";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { TextField } from "~/components/ui/text-field";
import { changePasswordSchema, fieldErrorsOf, profileSchema } from "~/core/auth-forms";
import { formatDate } from "~/core/format";
import { PLANS } from "~/core/plans";
import { rootOrigin, seo } from "~/core/seo";
import { changePassword, deleteAccount, updateProfile } from "~/server/auth/account.server";
import { getAuthServices } from "~/server/auth/auth-services.server";
import { requireUser } from "~/server/auth/session.server";
import { BillingError, getBillingState, manageSubscription } from "~/server/billing/billing.server";
import { getDb } from "~/server/db/connection.server";
import { env } from "~/server/env.server";
import { flashCookie } from "~/server/flash.server";
import type { Route } from "./+types/profile";

type Intent = "profile" | "password" | "manage" | "delete";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const billing = await getBillingState(await getDb(), user);
  const primary = billing.primary;
  const subscription: SubscriptionSummary | null = primary
    ? {
        planName: PLANS[primary.planId].name,
        status: primary.status,
        provider: primary.provider,
        trialEnd: primary.trialEnd?.toISOString() ?? null,
        currentPeriodEnd: primary.currentPeriodEnd?.toISOString() ?? null,
        cancelAtPeriodEnd: primary.cancelAtPeriodEnd,
      }
    : null;
  return { user, subscription };
}

function failed(
  intent: Intent,
  fieldErrors: Record<string, string | undefined>,
  error: string | null,
  status = 400,
) {
  return data({ intent, error, fieldErrors }, { status });
}

function redirectWithCookies(to: string, cookies: string[]) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(to, { headers });
}

const deleteSchema = z.object({ password: z.string().min(1, "Enter your password to confirm") });

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = Object.fromEntries(await request.formData());
  const services = await getAuthServices();

  if (form.intent === "profile") {
    const parsed = profileSchema.safeParse(form);
    if (!parsed.success) return failed("profile", fieldErrorsOf(parsed.error), null);
    await updateProfile(services.db, request, user, parsed.data);
    return redirectWithCookies("/profile", [
      flashCookie({
        title: "Profile updated",
        description: "Your changes have been saved.",
        type: "success",
      }),
    ]);
  }
  if (form.intent === "password") {
    const parsed = changePasswordSchema.safeParse(form);
    if (!parsed.success) return failed("password", fieldErrorsOf(parsed.error), null);
    const outcome = await changePassword(services, request, user.id, parsed.data);
    if (!outcome.ok)
      return failed(
        "password",
        outcome.fieldErrors ?? {},
        outcome.fieldErrors ? null : outcome.message,
        outcome.status,
      );
    return redirectWithCookies("/profile", [
      ...outcome.setCookies,
      flashCookie({
        title: "Password changed",
        description: "Your other sessions have been signed out.",
        type: "success",
      }),
    ]);
  }
  if (form.intent === "manage") {
    try {
      const outcome = await manageSubscription(services.db, env(), user.id);
      if (outcome.kind === "portal") return redirect(outcome.url);
      const until = outcome.endsAt
        ? ` You keep access until ${formatDate(outcome.endsAt.toISOString())}.`
        : "";
      return redirectWithCookies("/profile", [
        flashCookie({
          title: "Subscription canceled",
          description: `Your plan will not renew.${until}`,
          type: "success",
        }),
      ]);
    } catch (error) {
      if (error instanceof BillingError) return failed("manage", {}, error.message, error.status);
      throw error;
    }
  }
  if (form.intent === "delete") {
    const parsed = deleteSchema.safeParse(form);
    if (!parsed.success) return failed("delete", fieldErrorsOf(parsed.error), null);
    const outcome = await deleteAccount(services, request, user.id, parsed.data.password);
    if (!outcome.ok)
      return failed(
        "delete",
        outcome.fieldErrors ?? {},
        outcome.fieldErrors ? null : outcome.message,
        outcome.status,
      );
    return redirectWithCookies("/", [
      ...outcome.setCookies,
      flashCookie({
        title: "Account deleted",
        description: "Your account and its data have been removed.",
        type: "success",
      }),
    ]);
  }
  return data({ intent: null, error: "Unknown request.", fieldErrors: {} }, { status: 400 });
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
  const errorsFor = (intent: Intent): Record<string, string | undefined> =>
    actionData?.intent === intent ? actionData.fieldErrors : {};
  const messageFor = (intent: Intent) => (actionData?.intent === intent ? actionData.error : null);
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
        {messageFor("manage") ? (
          <p
            role="alert"
            className="mb-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {messageFor("manage")}
          </p>
        ) : null}
        <SubscriptionSection subscription={loaderData.subscription} />
      </Section>

      <Section id="password-title" title="Change password">
        <Form method="post" noValidate className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="password" />
          {messageFor("password") ? (
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {messageFor("password")}
            </p>
          ) : null}
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
            {messageFor("delete") ? (
              <p role="alert" className="text-sm text-red-800">
                {messageFor("delete")}
              </p>
            ) : null}
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
