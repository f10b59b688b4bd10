import { useState } from "react";
import { exportPrompt, type ViewerAccess } from "~/core/access";
import { formatCount } from "~/core/format";
import type { SearchState } from "~/core/search-params";
import type { TrialSummary } from "~/core/trial";
import { useAuthDialog } from "../auth/auth-dialog";
import { PricingDialog } from "../billing/pricing-dialog";
import { Button } from "../ui/button";
import { SpriteIcon } from "../ui/sprite-icon";
import { ExportTrialDialog } from "./export-trial-dialog";
import { useCsvExport } from "./use-csv-export";

interface ExportButtonProps {
  access: ViewerAccess;
  trial: TrialSummary | null;
  state: SearchState;
  /** The search's total, for the progress figure; null while there is no result. */
  total: number | null;
}

function progressText(rows: number, total: number | null): string {
  if (total && total > 0) return `Exporting… ${Math.min(99, Math.floor((rows / total) * 100))}%`;
  return `Exporting… ${formatCount(rows)} rows`;
}

/** Issue 6: 'Export CSV' on the search page, exporting every company the current search matches. */
export function ExportButton({ access, trial, state, total }: ExportButtonProps) {
  const { openAuthDialog } = useAuthDialog();
  const { isExporting, rowsReceived, start } = useCsvExport();
  const [dialog, setDialog] = useState<"trial" | "pricing" | null>(null);

  function onClick() {
    const prompt = exportPrompt(access);
    if (prompt === "export") start(state);
    else if (prompt === "signup") openAuthDialog("signup");
    else setDialog(prompt);
  }

  return (
    <>
      <Button
        variant="secondary"
        isBusy={isExporting}
        disabled={total === 0}
        onClick={onClick}
        data-testid="export-csv"
      >
        {isExporting ? null : <SpriteIcon name="download" className="h-4 w-4" />}
        <span aria-live="polite">{isExporting ? progressText(rowsReceived, total) : "Export CSV"}</span>
      </Button>
      <ExportTrialDialog
        trial={trial}
        open={dialog === "trial"}
        onOpenChange={(open) => setDialog(open ? "trial" : null)}
      />
      <PricingDialog
        open={dialog === "pricing"}
        onOpenChange={(open) => setDialog(open ? "pricing" : null)}
      />
    </>
  );
}
