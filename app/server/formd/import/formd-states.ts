import type { FilingOrder } from "../../../core/formd/company-match";
import type { FormDPerson } from "../../../core/formd/filing";
import type { FormDCounts } from "../../../core/import-runs";
import type { DuplicateRow } from "../../imports/import-kit.server";

/** decision 031: a company's fields a Form D filing writes (the rest are another source's, or derived). */
export interface CompanyFields {
  cik: string | null;
  organizationName: string;
  nameKey: string;
  city: string | null;
  region: string | null;
  country: string | null;
  headquartersLocation: string | null;
  industries: string[];
  industryGroups: string[];
}

/** A company as a batch leaves it. */
export interface CompanyState {
  /** Null until inserted (a dry run never inserts). */
  id: number | null;
  /** As stored; null for a company the import creates. */
  stored: CompanyFields | null;
  values: CompanyFields;
  /**
   * The people of this batch's newest filing of the company, with that filing's folder: they replace its
   * Form D people unless those came from a newer filing.
   */
  people: { filing: FilingOrder; sourceUrl: string; people: FormDPerson[] } | null;
  /** Its Form D people as an earlier batch of this import wrote them (a dry run: would have). */
  writtenPeople: PersonRecord[] | null;
}

/** A person as written (position, first name, last name, title, kind): what decides a rewrite. */
export type PersonRecord = [number, string | null, string | null, string | null, string];

/** A round's fields a Form D filing writes. */
export interface RoundValues {
  announcedOn: string;
  fundingType: string;
  amountUsd: number | null;
  investorCount: number | null;
  sourceKey: string;
  sourceUrl: string;
}

/** A round as a batch leaves it. */
export interface RoundState {
  id: number | null;
  company: CompanyState;
  stored: RoundValues | null;
  values: RoundValues;
  /** The filing whose values it holds (the newest of its chain). */
  newestFiling: FilingOrder | null;
}

/** An accession number a round holds: a filing read (`filedOn`), or one an amendment names, not read yet. */
export interface AccessionState {
  round: RoundState;
  rootAccession: string;
  filedOn: string | null;
  /** As stored, or null: written when it differs. */
  stored: { roundId: number; rootAccession: string; filedOn: string | null } | null;
}

/** What a batch did. `inserted`, `updated`, `unchanged` count the filings written (not those left out). */
export interface FormDBatchCounts extends FormDCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  duplicates: DuplicateRow[];
}
