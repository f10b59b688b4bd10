import { Sparkles, X } from "lucide-react";
import { formatCount } from "~/core/format";
import { Button } from "../ui/button";

interface SampleBannerProps {
  totalCompanies: number;
  onSeePlans: () => void;
  onDismiss: () => void;
}

/**
 * docs/product.md#free-sample (decision 011): a signed-in user without access sees the newest companies as a free sample, with
 * emails masked. Searching, filtering, sorting, paging or exporting opens the pricing dialog.
 */
export function SampleBanner({ totalCompanies, onSeePlans, onDismiss }: SampleBannerProps) {
  return (
    <section
      aria-label="Free sample"
      data-testid="sample-banner"
      className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <Sparkles aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p>
          You are looking at a free sample: the newest funded startups of {formatCount(totalCompanies)}, with
          emails masked. Choose a plan to search, filter, see founder emails and export.
        </p>
        <Button onClick={onSeePlans} className="shrink-0">
          See plans
        </Button>
      </div>
      <button
        type="button"
        aria-label="Dismiss the sample notice"
        onClick={onDismiss}
        className="shrink-0 rounded p-1 text-amber-800 hover:bg-amber-100"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </section>
  );
}
