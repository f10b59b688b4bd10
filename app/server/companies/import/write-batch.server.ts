import type { Db } from "../../db/database.server";
import { suppressedHashesAmong } from "../../suppression/email-hash.server";
import type { ImportedCompany } from "../crunchbase-row";
import { type Candidate, CandidateIndex, loadCandidates, newCandidate } from "./candidate-matching.server";
import { takeImportLock } from "./import-lock.server";
import { allocateSlugs } from "./slug-allocation.server";
import { upsertStatement } from "./upsert.server";

/** A valid row waiting in a batch. */
export interface BatchRow {
  /** File line the row starts on. */
  row: number;
  company: ImportedCompany;
  /** Suppression hashes of the row's founder and contact emails, computed while parsing (off the write path). */
  emailHashes: string[];
}

export interface BatchCounts {
  inserted: number;
  updated: number;
  /** File lines of the rows left out because an email of theirs is on the do-not-sell list. */
  suppressedRows: number[];
}

/**
 * Writes one batch in one transaction, under the import lock: leaves out suppressed rows, resolves the
 * rest against the stored companies as if they were applied one by one, gives new companies free slugs,
 * then writes every touched company with one multi-row upsert. `fields` are the columns the file provides.
 */
export async function writeBatch(
  db: Db,
  batch: BatchRow[],
  fields: ReadonlyArray<keyof ImportedCompany>,
): Promise<BatchCounts> {
  return db.transaction(async (tx) => {
    await takeImportLock(tx);
    // Checked under the lock that do-not-sell requests take: a request is either seen here or sees the rows.
    const suppressed = await suppressedHashesAmong(
      tx,
      batch.flatMap(({ emailHashes }) => emailHashes),
    );
    const isSuppressed = ({ emailHashes }: BatchRow) => emailHashes.some((hash) => suppressed.has(hash));
    const rows = suppressed.size === 0 ? batch : batch.filter((row) => !isSuppressed(row));
    const suppressedRows = suppressed.size === 0 ? [] : batch.filter(isSuppressed).map(({ row }) => row);
    const index = new CandidateIndex(
      await loadCandidates(
        tx,
        rows.map(({ company }) => company),
      ),
    );
    let inserted = 0;
    let updated = 0;
    const created: Candidate[] = [];
    const setsDomain = fields.includes("websiteDomain");
    for (const { company } of rows) {
      const match = index.match(company);
      if (match === null) {
        const candidate = newCandidate(company, created.length);
        created.push(candidate);
        index.add(candidate);
        inserted++;
      } else {
        index.update(match, company, setsDomain);
        updated++;
      }
    }
    const slugs = await allocateSlugs(
      tx,
      created.map((candidate) => candidate.slugBase),
    );
    created.forEach((candidate, position) => {
      candidate.slug = slugs[position] ?? null;
    });
    const writes = index.touched().map((candidate) => ({
      ...(candidate.write as ImportedCompany),
      id: candidate.id,
      slug: candidate.slug as string,
    }));
    if (writes.length > 0) await tx.execute(upsertStatement(writes, fields));
    return { inserted, updated, suppressedRows };
  });
}
