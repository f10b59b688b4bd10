import { type FilingOrder, speaksLast } from "../../../core/formd/company-match";
import { preferIndexProbes } from "../../db/batch-plans.server";
import type { Db } from "../../db/database.server";
import { takeImportLock } from "../../imports/import-lock.server";
import type { FileFormD } from "./file-formd";
import { type BatchState, loadBatchState } from "./formd-batch-state.server";
import type { FormDBatchRow } from "./formd-rows";
import type { FormDBatchCounts } from "./formd-states";
import { type CompanyRow, roundValuesOf, sameRound } from "./formd-values";

export type { FormDBatchCounts };

/**
 * decision 031, section 3, the Form D writer: in one transaction under the import lock, finds each filing's
 * round by any accession number of its chain (its own, the one it amends, the chain's root) and its company
 * by CIK, else by name and place among companies without one; creates what is missing; lets the newest filing
 * of a round set its values and the newest filing of a company set its Form D people; then writes only what
 * differs from what is stored, and re-derives the touched companies' fields (refreshSummaries, decision 030).
 * Funds, TEST filings and issuers not operating are counted and left out. A dry run classifies and writes
 * nothing. Reads are set-based: six queries a batch whatever its size, and ensureCompanyGraphs'.
 */
export async function writeFormDBatch(
  db: Db,
  batch: readonly FormDBatchRow[],
  file: FileFormD,
  { dryRun }: { dryRun: boolean },
): Promise<FormDBatchCounts> {
  const counts: FormDBatchCounts = {
    inserted: 0,
    updated: 0,
    unchanged: 0,
    duplicates: [],
    companiesInserted: 0,
    companiesUpdated: 0,
    peopleWritten: 0,
    fundsLeftOut: 0,
    testsLeftOut: 0,
    notOperatingLeftOut: 0,
    amendmentsApplied: 0,
  };
  const firstRows = new Map<string, number>();
  const touched = new Set<number>();
  let batchState: BatchState | null = null;
  await db.transaction(async (tx) => {
    await takeImportLock(tx);
    // Index probes, never a scan, and no JIT (batch-plans.server.ts).
    await preferIndexProbes(tx);
    const kept: CompanyRow[] = [];
    for (const row of batch) {
      const first =
        file.firstRowOf.get(row.filing.accessionNumber) ?? firstRows.get(row.filing.accessionNumber);
      if (first !== undefined) {
        counts.duplicates.push({ row: row.row, firstRow: first });
      } else {
        firstRows.set(row.filing.accessionNumber, row.row);
      }
      const { mapped } = row;
      if (mapped.kind === "fund") counts.fundsLeftOut++;
      else if (mapped.kind === "test") counts.testsLeftOut++;
      else if (mapped.kind === "not_operating") counts.notOperatingLeftOut++;
      else kept.push(row as CompanyRow);
    }
    if (kept.length === 0) return;
    const state = await loadBatchState(tx, kept, file, dryRun);
    batchState = state;
    for (const row of kept) classify(state, row, counts);
    await state.finish(tx, counts, touched);
  });
  // Told only once committed (a dry run: classified), so a failed batch leaves the file's record as it was.
  for (const [accession, row] of firstRows) file.firstRowOf.set(accession, row);
  for (const id of touched) file.touchedCompanies.add(id);
  if (dryRun && batchState !== null) (batchState as BatchState).remember(file);
  return counts;
}

/** One filing applied to the batch's companies and rounds; counts it. */
function classify(state: BatchState, { filing, mapped }: CompanyRow, counts: FormDBatchCounts): void {
  const order: FilingOrder = { filedOn: filing.filingDate, accessionNumber: filing.accessionNumber };
  const wasRead = (state.accession(filing.accessionNumber)?.filedOn ?? null) !== null;
  let round = state.roundOf([
    filing.accessionNumber,
    filing.offering.previousAccessionNumber,
    mapped.round.sourceKey,
  ]);
  const isNewRound = round === null;
  const company = round?.company ?? state.companyOf(mapped.company);
  const companyChanged = state.fill(company, mapped.company);
  if (round === null) round = state.newRound(company, mapped.round);
  let changed = false;
  if (speaksLast(order, round.newestFiling)) {
    const values = roundValuesOf(mapped.round, round.values.sourceKey);
    if (!sameRound(values, round.values)) {
      round.values = values;
      changed = true;
    }
    round.newestFiling = order;
  }
  changed = state.record(filing.accessionNumber, filing.filingDate, round) || changed;
  if (filing.offering.previousAccessionNumber !== null) {
    changed = state.record(filing.offering.previousAccessionNumber, null, round) || changed;
  }
  changed = state.record(mapped.round.sourceKey, null, round) || changed;
  if (speaksLast(order, company.people?.filing ?? null)) {
    company.people = { filing: order, sourceUrl: mapped.round.sourceUrl, people: mapped.people };
  }
  if (isNewRound) {
    counts.inserted++;
  } else if (changed || companyChanged) {
    counts.updated++;
    if (filing.submissionType === "D/A" && !wasRead) counts.amendmentsApplied++;
  } else {
    counts.unchanged++;
  }
}
