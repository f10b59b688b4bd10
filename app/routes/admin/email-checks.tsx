import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigation, useRevalidator } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable, EmptyRow, Td, Th } from "~/components/admin/admin-table";
import { Button } from "~/components/ui/button";
import { controlClass, Field } from "~/components/ui/field";
import { TextField } from "~/components/ui/text-field";
import { PRODUCT_NAME } from "~/core/brand";
import { EMAIL_STATUS_LABELS, isEmailStatus } from "~/core/email-status";
import {
  MAX_RUN_SIZE,
  VERIFICATION_SELECTIONS,
  verificationSelectionLabel,
} from "~/core/email-verification-runs";
import { formatCount } from "~/core/format";
import { emailCheckStartedToast } from "~/core/messages";
import { requireAdminActor } from "~/server/admin/admin-request.server";
import { verifierConfiguration } from "~/server/email-status/configured-verifier.server";
import { startRunForAdmin } from "~/server/email-status/email-checks-admin.server";
import { latestVerificationRuns } from "~/server/email-status/verification-runs.server";
import { flashCookie } from "~/server/flash.server";
import { readForm } from "~/server/read-body.server";
import type { Route } from "./+types/email-checks";

/** How often the page asks again while a run is going. */
const POLL_MS = 2_000;

/** /admin/email-checks (decision 032): the verifier's configuration, a run for a selection, and the runs. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminActor(request);
  const config = verifierConfiguration();
  return { driver: config.driver, runs: await latestVerificationRuns(db) };
}

export async function action({ request }: Route.ActionArgs) {
  const { db, actor } = await requireAdminActor(request);
  const form = await readForm(request);
  const result = await startRunForAdmin(db, actor, form);
  if (result.status === "invalid")
    return data(
      {
        fieldErrors: result.fieldErrors,
        message: null,
        values: { selection: String(form.get("selection") ?? ""), limit: String(form.get("limit") ?? "") },
      },
      { status: 400 },
    );
  if (result.status === "refused")
    return data(
      {
        fieldErrors: {} as Record<string, string>,
        message: result.message,
        values: { selection: String(form.get("selection") ?? ""), limit: String(form.get("limit") ?? "") },
      },
      { status: 409 },
    );
  throw redirect("/admin/email-checks", {
    headers: { "Set-Cookie": flashCookie(emailCheckStartedToast(result.runId)) },
  });
}

export function meta() {
  return [{ title: `Email checks | Admin | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

const DRIVER_TEXT = {
  syntax:
    "Only each address's form is checked (syntax, throwaway domains, shared boxes). Set EMAIL_VERIFY_DRIVER to dns or smtp to check domains and mailboxes; the freshness job runs only then.",
  dns: "Each address's form and its domain's mail hosts (DNS) are checked. The freshness job checks due addresses every 15 minutes.",
  smtp: "Each address's form, its domain's mail hosts and the mailbox itself (SMTP, without sending) are checked. The freshness job checks due addresses every 15 minutes.",
} as const;

const timeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

function countsText(counts: Record<string, number>): string {
  const parts = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => {
      const label = isEmailStatus(status)
        ? EMAIL_STATUS_LABELS[status]
        : status === "not_found"
          ? "Not found"
          : status;
      return `${label} ${formatCount(count)}`;
    });
  return parts.length > 0 ? parts.join(" · ") : "-";
}

export default function AdminEmailChecks({ loaderData, actionData }: Route.ComponentProps) {
  const { driver, runs } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const isRunning = runs.some((run) => run.status === "running");
  // While a run is going, the page reads its progress again every two seconds.
  useEffect(() => {
    if (!isRunning) return;
    const timer = setInterval(() => void revalidate.current(), POLL_MS);
    return () => clearInterval(timer);
  }, [isRunning]);
  const errors = actionData?.fieldErrors ?? {};
  return (
    <>
      <AdminPageHeader
        title="Email checks"
        description="Each address's status, and when it was established, comes from these checks. Addresses are never sent mail: a mailbox check stops before anything is sent."
      />
      <p className="mb-6 max-w-3xl rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
        <span className="font-medium text-slate-900">Verifier: {driver}. </span>
        {DRIVER_TEXT[driver]}
      </p>

      <section
        aria-labelledby="start-check-title"
        className="mb-8 max-w-xl rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="start-check-title" className="text-lg font-semibold text-slate-900">
          Check a selection now
        </h2>
        {actionData?.message ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {actionData.message}
          </p>
        ) : null}
        <Form
          method="post"
          noValidate
          key={JSON.stringify(actionData?.values ?? null)}
          className="mt-4 flex flex-col gap-4"
        >
          <Field
            label="Addresses"
            error={errors.selection}
            hint="Due: never checked past their form, checked over 90 days ago, or an unknown answer due a retry. Finding an address tries the company's pattern (learnt from two known addresses, else the common ones)."
          >
            {(control) => (
              <select
                name="selection"
                {...control}
                defaultValue={actionData?.values.selection ?? "due"}
                className={`bg-white ${controlClass(errors.selection)}`}
              >
                {VERIFICATION_SELECTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            label="At most"
            name="limit"
            inputMode="numeric"
            required
            defaultValue={actionData?.values.limit ?? "1000"}
            hint={`Up to ${formatCount(MAX_RUN_SIZE)} addresses (or people) a run.`}
            error={errors.limit}
          />
          <Button type="submit" isBusy={navigation.state === "submitting"} className="self-start">
            Start the check
          </Button>
        </Form>
      </section>

      <AdminTable label="Email check runs">
        <thead>
          <tr>
            <Th>Run</Th>
            <Th>Started (UTC)</Th>
            <Th>Addresses</Th>
            <Th>Progress</Th>
            <Th>Outcome</Th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} data-testid="email-check-run">
              <Td>
                {run.id} · {run.trigger === "schedule" ? "Schedule" : "Admin"}
              </Td>
              <Td className="whitespace-nowrap">{timeFormat.format(new Date(run.startedAt))}</Td>
              <Td>{verificationSelectionLabel(run.selection)}</Td>
              <Td className="whitespace-nowrap">
                {run.status === "running" ? "Running: " : run.status === "failed" ? "Failed: " : "Done: "}
                {formatCount(run.checked)} of {formatCount(run.total)}
                {run.error ? <span className="block text-xs text-red-700">{run.error}</span> : null}
              </Td>
              <Td>{countsText(run.counts)}</Td>
            </tr>
          ))}
          {runs.length === 0 ? <EmptyRow columns={5}>No checks have run yet.</EmptyRow> : null}
        </tbody>
      </AdminTable>
    </>
  );
}
