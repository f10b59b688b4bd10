import type { FormDCompany, FormDPerson, FormDRound } from "../../../core/formd/filing";
import { formatLocation } from "../../../core/location";
import type { FormDBatchRow } from "./formd-rows";
import type { CompanyFields, PersonRecord, RoundValues } from "./formd-states";

// decision 031: a Form D batch's values, as stored and as a filing gives them, and how they compare.

/** decision 031: where a Form D round or person came from (shown as 'SEC Form D'). */
export const FORMD_SOURCE = "sec_form_d";

export interface StoredCompanyRow extends Record<string, unknown> {
  id: number;
  cik: string | null;
  organization_name: string;
  name_key: string;
  city: string | null;
  region: string | null;
  country: string | null;
  headquarters_location: string | null;
  industries: string[];
  industry_groups: string[];
}

export interface StoredRoundRow extends Record<string, unknown> {
  id: number;
  company_id: number;
  announced_on: string;
  funding_type: string;
  amount_usd: number | null;
  investor_count: number | null;
  source_key: string;
  source_url: string;
}

export interface StoredAccessionRow extends Record<string, unknown> {
  accession_number: string;
  round_id: number;
  root_accession: string;
  filed_on: string | null;
}

export interface NewestFilingRow extends Record<string, unknown> {
  id: number;
  filed_on: string;
  accession_number: string;
}

export interface StoredPersonRow extends Record<string, unknown> {
  company_id: number;
  position: number;
  first_name: string | null;
  last_name: string | null;
  title: string | null;
  role_kind: string;
  source: string;
}

/** A filing that becomes a company, a round and people (not one left out). */
export type CompanyRow = FormDBatchRow & { mapped: { kind: "company" } };

export function roundValuesOf(round: FormDRound, sourceKey: string): RoundValues {
  return {
    announcedOn: round.announcedOn,
    fundingType: round.fundingType,
    // amount_usd is whole dollars; a filing states cents.
    amountUsd: round.amountUsd === null ? null : Math.round(round.amountUsd),
    investorCount: round.investorCount,
    sourceKey,
    sourceUrl: round.sourceUrl,
  };
}

export function sameRound(a: RoundValues, b: RoundValues): boolean {
  return (
    a.announcedOn === b.announcedOn &&
    a.fundingType === b.fundingType &&
    a.amountUsd === b.amountUsd &&
    a.investorCount === b.investorCount &&
    a.sourceKey === b.sourceKey &&
    a.sourceUrl === b.sourceUrl
  );
}

export function sameCompany(a: CompanyFields, b: CompanyFields): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** 'City, State, Country' as the companies import stores it; the country alone without a city. */
export function locationOf(company: Pick<FormDCompany, "city" | "region" | "country">): string | null {
  if (company.country === null) return null;
  return company.city === null
    ? company.country
    : formatLocation(company.city, company.region, company.country);
}

export function newCompanyFields(company: FormDCompany): CompanyFields {
  return {
    cik: company.cik,
    organizationName: company.organizationName,
    // The companies import's name key (crunchbase-row.ts): a later Crunchbase row finds this company.
    nameKey: company.organizationName.toLowerCase(),
    city: company.city,
    region: company.region,
    country: company.country,
    headquartersLocation: locationOf(company),
    industries: company.industries,
    industryGroups: company.industryGroups,
  };
}

export function storedCompanyFields(row: StoredCompanyRow): CompanyFields {
  return {
    cik: row.cik,
    organizationName: row.organization_name,
    nameKey: row.name_key,
    city: row.city,
    region: row.region,
    country: row.country,
    headquartersLocation: row.headquarters_location,
    industries: row.industries,
    industryGroups: row.industry_groups,
  };
}

export function storedRoundValues(row: StoredRoundRow): RoundValues {
  return {
    announcedOn: row.announced_on,
    fundingType: row.funding_type,
    amountUsd: row.amount_usd,
    investorCount: row.investor_count,
    sourceKey: row.source_key,
    sourceUrl: row.source_url,
  };
}

/**
 * A filing's people as written beside the company's people from other sources: after them in position, and
 * without the ones another source already names (same first and last name).
 */
export function peopleRecords(
  people: readonly FormDPerson[],
  others: readonly StoredPersonRow[],
): PersonRecord[] {
  const nameOf = (first: string | null, last: string | null) =>
    `${(first ?? "").trim().toLowerCase()}\u001f${(last ?? "").trim().toLowerCase()}`;
  const named = new Set(others.map((person) => nameOf(person.first_name, person.last_name)));
  let position = others.reduce((max, person) => Math.max(max, person.position + 1), 0);
  const records: PersonRecord[] = [];
  for (const person of people) {
    const name = nameOf(person.firstName, person.lastName);
    if (named.has(name)) continue;
    named.add(name);
    records.push([position++, person.firstName, person.lastName, person.title, person.roleKind]);
  }
  return records;
}
