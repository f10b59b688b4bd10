import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useId, useState } from "react";
import { exportPrompt, type ViewerAccess } from "~/core/access";
import { type RowsPer, TARGETS } from "~/core/converter/targets";
import {
  NEW_ONLY_LABEL,
  newLeadsText,
  noNewLeadsReason,
  ROWS_LABELS,
  ROWS_VALUES,
} from "~/core/export-history";
import { formatCount } from "~/core/format";
import type { SearchState } from "~/core/search-params";
import type { TrialSummary } from "~/core/trial";
import { useAuthDialog } from "../auth/auth-dialog";
import { PricingDialog } from "../billing/pricing-dialog";
import { Button } from "../ui/button";
import { SpriteIcon } from "../ui/sprite-icon";
import { ExportTrialDialog } from "./export-trial-dialog";
import { useCsvExport, useExportPreview } from "./use-csv-export";

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

/**
 * docs/product.md#export: 'Export CSV' on the search page, exporting every company the current search matches; docs/product.md#converter:
 * in an import format from its menu; docs/product.md#export: for export access, the menu's "Leave out companies I have
 * exported before" (new leads only), with the count of new leads once known.
 */
export function ExportButton({ access, trial, state, total }: ExportButtonProps) {
  const { openAuthDialog } = useAuthDialog();
  const { isExporting, rowsReceived, completedCount, start } = useCsvExport();
  const [dialog, setDialog] = useState<"trial" | "pricing" | null>(null);
  const canExport = exportPrompt(access) === "export";
  const [isNewOnly, setIsNewOnly] = useState(false);
  // docs/product.md#export: one row per company (the default) or one per person.
  const [rowsPer, setRowsPer] = useState<RowsPer>("company");
  const rowsLabelId = useId();
  const newLeads = useExportPreview(state, canExport, completedCount);
  const countText = newLeads.preview
    ? newLeadsText(newLeads.preview)
    : newLeads.isLoading
      ? "Counting new leads…"
      : "";

  // docs/product.md#export: "new leads only" with none left disables the export, with the reason beside it.
  // (A search without companies is disabled as it is, and says so in its total.)
  const preview = newLeads.preview;
  const noNewLeadsPreview =
    canExport && isNewOnly && preview && preview.total > 0 && preview.newLeads === 0 ? preview : null;
  const reasonId = useId();

  // A "new leads only" file holds the new leads alone: the progress counts towards them. A file of one row
  // per person holds more rows than companies: its progress is a count of rows.
  const isPerPerson = canExport && rowsPer === "person";
  const expectedRows = isPerPerson
    ? null
    : canExport && isNewOnly && newLeads.preview
      ? newLeads.preview.newLeads
      : total;

  /** docs/product.md#access: the same access rule for every format; the server decides again on each request. */
  async function exportAs(target?: string) {
    const prompt = exportPrompt(access);
    if (prompt === "export") {
      const newOnly = canExport && isNewOnly;
      // docs/product.md#export: a "new leads only" file of no company is not downloaded. Chosen before the count
      // arrived: once it has, the export is disabled and the reason shows beside it.
      if (newOnly && (await newLeads.load())?.newLeads === 0) return;
      start(state, { ...(target ? { target } : {}), newOnly, ...(isPerPerson ? { rowsPer } : {}) });
    } else if (prompt === "signup") openAuthDialog("signup");
    else setDialog(prompt);
  }

  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="export-control">
        <div className="flex">
          <Button
            variant="secondary"
            isBusy={isExporting}
            disabled={total === 0 || noNewLeadsPreview !== null}
            aria-describedby={noNewLeadsPreview ? reasonId : undefined}
            onClick={() => void exportAs()}
            data-testid="export-csv"
            className="rounded-r-none max-sm:px-2.5"
          >
            {isExporting ? null : <SpriteIcon name="download" className="h-4 w-4" />}
            {/* On a phone an icon until it exports (docs/product.md#search); the words stay its accessible name. */}
            <span aria-live="polite" className={isExporting ? undefined : "max-sm:sr-only"}>
              {isExporting ? progressText(rowsReceived, expectedRows) : "Export CSV"}
            </span>
          </Button>
          {/* docs/product.md#converter: the same export in a CRM's or an outreach tool's import format. */}
          <DropdownMenu.Root
            modal={false}
            onOpenChange={(open) => {
              if (open) void newLeads.load();
            }}
          >
            <DropdownMenu.Trigger
              disabled={total === 0 || isExporting}
              aria-label="Export for a CRM or an outreach tool"
              className="-ml-px inline-flex items-center rounded-r-md border border-slate-300 bg-white px-2 text-slate-700 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400"
            >
              <SpriteIcon name="chevron-down" className="h-4 w-4" />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                sideOffset={6}
                className="z-50 min-w-56 max-w-80 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
              >
                {canExport ? (
                  <>
                    <DropdownMenu.CheckboxItem
                      checked={isNewOnly}
                      onCheckedChange={(checked) => {
                        setIsNewOnly(checked === true);
                        if (checked === true) void newLeads.load();
                      }}
                      // Ticking keeps the menu open: the count shows, then a format (or Export CSV) is chosen.
                      onSelect={(event) => event.preventDefault()}
                      data-testid="export-new-only"
                      className="flex cursor-pointer items-start gap-2 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900"
                    >
                      <span
                        aria-hidden="true"
                        className={`mt-0.5 inline-flex h-4 w-4 shrink-0 items-center justify-center rounded border ${isNewOnly ? "border-brand-600 bg-brand-600 text-white" : "border-slate-400 bg-white"}`}
                      >
                        {isNewOnly ? <SpriteIcon name="check" className="h-3 w-3" /> : null}
                      </span>
                      {/* The count is part of the item (a menu holds menu items only, axe aria-required-children). */}
                      <span className="flex flex-col gap-1">
                        {NEW_ONLY_LABEL}
                        {countText ? (
                          <span data-testid="export-new-leads-count" className="text-xs text-slate-600">
                            {countText}
                          </span>
                        ) : null}
                      </span>
                    </DropdownMenu.CheckboxItem>
                    <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
                    {/* docs/product.md#export: what a row of the file stands for; contact tools take a row per person whatever is chosen. */}
                    <DropdownMenu.Label
                      id={rowsLabelId}
                      className="px-3 pt-1 pb-0.5 text-xs font-semibold text-slate-600"
                    >
                      Rows
                    </DropdownMenu.Label>
                    <DropdownMenu.RadioGroup
                      aria-labelledby={rowsLabelId}
                      value={rowsPer}
                      onValueChange={(value) => setRowsPer(value === "person" ? "person" : "company")}
                      data-testid="export-rows"
                    >
                      {(["company", "person"] as const).map((value) => (
                        <DropdownMenu.RadioItem
                          key={value}
                          value={value}
                          // Choosing keeps the menu open, as the option above: then Export CSV or a format.
                          onSelect={(event) => event.preventDefault()}
                          data-testid={`export-rows-${ROWS_VALUES[value]}`}
                          className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900"
                        >
                          <span
                            aria-hidden="true"
                            className={`inline-flex h-4 w-4 shrink-0 items-center justify-center rounded-full border ${rowsPer === value ? "border-brand-600" : "border-slate-400"} bg-white`}
                          >
                            {rowsPer === value ? (
                              <span className="h-2 w-2 rounded-full bg-brand-600" />
                            ) : null}
                          </span>
                          {ROWS_LABELS[value]}
                        </DropdownMenu.RadioItem>
                      ))}
                    </DropdownMenu.RadioGroup>
                    <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
                  </>
                ) : null}
                {TARGETS.map((target) => (
                  <DropdownMenu.Item
                    key={target.id}
                    disabled={noNewLeadsPreview !== null}
                    onSelect={() => void exportAs(target.id)}
                    className="cursor-pointer rounded px-3 py-2 text-sm text-slate-700 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-400 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900"
                  >
                    Export for {target.name}
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
        {/* Announced as the count arrives (the menu may be closed by then); with no new lead, the reason the
            export is disabled (the button's description). */}
        <p
          role="status"
          id={reasonId}
          className="text-xs text-slate-600 empty:hidden"
          data-testid="export-new-only-note"
        >
          {noNewLeadsPreview
            ? noNewLeadsReason(noNewLeadsPreview)
            : canExport && isNewOnly
              ? `New leads only${countText ? ` · ${countText}` : ""}`
              : null}
        </p>
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
