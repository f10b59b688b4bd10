import { type TrialSummary, trialBannerText } from "~/core/trial";
import { SpriteIcon } from "../ui/sprite-icon";

/** docs/product.md#free-sample: a trialing user sees, on /search, when the trial ends and that export waits for the upgrade. */
export function TrialBanner({ trial }: { trial: TrialSummary }) {
  return (
    <p
      data-testid="trial-banner"
      className="flex items-start gap-2 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800"
    >
      <SpriteIcon name="clock" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
      {trialBannerText(trial)}
    </p>
  );
}
