import type { LpColumns } from "../../../core/lp-import-columns";
import type { ImportedLp, ImportedLpContact } from "../../../core/lp-import-row";
import type { Db } from "../../db/database.server";
import type { DuplicateRow } from "../../imports/import-kit.server";
import { takeImportLock } from "../../imports/import-lock.server";
import { isSameValue } from "../../imports/value-changes";
import { suppressedHashesAmong } from "../../suppression/email-hash.server";
import type { FileLp, FileLps, LpOutcome } from "./file-lps";
import { contactKey, differingColumns, type LpValueKey, lpNameKey } from "./lp-keys";
import {
  type ContactWrite,
  deleteContacts,
  type LpWrites,
  loadStoredContacts,
  loadStoredLps,
  type StoredContact,
  type StoredLp,
  writeLpBatch,
} from "./lp-store.server";

/** A valid row waiting in a batch. */
export interface LpBatchRow {
  /** File line the row starts on. */
  row: number;
  lp: ImportedLp;
  contact: ImportedLpContact | null;
  /** lpNameKey of the row's LP. */
  nameKey: string;
  /** lpValueDigests of the row's LP columns. */
  digests: Uint32Array;
  /** Suppression hash of the contact's address, computed while parsing (off the write path). */
  emailHash: string | null;
}

/**
 * A row that adds nothing to an LP an earlier row of the file named: the same contact again, or no contact.
 * `firstRow` is the row that named that contact (or the LP's first row).
 */
export type LpDuplicateRow = DuplicateRow;

export interface LpBatchCounts {
  /** LPs the file names for the first time in this batch, by outcome (an LP is counted once per file). */
  inserted: number;
  /** May be negative: an LP counted unchanged by an earlier batch that this batch's contacts change. */
  updated: number;
  unchanged: number;
  /** Contacts inserted or changed. */
  contactsWritten: number;
  /** Rows left out while matching: columns disagreeing with the LP's first row, and suppressed contacts. */
  rejected: Array<{ row: number; reason: string }>;
  suppressedCount: number;
  duplicates: LpDuplicateRow[];
}

/**
 * docs/product.md#do-not-sell: a contact whose address is on the do-not-sell list is never imported; its LP
 * still is.
 */
export const SUPPRESSED_CONTACT_REASON =
  "contact left out: suppressed (do-not-sell request); the row's LP columns were imported";

/** The LP of one or more rows of a batch, as the batch resolved it. */
interface Group {
  /** The LP as an earlier batch of the file left it, if one did. */
  entry: FileLp | null;
  /** The stored LP the first row matched (when no earlier batch named it). */
  stored: StoredLp | null;
  /** Stored or (once written) new id. */
  id: number | null;
  lp: ImportedLp;
  nameKey: string;
  domain: string | null;
  digests: Uint32Array;
  firstRow: number;
  /** The batch names a contact of it (written or suppressed): its stored contacts are replaced. */
  namesContact: boolean;
  contacts: Array<{ row: number; contact: ImportedLpContact }>;
  /** Contacts named for it so far (by this file), with the row that named each. */
  contactKeys: Map<string, number>;
  outcome: LpOutcome;
  /** Contacts the batch gave it (their positions follow the ones earlier batches gave). */
  contactsGiven: number;
  /** Its stored contacts the file has still not named, when the batch named contacts of a stored LP. */
  pending: StoredContact[] | null;
}

/**
 * Resolves, checks and (unless `dryRun`) writes one batch, in one transaction under the import lock, as
 * if its rows were applied one by one: each row's LP is the one an earlier row of the batch or of the file
 * named, else a stored one (the same website domain; else the same name and country when either side has
 * no website), else a new LP. A later row of an LP must repeat its first row's LP columns (else it is
 * rejected, naming the columns); its contact is added to the LP unless the file named it already
 * (a duplicate) or its address is suppressed. Once the file names a contact of a stored LP, its contacts
 * become the file's: each matched to a stored one by address (else by name) to keep its id; the stored ones
 * the file never names are removed at its end (removeUnnamedContacts). `file` is told what the batch did
 * once it is committed.
 */
export async function writeLpImportBatch(
  db: Db,
  batch: LpBatchRow[],
  fields: readonly LpValueKey[],
  columns: LpColumns,
  file: FileLps,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<LpBatchCounts> {
  const { counts, groups } = await db.transaction(async (tx) => {
    await takeImportLock(tx);
    // Checked under the lock that do-not-sell requests take: a request is either seen here or sees the rows.
    const suppressed = await suppressedHashesAmong(
      tx,
      batch.flatMap(({ emailHash }) => (emailHash === null ? [] : [emailHash])),
    );
    const stored = await loadStoredLps(
      tx,
      [...new Set(batch.flatMap(({ lp }) => (lp.websiteDomain === null ? [] : [lp.websiteDomain])))],
      [...new Set(batch.map(({ lp }) => lp.name))],
    );
    const counts: LpBatchCounts = {
      inserted: 0,
      updated: 0,
      unchanged: 0,
      contactsWritten: 0,
      rejected: [],
      suppressedCount: 0,
      duplicates: [],
    };
    const resolver = new GroupResolver(file, stored);
    for (const row of batch) {
      const group = resolver.groupOf(row);
      if (group.firstRow !== row.row) {
        const differing = differingColumns(group.digests, row.digests, fields, columns);
        if (differing.length > 0) {
          counts.rejected.push({ row: row.row, reason: inconsistentRowReason(group.firstRow, differing) });
          continue;
        }
      }
      addContact(group, row, suppressed, counts);
    }
    const groups = resolver.groups();
    const storedContacts = groupByLp(
      await loadStoredContacts(
        tx,
        groups.filter(needsReplacing).map((group) => group.id as number),
      ),
    );
    const writes: LpWrites = {
      newLps: [],
      newLpContacts: [],
      updatedLps: [],
      contacts: [],
    };
    for (const group of groups) planGroup(group, fields, storedContacts, writes, counts);
    if (!dryRun) await writeLpBatch(tx, writes, fields);
    return { counts, groups };
  });
  // Only once the batch is committed: a failed batch leaves the file's LPs as they were.
  for (const group of groups) recordGroup(file, group);
  return counts;
}

/** Finds (or starts) the group of each row, in file order. */
class GroupResolver {
  private readonly list: Group[] = [];
  private readonly byDomain = new Map<string, Group>();
  private readonly byName = new Map<string, Group[]>();
  private readonly byId = new Map<number, Group>();
  private readonly byEntry = new Map<FileLp, Group>();
  private readonly storedByDomain = new Map<string, StoredLp>();
  private readonly storedByName = new Map<string, StoredLp[]>();

  constructor(
    private readonly file: FileLps,
    stored: readonly StoredLp[],
  ) {
    // `stored` is in id order: the oldest LP wins when several share a key.
    for (const lp of stored) {
      if (lp.websiteDomain !== null && !this.storedByDomain.has(lp.websiteDomain)) {
        this.storedByDomain.set(lp.websiteDomain, lp);
      }
      const key = storedNameKey(lp);
      this.storedByName.set(key, [...(this.storedByName.get(key) ?? []), lp]);
    }
  }

  groups(): Group[] {
    return this.list;
  }

  groupOf(row: LpBatchRow): Group {
    const domain = row.lp.websiteDomain;
    if (domain !== null) {
      const found =
        this.byDomain.get(domain) ??
        this.ofEntry(this.file.withDomain(domain), row) ??
        this.ofStored(this.storedByDomain.get(domain), row);
      if (found) return found;
    }
    // By name and country only when the websites do not contradict: either side has none.
    const compatible = (otherDomain: string | null) => domain === null || otherDomain === null;
    const found =
      this.byName.get(row.nameKey)?.find((group) => compatible(group.domain)) ??
      this.ofEntry(
        this.file.withName(row.nameKey).find((entry) => compatible(entry.domain)),
        row,
      ) ??
      this.ofStored(
        this.storedByName.get(row.nameKey)?.find((lp) => compatible(lp.websiteDomain)),
        row,
      );
    return found ?? this.start(null, null, row);
  }

  private ofEntry(entry: FileLp | undefined, row: LpBatchRow): Group | undefined {
    if (entry === undefined) return undefined;
    return this.byEntry.get(entry) ?? this.start(entry, null, row);
  }

  private ofStored(lp: StoredLp | undefined, row: LpBatchRow): Group | undefined {
    if (lp === undefined) return undefined;
    // A stored LP an earlier row (of this batch or of the file) already named, under other keys.
    return this.byId.get(lp.id) ?? this.ofEntry(this.file.withId(lp.id), row) ?? this.start(null, lp, row);
  }

  /**
   * A new group: of an LP an earlier batch named (`entry`), of a stored LP (`stored`), or of a new LP; `row`
   * is the batch's first row about it (the LP's first row, but for an LP an earlier batch named).
   */
  private start(entry: FileLp | null, stored: StoredLp | null, row: LpBatchRow): Group {
    const group: Group = entry
      ? {
          entry,
          stored: null,
          id: entry.id,
          // Not written again: the batch that first named the LP wrote its columns.
          lp: row.lp,
          nameKey: entry.nameKey,
          domain: entry.domain,
          digests: entry.digests,
          firstRow: entry.firstRow,
          namesContact: false,
          contacts: [],
          contactKeys: new Map(entry.contactKeys.map((key, index) => [key, entry.contactRows[index] ?? 0])),
          outcome: entry.outcome,
          contactsGiven: 0,
          pending: null,
        }
      : {
          entry: null,
          stored,
          id: stored?.id ?? null,
          lp: row.lp,
          nameKey: row.nameKey,
          domain: row.lp.websiteDomain,
          digests: row.digests,
          firstRow: row.row,
          namesContact: false,
          contacts: [],
          contactKeys: new Map(),
          outcome: "inserted",
          contactsGiven: 0,
          pending: null,
        };
    this.list.push(group);
    if (group.domain !== null && !this.byDomain.has(group.domain)) this.byDomain.set(group.domain, group);
    this.byName.set(group.nameKey, [...(this.byName.get(group.nameKey) ?? []), group]);
    if (group.id !== null) this.byId.set(group.id, group);
    if (entry) this.byEntry.set(entry, group);
    return group;
  }
}

function storedNameKey(lp: StoredLp): string {
  return lpNameKey(lp.name, lp.country);
}

function inconsistentRowReason(firstRow: number, columns: readonly string[]): string {
  const list = columns.map((column) => `'${column}'`).join(", ");
  return (
    `names the LP of row ${firstRow} but with other values in ${list}; ` +
    "an LP's columns must be the same on each of its rows"
  );
}

/** Adds a row's contact to its LP: new, suppressed, or a duplicate of one the file named already. */
function addContact(
  group: Group,
  row: LpBatchRow,
  suppressed: ReadonlySet<string>,
  counts: LpBatchCounts,
): void {
  const { contact } = row;
  if (contact === null) {
    // A second row of an LP without a contact adds nothing.
    if (row.row !== group.firstRow) counts.duplicates.push({ row: row.row, firstRow: group.firstRow });
    return;
  }
  group.namesContact = true;
  if (row.emailHash !== null && suppressed.has(row.emailHash)) {
    counts.rejected.push({ row: row.row, reason: SUPPRESSED_CONTACT_REASON });
    counts.suppressedCount++;
    return;
  }
  const key = contactKey(contact);
  const earlier = group.contactKeys.get(key);
  if (earlier !== undefined) {
    counts.duplicates.push({ row: row.row, firstRow: earlier });
    return;
  }
  group.contactKeys.set(key, row.row);
  group.contacts.push({ row: row.row, contact });
}

/**
 * A stored LP whose contacts this batch begins to replace: its stored contacts are read (later batches
 * match against the ones the file has not named yet, kept with the LP).
 */
function needsReplacing(group: Group): boolean {
  return group.namesContact && group.id !== null && !(group.entry?.contactsReplaced ?? false);
}

function groupByLp(contacts: readonly StoredContact[]): Map<number, StoredContact[]> {
  const byLp = new Map<number, StoredContact[]>();
  for (const contact of contacts) {
    const list = byLp.get(contact.lpId);
    if (list) list.push(contact);
    else byLp.set(contact.lpId, [contact]);
  }
  return byLp;
}

/** Decides what a group writes and counts it. */
function planGroup(
  group: Group,
  fields: readonly LpValueKey[],
  storedContacts: ReadonlyMap<number, StoredContact[]>,
  writes: LpWrites,
  counts: LpBatchCounts,
): void {
  const base = group.entry?.contactCount ?? 0;
  let contactsChanged = false;
  if (group.namesContact && group.id === null) {
    // A new LP (in a dry run, also one an earlier batch would have created): every contact is new.
    const lpIndex = group.entry === null ? writes.newLps.length : -1;
    group.contacts.forEach(({ contact }, index) => {
      if (lpIndex >= 0) writes.newLpContacts.push({ lpIndex, contact, position: base + index });
    });
    counts.contactsWritten += group.contacts.length;
    contactsChanged = group.contacts.length > 0;
  } else if (group.namesContact) {
    const pool =
      group.entry?.contactsReplaced === true
        ? group.entry.pendingContacts
        : (storedContacts.get(group.id as number) ?? []);
    const changes = matchContacts(group, pool, base);
    writes.contacts.push(...changes.writes);
    group.pending = changes.unmatched;
    counts.contactsWritten += changes.writes.length;
    contactsChanged = changes.writes.length > 0;
  }
  group.contactsGiven = group.contacts.length;
  if (group.entry !== null) {
    // Counted by the batch that first named it; its contacts may turn "unchanged" into "updated".
    if (group.outcome === "unchanged" && contactsChanged) {
      counts.unchanged--;
      counts.updated++;
      group.outcome = "updated";
    }
    return;
  }
  if (group.stored === null) {
    writes.newLps.push({
      lp: group.lp,
      setId: (id) => {
        group.id = id;
      },
    });
    group.outcome = "inserted";
    counts.inserted++;
    return;
  }
  const lpChanged = !fields.every((field) => isSameValue(group.stored?.[field], group.lp[field]));
  if (lpChanged) writes.updatedLps.push({ id: group.stored.id, lp: group.lp });
  group.outcome = lpChanged || contactsChanged ? "updated" : "unchanged";
  counts[group.outcome]++;
}

/**
 * The writes that give a stored LP the batch's contacts, from `base` on: each keeps the id of the stored one
 * (of `pool`, those the file has not named yet) with its address (else, without an address, its name), and
 * is written only when something, its position included, changes. Returns the stored contacts still
 * unnamed.
 */
function matchContacts(
  group: Group,
  pool: readonly StoredContact[],
  base: number,
): { writes: ContactWrite[]; unmatched: StoredContact[] } {
  const unused = new Map<string, StoredContact[]>();
  for (const contact of pool) {
    const key = contactKey(contact);
    unused.set(key, [...(unused.get(key) ?? []), contact]);
  }
  const writes: ContactWrite[] = [];
  const lpId = group.id as number;
  group.contacts.forEach(({ contact }, index) => {
    const position = base + index;
    const match = unused.get(contactKey(contact))?.shift();
    if (match === undefined) {
      writes.push({ ...contact, id: null, lpId, position });
      return;
    }
    const isSame =
      match.position === position &&
      match.firstName === contact.firstName &&
      match.lastName === contact.lastName &&
      match.title === contact.title &&
      match.email === contact.email &&
      match.linkedin === contact.linkedin;
    if (!isSame) writes.push({ ...contact, id: match.id, lpId, position });
  });
  return { writes, unmatched: [...unused.values()].flat() };
}

/** Tells the file what the committed batch did to each LP. */
function recordGroup(file: FileLps, group: Group): void {
  const keys = [...group.contactKeys];
  let entry = group.entry;
  if (entry === null) {
    entry = {
      id: group.id,
      nameKey: group.nameKey,
      domain: group.domain,
      digests: group.digests,
      firstRow: group.firstRow,
      outcome: group.outcome,
      contactsReplaced: false,
      pendingContacts: [],
      contactCount: 0,
      contactKeys: [],
      contactRows: [],
    };
    file.add(entry);
  }
  entry.outcome = group.outcome;
  entry.contactsReplaced ||= group.namesContact;
  entry.contactCount += group.contactsGiven;
  entry.contactKeys = keys.map(([key]) => key);
  entry.contactRows = keys.map(([, row]) => row);
  if (group.pending !== null) {
    entry.pendingContacts = group.pending;
    if (group.pending.length > 0) file.withPendingContacts.add(entry);
    else file.withPendingContacts.delete(entry);
  }
}

/**
 * The end of a file: deletes (unless `dryRun`) the stored contacts it never named of the LPs whose contacts
 * it named, under the import lock. Returns how many, and how many LPs counted unchanged this makes updated.
 */
export async function removeUnnamedContacts(
  db: Db,
  file: FileLps,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<{ removed: number; nowUpdated: number }> {
  const entries = [...file.withPendingContacts];
  const ids = entries.flatMap((entry) => entry.pendingContacts.map((contact) => contact.id));
  if (ids.length === 0) return { removed: 0, nowUpdated: 0 };
  if (!dryRun) {
    await db.transaction(async (tx) => {
      await takeImportLock(tx);
      await deleteContacts(tx, ids);
    });
  }
  let nowUpdated = 0;
  for (const entry of entries) {
    if (entry.outcome === "unchanged") {
      entry.outcome = "updated";
      nowUpdated++;
    }
    entry.pendingContacts = [];
  }
  file.withPendingContacts.clear();
  return { removed: ids.length, nowUpdated };
}
