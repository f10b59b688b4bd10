import { FlaskConical } from "lucide-react";
import { data, redirect } from "react-router";
import { PRODUCT_NAME } from "~/core/brand";
import { formatDate } from "~/core/format";
import { formatUsd } from "~/core/subscription-changes";
import { getDb } from "~/server/app-database.server";
import { requireUser } from "~/server/auth/session.server";
import { getOwnInvoice } from "~/server/billing/invoices.server";
import type { Route } from "./+types/invoice";

/**
 * docs/product.md#plan-changes: one of the customer's own invoices. The demo provider's is shown here as a receipt;
 * Stripe's is Stripe's hosted page. Someone else's invoice is not found, like one that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const invoice = await getOwnInvoice(await getDb(), user.id, params.invoiceId.slice(0, 200));
  if (!invoice) throw data({ message: "No invoice of yours has this number." }, { status: 404 });
  if (invoice.provider === "stripe") {
    if (invoice.hostedInvoiceUrl) throw redirect(invoice.hostedInvoiceUrl);
    throw data({ message: "Stripe has no page for this invoice." }, { status: 404 });
  }
  return {
    email: user.email,
    number: invoice.number,
    paidAt: invoice.paidAt.toISOString(),
    periodStart: invoice.periodStart?.toISOString() ?? null,
    periodEnd: invoice.periodEnd?.toISOString() ?? null,
    lines: invoice.lines.map((line) => ({
      description: line.description,
      amount: formatUsd(line.amountCents),
    })),
    subtotal: formatUsd(invoice.subtotalCents),
    creditApplied: invoice.creditAppliedCents > 0 ? formatUsd(-invoice.creditAppliedCents) : null,
    paid: formatUsd(invoice.amountPaidCents),
    creditLeft: invoice.endingCreditCents > 0 ? formatUsd(invoice.endingCreditCents) : null,
    paymentMethod: invoice.paymentMethod,
  };
}

export function meta({ data: receipt }: Route.MetaArgs) {
  return [
    { title: `Receipt ${receipt?.number ?? ""} | ${PRODUCT_NAME}` },
    { name: "robots", content: "noindex" },
  ];
}

function Row({ label, value, isStrong = false }: { label: string; value: string; isStrong?: boolean }) {
  return (
    <tr className="border-b border-slate-100">
      <th
        scope="row"
        className={`py-2 pr-3 text-left ${isStrong ? "font-semibold text-slate-900" : "font-normal"}`}
      >
        {label}
      </th>
      <td className={`py-2 text-right tabular-nums ${isStrong ? "font-semibold text-slate-900" : ""}`}>
        {value}
      </td>
    </tr>
  );
}

export default function Receipt({ loaderData: receipt }: Route.ComponentProps) {
  return (
    <section aria-labelledby="receipt-title" className="mx-auto w-full max-w-lg px-4 py-12">
      <div
        role="note"
        className="flex items-start gap-3 rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 p-4 text-amber-900"
      >
        <FlaskConical aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        <p className="text-sm">
          <strong>Demo payment provider.</strong> This receipt is the demo provider's: no money was charged.
        </p>
      </div>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm font-medium text-slate-500">{PRODUCT_NAME} receipt</p>
        <h1 id="receipt-title" className="mt-1 text-2xl font-semibold text-slate-900">
          Receipt {receipt.number}
        </h1>
        <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Paid on</dt>
            <dd className="font-medium text-slate-900">{formatDate(receipt.paidAt)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Billed to</dt>
            <dd className="font-medium break-all text-slate-900">{receipt.email}</dd>
          </div>
          {receipt.periodStart && receipt.periodEnd ? (
            <div>
              <dt className="text-slate-500">Period</dt>
              <dd className="font-medium text-slate-900">
                {formatDate(receipt.periodStart)} to {formatDate(receipt.periodEnd)}
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="text-slate-500">Paid with</dt>
            <dd className="font-medium text-slate-900">{receipt.paymentMethod ?? "Nothing to pay"}</dd>
          </div>
        </dl>
        <table className="mt-6 w-full text-sm text-slate-700">
          <caption className="sr-only">Lines of the receipt</caption>
          <tbody>
            {receipt.lines.map((line) => (
              <Row key={line.description} label={line.description} value={line.amount} />
            ))}
            <Row label="Subtotal" value={receipt.subtotal} />
            {receipt.creditApplied ? (
              <Row label="Credit from earlier invoices" value={receipt.creditApplied} />
            ) : null}
            <Row label="Amount paid" value={receipt.paid} isStrong />
          </tbody>
        </table>
        {receipt.creditLeft ? (
          <p className="mt-3 text-sm text-slate-700">
            Credit kept for your next invoices: {receipt.creditLeft}
          </p>
        ) : null}
        <a href="/profile" className="mt-6 inline-block text-sm text-brand-700 underline underline-offset-2">
          Back to your account
        </a>
      </div>
    </section>
  );
}
