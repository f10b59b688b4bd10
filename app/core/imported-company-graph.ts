import type { CompanySummary, RoleKind, SummaryPerson, SummaryRound } from "./company-summary";

/**
 * decision 030, the companies import: what one row of a Crunchbase companies export does to the company's
 * rounds, people, investors and stated figures. A row describes the company's latest round, its contact and
 * founders, and its investors as the company's (no round named). Pure: the writer loads the stored graph,
 * calls `mergeImportedRow`, and writes the plan with the summary in the same transaction.
 */

/** The sources the companies import owns: its own, and the backfill's (made from the same fields). */
export const COMPANIES_IMPORT_SOURCES: ReadonlySet<string> = new Set(["crunchbase_companies", "backfill"]);

export interface StoredRound extends SummaryRound {
  source: string;
}

export interface StoredPerson extends SummaryPerson {
  id: number;
  source: string;
}

/** A person as the row names them (no id yet). */
export interface RowPerson {
  firstName: string | null;
  lastName: string | null;
  title: string | null;
  roleKind: RoleKind;
  email: string | null;
}

/** The round a row describes: its Last Funding fields. */
export type RowRound = Omit<SummaryRound, "id">;

/** A person after the merge: a stored one (id) updated, or a new one (id null); positions are final. */
export interface MergedPerson extends SummaryPerson {
  id: number | null;
  source: string;
}

export interface RoundChange {
  /** null: a new round (source crunchbase_companies); else the stored round it updates. */
  id: number | null;
  values: RowRound;
}

export interface GraphPlan {
  /** The round to insert or update; null when the row changes no round. */
  round: RoundChange | null;
  /** The company's people after the row (null: the file names no person; they stay as they are). */
  people: MergedPerson[] | null;
  /** Stored people the row drops (the companies import's own, no longer named). */
  deletedPeople: number[];
}

/** Whether a round has any value a source stated. */
export function hasRoundValues(round: RowRound): boolean {
  return (
    round.announcedOn !== null ||
    round.fundingType !== null ||
    round.amountUsd !== null ||
    round.amount !== null
  );
}

/**
 * The stored round a row's round is: the one with the same date (types equal, or one unknown), or with
 * neither a date and the same type; else the latest of the import's own rounds that is not older than the
 * row's (a corrected round, not a new one); else none (a new round).
 */
export function roundOfRow(stored: readonly StoredRound[], row: RowRound): StoredRound | undefined {
  const sameType = (round: StoredRound) =>
    round.fundingType === null || row.fundingType === null || round.fundingType === row.fundingType;
  const same = stored.find((round) =>
    row.announcedOn === null
      ? round.announcedOn === null && round.fundingType === row.fundingType
      : round.announcedOn === row.announcedOn && sameType(round),
  );
  if (same) return same;
  let corrected: StoredRound | undefined;
  for (const round of stored) {
    if (!COMPANIES_IMPORT_SOURCES.has(round.source)) continue;
    const notOlder =
      round.announcedOn === null || row.announcedOn === null || round.announcedOn >= row.announcedOn;
    if (!notOlder) continue;
    if (corrected === undefined || round.id > corrected.id) corrected = round;
  }
  return corrected;
}

/**
 * The round change a row makes: a round of the import's own source takes the row's values; a round another
 * source gave (a rounds export, the demo set) only gets the values it lacks; a round not stored is new.
 */
export function roundChange(stored: readonly StoredRound[], row: RowRound): RoundChange | null {
  if (!hasRoundValues(row)) return null;
  const target = roundOfRow(stored, row);
  if (target === undefined) return { id: null, values: row };
  const values: RowRound = COMPANIES_IMPORT_SOURCES.has(target.source)
    ? row
    : {
        announcedOn: target.announcedOn ?? row.announcedOn,
        fundingType: target.fundingType ?? row.fundingType,
        amountUsd: target.amountUsd ?? row.amountUsd,
        amount: target.amount ?? row.amount,
        currency: target.currency ?? row.currency,
      };
  const same =
    values.announcedOn === target.announcedOn &&
    values.fundingType === target.fundingType &&
    values.amountUsd === target.amountUsd &&
    values.amount === target.amount &&
    values.currency === target.currency;
  return same ? null : { id: target.id, values };
}

function nameOf(person: { firstName: string | null; lastName: string | null }): string {
  return [person.firstName, person.lastName]
    .filter((part) => part !== null && part.trim() !== "")
    .join(" ")
    .trim()
    .toLowerCase();
}

/**
 * The company's people after a row: the row's people first, in its order, each the stored person with the
 * same email (else the same name) when there is one, keeping what the row leaves blank; then the people
 * other sources gave, in their order. The import's own people the row no longer names are dropped.
 */
export function mergePeople(
  stored: readonly StoredPerson[],
  row: readonly RowPerson[],
): { people: MergedPerson[]; deleted: number[] } {
  const used = new Set<number>();
  const byEmail = (email: string) =>
    stored.find((person) => !used.has(person.id) && person.email?.toLowerCase() === email.toLowerCase());
  const byName = (name: string) =>
    stored.find((person) => !used.has(person.id) && name !== "" && nameOf(person) === name);
  const people: MergedPerson[] = [];
  for (const person of row) {
    const match = (person.email === null ? undefined : byEmail(person.email)) ?? byName(nameOf(person));
    if (match === undefined) {
      people.push({ ...person, id: null, source: "crunchbase_companies", position: people.length });
      continue;
    }
    used.add(match.id);
    people.push({
      id: match.id,
      source: match.source,
      position: people.length,
      firstName: person.firstName ?? match.firstName,
      lastName: person.lastName ?? match.lastName,
      title: person.title ?? match.title,
      roleKind: person.roleKind,
      email: person.email ?? match.email,
    });
  }
  const deleted: number[] = [];
  const others = [...stored].sort((a, b) => a.position - b.position || a.id - b.id);
  for (const person of others) {
    if (used.has(person.id)) continue;
    if (COMPANIES_IMPORT_SOURCES.has(person.source)) deleted.push(person.id);
    else people.push({ ...person, position: people.length });
  }
  return { people, deleted };
}

/** The contact and funding fields a row gives, over the company's current ones for the columns it lacks. */
export type RowFields = Pick<
  CompanySummary,
  | "firstName"
  | "lastName"
  | "role"
  | "email"
  | "founders"
  | "lastFundingDate"
  | "lastFundingType"
  | "lastFundingAmountUsd"
  | "lastFundingAmount"
  | "lastFundingCurrency"
>;

/** The fields' round: the Last Funding fields. */
export function rowRound(fields: RowFields): RowRound {
  return {
    announcedOn: fields.lastFundingDate,
    fundingType: fields.lastFundingType,
    amountUsd: fields.lastFundingAmountUsd,
    amount: fields.lastFundingAmount,
    currency: fields.lastFundingCurrency,
  };
}

/** The names of a `Founders` cell: "Ada Lovelace, Alan Turing" (commas or semicolons between them). */
export function founderNames(founders: string | null): string[] {
  if (!founders) return [];
  return founders
    .split(/\s*[,;]\s*/)
    .map((name) => name.replace(/\s+/g, " ").trim())
    .filter((name) => name !== "");
}

/** "Ada King Lovelace": first name "Ada", last name "King Lovelace". */
export function splitName(name: string): { firstName: string; lastName: string | null } {
  const [first = "", ...rest] = name.split(" ");
  return { firstName: first, lastName: rest.length > 0 ? rest.join(" ") : null };
}

/**
 * The people a company's contact fields and `Founders` name, in source order: one founder per name of
 * `Founders`, and the contact (First name, Last name, Role, Email) in their place among them, or first when
 * `Founders` does not name them. The contact is a founder when `Founders` names them, or their role says so,
 * or `Founders` names no one; otherwise an executive. `keepContact` false leaves the contact out (an address
 * on the do-not-sell list), their place kept.
 */
export function peopleOfFields(
  fields: Pick<RowFields, "firstName" | "lastName" | "role" | "email" | "founders">,
  keepContact = true,
): Array<RowPerson & { position: number }> {
  const names = founderNames(fields.founders);
  const contactName = [fields.firstName, fields.lastName]
    .filter((part) => part !== null && part.trim() !== "")
    .join(" ")
    .trim();
  const email = fields.email?.trim() || null;
  const hasContact = contactName !== "" || email !== null;
  const contactIndex = names.findIndex((name) => name.toLowerCase() === contactName.toLowerCase());
  const contactKind: RoleKind =
    contactIndex >= 0 || names.length === 0 || fields.role === null || /founder/i.test(fields.role)
      ? "founder"
      : "executive";
  const people: Array<RowPerson & { position: number }> = [];
  const shift = hasContact && contactIndex < 0 ? 1 : 0;
  names.forEach((name, index) => {
    if (index === contactIndex) return;
    people.push({
      position: index + shift,
      ...splitName(name),
      title: null,
      roleKind: "founder",
      email: null,
    });
  });
  if (hasContact && keepContact) {
    people.push({
      position: Math.max(contactIndex, 0),
      firstName: fields.firstName,
      lastName: fields.lastName,
      title: fields.role?.trim() || null,
      roleKind: contactKind,
      email,
    });
  }
  return people.sort((a, b) => a.position - b.position);
}
