import { useEffect, useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "sonner";
import { UPGRADE_TOASTS } from "~/core/messages";

interface UpgradeResult {
  success: boolean;
  error: string | null;
}

/**
 * docs/product.md#access, "Upgrade Now": upgrades the trial to full, then refreshes the subscription. Only one upgrade
 * runs at a time (the button is busy meanwhile; the server refuses a second one with 409).
 */
export function useUpgradeTrial(onDone?: () => void) {
  const fetcher = useFetcher<UpgradeResult>();
  const revalidator = useRevalidator();
  const handled = useRef<UpgradeResult | undefined>(undefined);
  const isUpgrading = fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.success) {
      toast.success(UPGRADE_TOASTS.success.title, { description: UPGRADE_TOASTS.success.description });
      void revalidator.revalidate();
      onDone?.();
    } else {
      toast.error(UPGRADE_TOASTS.failedTitle, { description: result.error ?? UPGRADE_TOASTS.failed });
    }
  }, [fetcher.state, fetcher.data, revalidator, onDone]);

  function upgrade() {
    if (isUpgrading) {
      toast.error(UPGRADE_TOASTS.failedTitle, { description: UPGRADE_TOASTS.inProgress });
      return;
    }
    fetcher.submit(null, { method: "post", action: "/api/upgrade-trial" });
  }

  return { upgrade, isUpgrading };
}
