import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown } from "lucide-react";
import { useState } from "react";
import { exportPrompt, type ViewerAccess } from "~/core/access";
import { TARGETS } from "~/core/converter/targets";
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

  /** spec 4: the same access rule for every format; the server decides again on each request. */
  function exportAs(target?: string) {
    const prompt = exportPrompt(access);
    if (prompt === "export") start(state, target);
    else if (prompt === "signup") openAuthDialog("signup");
    else setDialog(prompt);
  }

  return (
    <>
      <div className="flex">
        <Button
          variant="secondary"
          isBusy={isExporting}
          disabled={total === 0}
          onClick={() => exportAs()}
          data-testid="export-csv"
          className="rounded-r-none"
        >
          {isExporting ? null : <SpriteIcon name="download" className="h-4 w-4" />}
          <span aria-live="polite">{isExporting ? progressText(rowsReceived, total) : "Export CSV"}</span>
        </Button>
        {/* Issue 18: the same export in a CRM's or an outreach tool's import format. */}
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger
            disabled={total === 0 || isExporting}
            aria-label="Export for a CRM or an outreach tool"
            className="-ml-px inline-flex items-center rounded-r-md border border-slate-300 bg-white px-2 text-slate-700 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400"
          >
            <ChevronDown aria-hidden="true" className="h-4 w-4" />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              sideOffset={6}
              className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
            >
              {TARGETS.map((target) => (
                <DropdownMenu.Item
                  key={target.id}
                  onSelect={() => exportAs(target.id)}
                  className="cursor-pointer rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900"
                >
                  Export for {target.name}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
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
