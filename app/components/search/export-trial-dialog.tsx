import { type TrialSummary, upgradeChargeText } from "~/core/trial";
import { useUpgradeTrial } from "../billing/use-upgrade-trial";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";

interface ExportTrialDialogProps {
  /** What 'Upgrade Now' will charge, and when the first charge comes without it (docs/product.md#free-sample). */
  trial: TrialSummary | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * docs/product.md#access: the export-disabled-during-trial dialog. 'Upgrade Now' upgrades the trial to full, then refreshes
 * the subscription (useUpgradeTrial revalidates the page's data, which then grants export access); Close.
 */
export function ExportTrialDialog({ trial, open, onOpenChange }: ExportTrialDialogProps) {
  const { upgrade, isUpgrading } = useUpgradeTrial(() => onOpenChange(false));
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Export is disabled during your trial"
      description="CSV exports are part of the paid plan. Upgrade now to end your trial and start your subscription today; you can export right after."
    >
      {trial ? (
        <p data-testid="upgrade-charge" className="mb-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          {upgradeChargeText(trial)}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
        <Button isBusy={isUpgrading} onClick={upgrade}>
          Upgrade Now
        </Button>
      </div>
    </Dialog>
  );
}
