import { formatDate } from "~/core/format";
import type { InvoiceSummary } from "./subscription-section";

/**
 * docs/product.md#plan-changes: the customer's invoices, newest first: the demo provider's link to their receipt
 * page, Stripe's to Stripe's hosted invoice and its PDF.
 */
export function InvoiceList({ invoices }: { invoices: readonly InvoiceSummary[] }) {
  if (invoices.length === 0) return <p className="text-sm text-slate-600">No invoices yet.</p>;
  return (
    <ul className="flex flex-col divide-y divide-slate-100 text-sm">
      {invoices.map((invoice) => (
        // On a phone: date and amount on the first line, the description below; one line from sm up.
        <li
          key={invoice.id}
          data-testid="invoice"
          className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 gap-y-0.5 py-2 sm:grid-cols-[7rem_1fr_auto_auto]"
        >
          <span className="order-1 text-slate-600 sm:order-none">{formatDate(invoice.paidAt)}</span>
          <span className="order-3 col-span-2 min-w-0 text-slate-900 sm:order-none sm:col-span-1">
            {invoice.description}
            {invoice.number ? <span className="block text-xs text-slate-500">{invoice.number}</span> : null}
          </span>
          <span className="order-2 text-right font-medium text-slate-900 tabular-nums sm:order-none">
            {invoice.amount}
          </span>
          <span className="order-4 col-span-2 flex gap-3 sm:order-none sm:col-span-1">
            {invoice.receiptUrl ? (
              <a
                href={invoice.receiptUrl}
                className="text-brand-700 underline underline-offset-2 hover:text-brand-900"
                aria-label={`Receipt ${invoice.number ?? ""} of ${formatDate(invoice.paidAt)}`.replace(
                  "  ",
                  " ",
                )}
              >
                Receipt
              </a>
            ) : null}
            {invoice.pdfUrl ? (
              <a
                href={invoice.pdfUrl}
                className="text-brand-700 underline underline-offset-2 hover:text-brand-900"
                aria-label={`PDF of invoice ${invoice.number ?? ""} of ${formatDate(invoice.paidAt)}`.replace(
                  "  ",
                  " ",
                )}
              >
                PDF
              </a>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
