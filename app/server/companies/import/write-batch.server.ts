import { sql } from "drizzle-orm";
import type { RowInvestor } from "../../../core/investor-names";
import { preferIndexProbes } from "../../db/batch-plans.server";
import type { Db } from "../../db/database.server";
import { nextIds } from "../../db/next-ids.server";
import { queryRows } from "../../db/query-rows.server";
import type { DuplicateRow } from "../../imports/import-kit.server";
import { takeImportLock } from "../../imports/import-lock.server";
import { suppressedHashesAmong } from "../../suppression/email-hash.server";
import type { ImportedCompany } from "../crunchbase-row";
import {
  type Candidate,
  CandidateIndex,
  loadCandidates,
  newCandidate,
  withFileCompanies,
} from "./candidate-matching.server";
import { companyDigest, hasSameValues, investorsText } from "./company-changes";
import {
  type GraphColumns,
  graphColumnsOf,
  prepareGraphs,
  recordPreparedAddresses,
  writeGraphs,
} from "./company-graphs.server";
import { allocateSlugs } from "./company-slugs.server";
import type { FileCompanies } from "./file-companies";
import { companyJson, upsertStatement } from "./upsert.server";

/** A valid row waiting in a batch. */
export interface BatchRow {
  /** File line the row starts on. */
  row: number;
  company: ImportedCompany;
  /** Suppression hashes of the row's founder and contact emails, computed while parsing (off the write path). */
  emailHashes: string[];
  /** The investors the row names (null: the file has no investor column). */
  investors: RowInvestor[] | null;
  /** companyDigest of the row's values for the file's fields and its investors, computed while parsing. */
  digest: number;
}

export interface BatchCounts {
  /** Rows that create a company. */
  inserted: number;
  /** Rows that change a value of an existing company (stored, or named by an earlier row of the file). */
  updated: number;
  /** Rows whose values are the company's already: nothing to write. */
  unchanged: number;
  /** File lines of the rows left out because an email of theirs is on the do-not-sell list. */
  suppressedRows: number[];
  /** Rows (among updated and unchanged) about a company an earlier row of the file named, in file order. */
  duplicates: DuplicateRow[];
}

/**
 * Classifies one batch, and (unless `dryRun`) writes it, in one transaction under the import lock: leaves
 * out suppressed rows, resolves the rest against the stored companies and the ones earlier rows of the file
 * named, as if they were applied one by one (each new, updated or unchanged), gives new companies free
 * slugs, then writes every created or changed company with one multi-row upsert. A dry run runs the same
 * steps up to the slugs and writes nothing. `fields` are the columns the file provides; `file` is told
 * what the batch did once it is committed.
 */
export async function writeBatch(
  db: Db,
  batch: BatchRow[],
  fields: ReadonlyArray<keyof ImportedCompany>,
  file: FileCompanies,
  { dryRun = false, investors = false }: { dryRun?: boolean; investors?: boolean } = {},
): Promise<BatchCounts> {
  const { counts, touched, created, written, rowOf } = await db.transaction(async (tx) => {
    await takeImportLock(tx);
    // Checked under the lock that do-not-sell requests take: a request is either seen here or sees the rows.
    const suppressed = await suppressedHashesAmong(
      tx,
      batch.flatMap(({ emailHashes }) => emailHashes),
    );
    const isSuppressed = ({ emailHashes }: BatchRow) => emailHashes.some((hash) => suppressed.has(hash));
    const rows = suppressed.size === 0 ? batch : batch.filter((row) => !isSuppressed(row));
    // The row each company's values came from: its digest was made while parsing.
    const rowOf = new Map(rows.map((row) => [row.company, row]));
    const companiesOfBatch = rows.map(({ company }) => company);
    // Index probes, never a scan, and no JIT (batch-plans.server.ts).
    await preferIndexProbes(tx);
    const candidates = await loadCandidates(tx, companiesOfBatch, fields);
    // decision 030: a stored company's investors as the file would name them, to tell an unchanged row.
    const storedInvestors = investors
      ? await loadStoredInvestors(
          tx,
          candidates.flatMap((candidate) => candidate.id ?? []),
        )
      : null;
    const index = new CandidateIndex(
      withFileCompanies(candidates, companiesOfBatch, file, { addUnstored: dryRun }),
    );
    const counts: BatchCounts = {
      inserted: 0,
      updated: 0,
      unchanged: 0,
      suppressedRows: suppressed.size === 0 ? [] : batch.filter(isSuppressed).map(({ row }) => row),
      duplicates: [],
    };
    const created: Candidate[] = [];
    const setsDomain = fields.includes("websiteDomain");
    for (const { row, company } of rows) {
      const match = index.match(company);
      if (match === null) {
        const candidate = newCandidate(company, file.created + created.length, row);
        created.push(candidate);
        index.add(candidate);
        counts.inserted++;
        continue;
      }
      if (match.firstRow === null) match.firstRow = row;
      else counts.duplicates.push({ row, firstRow: match.firstRow });
      const isUnchanged =
        isRowUnchanged(match, company, rowOf.get(company)?.digest, fields) &&
        sameInvestors(match, rowOf.get(company), storedInvestors, rowOf);
      index.update(match, company, setsDomain);
      if (isUnchanged) {
        counts.unchanged++;
      } else {
        counts.updated++;
        match.changed = true;
      }
    }
    const written = dryRun
      ? []
      : await write(tx, index, created, fields, graphColumnsOf(fields, investors), rowOf);
    return { counts, touched: index.touched(), created: created.length, written, rowOf };
  });
  // Only once the batch is committed: a failed batch leaves the file's companies as they were.
  for (const candidate of touched) {
    const write = candidate.write as ImportedCompany;
    candidate.entry = file.record(candidate.entry, {
      id: candidate.id,
      // What ordering the next batch would load it with: its id once stored.
      order: candidate.id ?? candidate.order,
      nameKey: candidate.nameKey,
      domain: candidate.domain,
      digest: rowOf.get(write)?.digest ?? companyDigest(write, fields, investorsText(null)),
      firstRow: candidate.firstRow ?? 0,
    });
  }
  file.created += created;
  for (const id of written) file.writtenIds.add(id);
  return counts;
}

/**
 * Whether a row would write what the company holds now: the values an earlier row of this batch gave it,
 * else those an earlier batch of the file gave it (by digest), else its stored values.
 */
function isRowUnchanged(
  candidate: Candidate,
  company: ImportedCompany,
  digest: number | undefined,
  fields: ReadonlyArray<keyof ImportedCompany>,
): boolean {
  if (candidate.write !== null) return hasSameValues(candidate.write, company, fields);
  if (candidate.entry !== null) return (digest ?? companyDigest(company, fields)) === candidate.entry.digest;
  return candidate.stored !== null && hasSameValues(candidate.stored, company, fields);
}

/**
 * Whether the row names the investors the company has from the file's source: those an earlier row of the
 * batch gave it, else the stored ones (a company an earlier batch wrote compares by digest, which covers them).
 */
function sameInvestors(
  candidate: Candidate,
  row: BatchRow | undefined,
  stored: ReadonlyMap<number, string> | null,
  rowOf: ReadonlyMap<ImportedCompany, BatchRow>,
): boolean {
  if (stored === null || row === undefined) return true;
  const text = investorsText(row.investors);
  if (candidate.write !== null) return investorsText(rowOf.get(candidate.write)?.investors ?? null) === text;
  if (candidate.entry !== null) return true;
  return (candidate.id === null ? "" : (stored.get(candidate.id) ?? "")) === text;
}

/** The investors the companies import gave these companies, as `investorsText` writes them. */
async function loadStoredInvestors(tx: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const texts = new Map<number, string>();
  if (ids.length === 0) return texts;
  const links = await queryRows<{ company_id: number; name_key: string; is_lead: boolean }>(
    tx,
    sql`select l.company_id, i.name_key, l.is_lead from company_investors l join investors i on i.id = l.investor_id
        where l.company_id = any(${sql.param([...ids])}::int[]) and l.source = 'crunchbase_companies'`,
  );
  const byCompany = new Map<number, Array<{ nameKey: string; isLead: boolean }>>();
  for (const link of links) {
    const list = byCompany.get(link.company_id) ?? [];
    list.push({ nameKey: link.name_key, isLead: link.is_lead });
    byCompany.set(link.company_id, list);
  }
  for (const [id, list] of byCompany) texts.set(id, investorsText(list) ?? "");
  return texts;
}

/** The summary's columns the upsert sets on every written company, beside the file's fields. */
const SUMMARY_FIELDS = [
  "lastFundingDate",
  "lastFundingType",
  "lastFundingAmountUsd",
  "lastFundingAmount",
  "lastFundingCurrency",
  "totalFundingAmountUsd",
  "firstName",
  "lastName",
  "role",
  "email",
  "founders",
  "fundingRoundCount",
  "investorKeys",
  "lastRoundLeadIds",
  "lastRoundId",
  "statedTotalUsd",
  "statedRoundCount",
] as const;

/**
 * Gives the batch's new companies ids and free slugs, merges each written company's row into its rounds,
 * people and investors (decision 030), writes the new and changed companies with their summaries (one
 * upsert), then their rounds, people and links. Returns the ids written.
 */
async function write(
  tx: Db,
  index: CandidateIndex,
  created: Candidate[],
  fields: ReadonlyArray<keyof ImportedCompany>,
  graphColumns: GraphColumns,
  rowOf: ReadonlyMap<ImportedCompany, BatchRow>,
): Promise<number[]> {
  const slugs = await allocateSlugs(
    tx,
    created.map((candidate) => candidate.slugBase),
  );
  // A new company's rounds and people name it before the upsert.
  const ids = await nextIds(tx, "companies", created.length);
  created.forEach((candidate, position) => {
    candidate.slug = slugs[position] ?? null;
    candidate.id = ids[position] ?? null;
  });
  const isNew = new Set(created);
  const changed = index.touched().filter((candidate) => candidate.changed);
  if (changed.length === 0) return [];
  const prepared = await prepareGraphs(
    tx,
    changed.map((candidate) => {
      const company = candidate.write as ImportedCompany;
      return {
        id: candidate.id as number,
        isNew: isNew.has(candidate),
        company,
        investors: rowOf.get(company)?.investors ?? null,
      };
    }),
    graphColumns,
  );
  const writes = changed.map((candidate) => ({
    id: candidate.id,
    slug: candidate.slug as string,
    json: companyJson({
      ...(candidate.write as ImportedCompany),
      ...prepared.summaries.get(candidate.id as number),
    }),
  }));
  await recordPreparedAddresses(tx, prepared);
  const stored = await queryRows<{ id: number; slug: string }>(
    tx,
    upsertStatement(writes, [...new Set([...fields, ...SUMMARY_FIELDS])]),
  );
  await writeGraphs(tx, prepared);
  return stored.map(({ id }) => Number(id));
}
