import { CheckCircle2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The clear confirmation after a public form went through (docs/product.md#public-pages). */
export function FormConfirmation({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      role="status"
      className="rounded-xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-950"
      data-testid="form-confirmation"
    >
      <div className="flex items-start gap-3">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-emerald-700" />
        <div>
          <h2 className="text-lg font-semibold">{title}</h2>
          <div className="mt-2 flex flex-col gap-2 text-emerald-900">{children}</div>
          <Link
            to="/"
            className="mt-4 inline-block font-medium text-emerald-900 underline underline-offset-4 hover:text-emerald-700"
          >
            Back to the home page
          </Link>
        </div>
      </div>
    </div>
  );
}
