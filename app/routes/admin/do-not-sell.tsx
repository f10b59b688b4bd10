import { data, Form, redirect, useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminPager } from "~/components/admin/admin-pager";
import { AdminTable, EmptyRow, Td, Th } from "~/components/admin/admin-table";
import { Button } from "~/components/ui/button";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { TextField } from "~/components/ui/text-field";
import { useSchemaValidation } from "~/components/ui/use-schema-validation";
import { adminDoNotSellSchema } from "~/core/admin-do-not-sell";
import { pageFromUrl } from "~/core/admin-list-params";
import { PRODUCT_NAME } from "~/core/brand";
import { MAX_EMAIL_LENGTH } from "~/core/email-address";
import { formatCount } from "~/core/format";
import { suppressionAddedToast } from "~/core/messages";
import { requireAdminActor } from "~/server/admin/admin-request.server";
import {
  addSuppressionForAdmin,
  listSuppressions,
  suppressionSummary,
} from "~/server/admin/do-not-sell-admin.server";
import { flashCookie } from "~/server/flash.server";
import { readForm } from "~/server/read-body.server";
import type { Route } from "./+types/do-not-sell";

const PAGE_SIZE = 50;

/** /admin/do-not-sell: the suppression list as counts, dates and hash references; never an address. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminActor(request);
  const page = pageFromUrl(new URL(request.url));
  const [summary, entries] = await Promise.all([
    suppressionSummary(db),
    listSuppressions(db, { page, size: PAGE_SIZE }),
  ]);
  return {
    page,
    addresses: summary.addresses,
    companies: summary.companies,
    firstRequestedAt: summary.firstRequestedAt?.toISOString() ?? null,
    lastRequestedAt: summary.lastRequestedAt?.toISOString() ?? null,
    entries: entries.map((entry) => ({
      ...entry,
      requestedAt: entry.requestedAt.toISOString(),
      lastRequestedAt: entry.lastRequestedAt.toISOString(),
    })),
  };
}

/** One form (no `intent`): `email` and `confirm=yes`; the address is suppressed, then PRG with a toast. */
export async function action({ request }: Route.ActionArgs) {
  const { db, actor } = await requireAdminActor(request);
  const result = await addSuppressionForAdmin(db, actor, await readForm(request));
  if (result.status === "invalid")
    return data({ fieldErrors: result.fieldErrors, values: result.values }, { status: 400 });
  throw redirect("/admin/do-not-sell", {
    headers: { "Set-Cookie": flashCookie(suppressionAddedToast(result.companiesHidden)) },
  });
}

export function meta() {
  return [{ title: `Do-not-sell | Admin | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const timeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

export default function AdminDoNotSell({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, page, addresses, companies, firstRequestedAt, lastRequestedAt } = loaderData;
  const navigation = useNavigation();
  const { fieldErrors, validate } = useSchemaValidation(adminDoNotSellSchema, actionData?.fieldErrors ?? {});
  return (
    <>
      <AdminPageHeader
        title="Do-not-sell"
        description="People who asked us not to sell or share their information. The list keeps a keyed hash of each address, never the address: an entry cannot be looked up or shown by address."
      />
      <dl className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Addresses on the list" value={formatCount(addresses)} />
        <Figure label="Companies hidden" value={formatCount(companies)} />
        <Figure
          label="First request"
          value={firstRequestedAt ? dateFormat.format(new Date(firstRequestedAt)) : "-"}
        />
        <Figure
          label="Latest request"
          value={lastRequestedAt ? dateFormat.format(new Date(lastRequestedAt)) : "-"}
        />
      </dl>

      <section
        aria-labelledby="add-suppression-title"
        className="mb-8 max-w-xl rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="add-suppression-title" className="text-lg font-semibold text-slate-900">
          Add an address on someone's behalf
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          For a person who asked by email or phone. Their records leave search, company pages, exports and
          counts at once, as with the public form. This cannot be undone here.
        </p>
        <Form
          method="post"
          noValidate
          onSubmit={validate}
          // A new key after each refusal remounts the fields with what was typed (defaultValue is read once).
          key={JSON.stringify(actionData?.values ?? null)}
          className="mt-4 flex flex-col gap-4"
        >
          <TextField
            label="Email address"
            name="email"
            type="email"
            autoComplete="off"
            required
            maxLength={MAX_EMAIL_LENGTH}
            defaultValue={actionData?.values.email ?? ""}
            error={fieldErrors.email}
          />
          <CheckboxField
            label="The person asked us not to sell or share their information"
            name="confirm"
            value="yes"
            required
            defaultValue={actionData?.values.confirm ? "yes" : undefined}
            error={fieldErrors.confirm}
          />
          <Button type="submit" isBusy={navigation.state === "submitting"} className="self-start">
            Add to the list
          </Button>
        </Form>
      </section>

      <AdminTable label="Do-not-sell requests">
        <thead>
          <tr>
            <Th>Reference</Th>
            <Th>First request (UTC)</Th>
            <Th>Latest request (UTC)</Th>
            <Th className="text-right">Requests</Th>
            <Th className="text-right">Companies hidden</Th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.reference} data-testid="suppression-entry">
              <Td className="font-mono text-xs">{entry.reference}</Td>
              <Td className="whitespace-nowrap">{timeFormat.format(new Date(entry.requestedAt))}</Td>
              <Td className="whitespace-nowrap">{timeFormat.format(new Date(entry.lastRequestedAt))}</Td>
              <Td className="text-right">{formatCount(entry.requestCount)}</Td>
              <Td className="text-right">{formatCount(entry.companiesHidden)}</Td>
            </tr>
          ))}
          {entries.length === 0 ? <EmptyRow columns={5}>No requests yet.</EmptyRow> : null}
        </tbody>
      </AdminTable>
      <AdminPager page={page} size={PAGE_SIZE} total={addresses} label="Do-not-sell pages" />
    </>
  );
}
