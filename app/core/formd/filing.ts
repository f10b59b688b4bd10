// Decision 031: the shapes every Form D reader produces and the writer consumes. A quarterly data
// set (six tab-separated files joined on ACCESSIONNUMBER) and a single `primary_doc.xml` (schema X0708) are
// both read into `FormDFiling`; `mapFiling` (formd/map-filing.ts) turns one into what Roundlist stores.

/** Where a filing was read from, for the per-row report: the file (a zip's member as `zip:member`) and its line. */
export interface FormDSourcePosition {
  file: string;
  line: number;
}

export type FormDRelationship = "Executive Officer" | "Director" | "Promoter";

export interface FormDRelatedPerson {
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  relationships: FormDRelationship[];
  /** RELATIONSHIPCLARIFICATION, e.g. "Chief Executive Officer". */
  clarification: string | null;
}

export interface FormDIssuer {
  /** Without leading zeros. */
  cik: string;
  /** Whitespace normalised (no-break and doubled spaces folded). */
  name: string;
  street1: string | null;
  street2: string | null;
  city: string | null;
  /** EDGAR's code: a US state (`CA`), a Canadian province (`A1`..), a country (`X0` is the United Kingdom). */
  stateOrCountry: string | null;
  /** EDGAR's spelling of the place (`CALIFORNIA`, `UNITED KINGDOM`). */
  stateOrCountryDescription: string | null;
  zipCode: string | null;
  phone: string | null;
  /** `Corporation`, `Limited Liability Company`, `Limited Partnership`, `Business Trust`, `General Partnership`, `Other`. */
  entityType: string | null;
  /** The year of incorporation where the filing states one. */
  yearOfIncorporation: number | null;
  jurisdiction: string | null;
  previousNames: string[];
}

export interface FormDOffering {
  /** OFFERING's INDUSTRYGROUPTYPE / X0708's industryGroupType, as filed (`Biotechnology`, `Pooled Investment Fund`...). */
  industryGroup: string | null;
  /** `Venture Capital Fund`, `Private Equity Fund`, `Hedge Fund`, `Other Investment Fund`... or null. */
  investmentFundType: string | null;
  isAmendment: boolean;
  /** The filing a `D/A` amends (dashed form, `0001234567-26-000001`). */
  previousAccessionNumber: string | null;
  /** ISO date, or null when the first sale is yet to occur or not stated. */
  dateOfFirstSale: string | null;
  yetToOccur: boolean;
  isEquity: boolean;
  isDebt: boolean;
  isPooledInvestmentFund: boolean;
  /** Other security types named (options, warrants, mineral property, other...). */
  otherSecurityTypes: string[];
  isBusinessCombination: boolean;
  /** USD; null when `Indefinite` or missing. */
  totalOfferingAmount: number | null;
  totalOfferingIndefinite: boolean;
  /** USD, decimals kept; null when missing. */
  totalAmountSold: number | null;
  totalNumberAlreadyInvested: number | null;
  minimumInvestmentAccepted: number | null;
}

export interface FormDFiling {
  /** Dashed form, as the data sets print it: `0001234567-26-000001`. */
  accessionNumber: string;
  fileNumber: string | null;
  /** ISO date (the data sets print `30-JUN-2026`). */
  filingDate: string;
  submissionType: "D" | "D/A";
  isTest: boolean;
  primaryIssuer: FormDIssuer;
  /** Co-issuers (parallel vehicles of a fund file as co-issuers): CIK and name only. */
  otherIssuers: { cik: string; name: string }[];
  offering: FormDOffering;
  relatedPersons: FormDRelatedPerson[];
  position: FormDSourcePosition;
}

/** A row a reader could not turn into a filing: reported with its file, line and reason, never written. */
export interface FormDRejected {
  position: FormDSourcePosition;
  accessionNumber: string | null;
  reason: string;
}

/** What a filing becomes in Roundlist. */
export type MappedFiling =
  | { kind: "company"; company: FormDCompany; round: FormDRound; people: FormDPerson[] }
  | { kind: "fund"; reason: string }
  | { kind: "test" }
  | { kind: "not_operating"; reason: string };

export interface FormDCompany {
  cik: string;
  organizationName: string;
  /** The match key: normalised name without legal suffixes (core/formd/issuer-name.ts). */
  matchName: string;
  city: string | null;
  /** The state or province as the location filters spell it, or null outside the US and Canada. */
  region: string | null;
  /** The country as the location filters spell it ("United States", "United Kingdom"). */
  country: string | null;
  /** Roundlist industries (the written table in core/formd/industry-groups.ts). */
  industries: string[];
  industryGroups: string[];
  yearFounded: number | null;
}

export interface FormDRound {
  /** The accession number of the filing that first reported the offering (the root of an amendment chain). */
  sourceKey: string;
  /** Date of first sale, else the filing date. */
  announcedOn: string;
  /** A funding type the filters understand (the written rule in core/formd/round-type.ts). */
  fundingType: string;
  amountUsd: number | null;
  investorCount: number | null;
  /** The filing folder on EDGAR. */
  sourceUrl: string;
}

export interface FormDPerson {
  firstName: string | null;
  lastName: string | null;
  /** The relationships and clarification as a title ("Executive Officer, Director: CEO"). */
  title: string;
  roleKind: "founder" | "executive" | "director" | "other";
}
