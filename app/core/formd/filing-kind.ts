import type { FormDFiling } from "./filing";
import { industryGroupKey } from "./industry-groups";

/**
 * Decision 031: which filings are not a startup's round. Checked in this order, the first that applies wins.
 *
 * 1. TEST: a filing sent as TESTORLIVE = TEST (X0708 `testOrLive`) is not real.
 * 2. Fund: a pooled investment fund (venture, private equity, hedge, other) raises from investors; it is an
 *    investor, not a startup. A filing is a fund's when its industry group is "Pooled Investment Fund", it
 *    names an investment fund type, or it sells pooled-fund interests; and every filing one of whose issuers
 *    (primary or co-issuer) files as a fund anywhere in the data set is a fund's too: parallel vehicles,
 *    feeders and a fund's management company filing beside it.
 * 3. Not an operating company:
 *    - its issuer is a partnership or a trust (entity type Limited Partnership, General Partnership or
 *      Business Trust): startups are corporations and LLCs; partnerships and trusts are vehicles;
 *    - the offering is a business combination (a merger or exchange offer, not a round);
 *    - it sells only tenant-in-common or mineral-property interests (a share of an asset, not of a company);
 *    - its industry group is real estate other than Construction (Commercial, Residential, REITS and
 *      Finance, Other Real Estate): property syndications, one vehicle per building;
 *    - its name says it is a vehicle: "a series of", "SPV", "feeder", a numbered "Fund".
 */
export type FormDFilingKind =
  | { kind: "operating" }
  | { kind: "test" }
  | { kind: "fund"; reason: string }
  | { kind: "not_operating"; reason: string };

/** A fund by what the filing itself says (rule 2's first half). */
export function fundReason(filing: FormDFiling): string | null {
  const { offering } = filing;
  if (
    offering.industryGroup !== null &&
    industryGroupKey(offering.industryGroup) === "pooled investment fund"
  )
    return "Industry group is Pooled Investment Fund";
  if (offering.investmentFundType !== null) return `Investment fund type is ${offering.investmentFundType}`;
  if (offering.isPooledInvestmentFund) return "Sells pooled investment fund interests";
  return null;
}

/** Every issuer CIK of a filing: the primary issuer's, then the co-issuers'. */
export function issuerCiks(filing: FormDFiling): string[] {
  return [filing.primaryIssuer.cik, ...filing.otherIssuers.map((issuer) => issuer.cik)];
}

/** The CIKs of every issuer of a fund's filing (rule 2) in a set of filings; TEST filings count for nothing. */
export function fundIssuerCiks(filings: Iterable<FormDFiling>): Set<string> {
  const ciks = new Set<string>();
  for (const filing of filings) {
    if (filing.isTest || fundReason(filing) === null) continue;
    for (const cik of issuerCiks(filing)) ciks.add(cik);
  }
  return ciks;
}

const VEHICLE_ENTITY_TYPES = new Set(["limited partnership", "general partnership", "business trust"]);
const PROPERTY_GROUPS = new Set(["commercial", "residential", "reits and finance", "other real estate"]);
const ASSET_INTERESTS = /tenant-in-common|mineral property/i;
const VEHICLE_NAME = /\ba series of\b|\bspv\b|\bfeeder\b|\bfund\s+(?:\d+|[ivxlc]+)\b/i;

function notOperatingReason(filing: FormDFiling): string | null {
  const { primaryIssuer: issuer, offering } = filing;
  const entityType = issuer.entityType?.toLowerCase() ?? "";
  if (VEHICLE_ENTITY_TYPES.has(entityType)) return `Issuer is a ${issuer.entityType}`;
  if (offering.isBusinessCombination) return "Offering is a business combination";
  if (
    !offering.isEquity &&
    !offering.isDebt &&
    offering.otherSecurityTypes.length > 0 &&
    offering.otherSecurityTypes.every((type) => ASSET_INTERESTS.test(type))
  )
    return "Offering sells interests in property, not in a company";
  if (offering.industryGroup !== null && PROPERTY_GROUPS.has(industryGroupKey(offering.industryGroup)))
    return `Industry group is ${offering.industryGroup} real estate`;
  if (VEHICLE_NAME.test(issuer.name)) return "Issuer's name is an investment vehicle's";
  return null;
}

/** What kind of filing this is; `fundCiks` is fundIssuerCiks over the whole data set. */
export function formDFilingKind(filing: FormDFiling, fundCiks: ReadonlySet<string>): FormDFilingKind {
  if (filing.isTest) return { kind: "test" };
  const ownReason = fundReason(filing);
  if (ownReason !== null) return { kind: "fund", reason: ownReason };
  const fundIssuer = issuerCiks(filing).find((cik) => fundCiks.has(cik));
  if (fundIssuer !== undefined) return { kind: "fund", reason: `Issuer CIK ${fundIssuer} files as a fund` };
  const reason = notOperatingReason(filing);
  return reason === null ? { kind: "operating" } : { kind: "not_operating", reason };
}
