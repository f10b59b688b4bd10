import { useCallback, useEffect, useState } from "react";
import { searchPrompt, type ViewerAccess } from "~/core/access";

const DISMISSED_KEY = "rl-sample-banner-dismissed";

/**
 * docs/product.md#free-sample, / decision 011: a signed-in user without access looks at the free sample. Any step beyond it
 * (search, filter, sort, page, page size) opens the pricing dialog instead of navigating; the dialog
 * closes back onto the sample. `guard(action)` runs the action for everyone else.
 */
export function useSampleGate(access: ViewerAccess) {
  const isSample = searchPrompt(access) === "pricing";
  const [isPricingOpen, setIsPricingOpen] = useState(false);
  const [isBannerDismissed, setIsBannerDismissed] = useState(false);
  useEffect(() => {
    setIsBannerDismissed(window.localStorage.getItem(DISMISSED_KEY) === "1");
  }, []);
  const guard = useCallback(
    <A extends unknown[]>(action: (...args: A) => void) =>
      (...args: A) => {
        if (isSample) setIsPricingOpen(true);
        else action(...args);
      },
    [isSample],
  );
  const dismissBanner = useCallback(() => {
    setIsBannerDismissed(true);
    window.localStorage.setItem(DISMISSED_KEY, "1");
  }, []);
  return {
    isSample,
    isPricingOpen,
    setIsPricingOpen,
    guard,
    showBanner: isSample && !isBannerDismissed,
    dismissBanner,
  };
}
