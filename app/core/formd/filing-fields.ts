import type { FormDIssuer, FormDOffering, FormDRelatedPerson } from "./filing";
import {
  cleanFormDNamePart,
  cleanFormDText,
  FormDValueError,
  parseAccessionNumber,
  parseCik,
  parseFormDAmount,
  parseFormDCount,
  parseFormDDate,
  parseFormDFlag,
  parseFormDRelationships,
} from "./values";

/**
 * Decision 031: one row of a data set file, or the same fields read out of a `primary_doc.xml`, by the
 * data sets' column names. Both readers build a filing's parts from these with the functions below, so a
 * value reads the same whichever way it came.
 */
export type FormDFields = Readonly<Record<string, string | undefined>>;

function text(fields: FormDFields, column: string): string | null {
  return cleanFormDText(fields[column]);
}

function flag(fields: FormDFields, column: string): boolean {
  return parseFormDFlag(fields[column], column);
}

export interface FormDSubmission {
  accessionNumber: string;
  fileNumber: string | null;
  filingDate: string;
  submissionType: "D" | "D/A";
  isTest: boolean;
}

/** FORMDSUBMISSION: the filing's number, date, type (`D` or `D/A`; anything else is not a Form D) and TEST flag. */
export function submissionFromFields(fields: FormDFields): FormDSubmission {
  const accessionNumber = parseAccessionNumber(fields.ACCESSIONNUMBER);
  const filingDate = parseFormDDate(fields.FILING_DATE, "FILING_DATE");
  if (filingDate === null) throw new FormDValueError("FILING_DATE is empty");
  const type = text(fields, "SUBMISSIONTYPE")?.toUpperCase();
  if (type !== "D" && type !== "D/A")
    throw new FormDValueError(`SUBMISSIONTYPE is "${fields.SUBMISSIONTYPE?.trim() ?? ""}", not D or D/A`);
  return {
    accessionNumber,
    fileNumber: text(fields, "FILE_NUM"),
    filingDate,
    submissionType: type,
    isTest: text(fields, "TESTORLIVE")?.toUpperCase() === "TEST",
  };
}

/** What a filer types where it has no previous name. */
const NO_NAME = new Set(["none", "n/a", "na", "-"]);

/** ISSUERS: one issuer of a filing, and whether it is the primary one. */
export function issuerFromFields(fields: FormDFields): { isPrimary: boolean; issuer: FormDIssuer } {
  const name = text(fields, "ENTITYNAME");
  if (name === null) throw new FormDValueError("ENTITYNAME is empty");
  const yearText = text(fields, "YEAROFINC_VALUE_ENTERED");
  // Some sets print the year as a decimal (`2015.0`).
  const year = yearText !== null && /^\d{4}(?:\.0+)?$/.test(yearText) ? Number.parseInt(yearText, 10) : null;
  const previousNames: string[] = [];
  for (const column of [
    "ISSUER_PREVIOUSNAME_1",
    "ISSUER_PREVIOUSNAME_2",
    "ISSUER_PREVIOUSNAME_3",
    "EDGAR_PREVIOUSNAME_1",
    "EDGAR_PREVIOUSNAME_2",
    "EDGAR_PREVIOUSNAME_3",
  ]) {
    const previous = text(fields, column);
    if (previous !== null && !NO_NAME.has(previous.toLowerCase()) && !previousNames.includes(previous))
      previousNames.push(previous);
  }
  return {
    isPrimary: flag(fields, "IS_PRIMARYISSUER_FLAG"),
    issuer: {
      cik: parseCik(fields.CIK),
      name,
      street1: text(fields, "STREET1"),
      street2: text(fields, "STREET2"),
      city: text(fields, "CITY"),
      stateOrCountry: text(fields, "STATEORCOUNTRY")?.toUpperCase() ?? null,
      stateOrCountryDescription: text(fields, "STATEORCOUNTRYDESCRIPTION"),
      zipCode: text(fields, "ZIPCODE"),
      phone: text(fields, "ISSUERPHONENUMBER"),
      entityType: text(fields, "ENTITYTYPE"),
      yearOfIncorporation: year,
      jurisdiction: text(fields, "JURISDICTIONOFINC"),
      previousNames,
    },
  };
}

/** The security types besides equity, debt and pooled-fund interests, as Form D words them. */
const OTHER_SECURITY_COLUMNS: readonly [column: string, label: string][] = [
  ["ISOPTIONTOACQUIRETYPE", "Option, Warrant or Other Right to Acquire Another Security"],
  ["ISSECURITYTOBEACQUIREDTYPE", "Security to be Acquired Upon Exercise of Option, Warrant or Other Right"],
  ["ISTENANTINCOMMONTYPE", "Tenant-in-Common Securities"],
  ["ISMINERALPROPERTYTYPE", "Mineral Property Securities"],
];

/** OFFERING: the offering's industry, fund type, amendment, first sale, securities and amounts. */
export function offeringFromFields(fields: FormDFields): FormDOffering {
  const isAmendment = flag(fields, "ISAMENDMENT");
  const previous = text(fields, "PREVIOUSACCESSIONNUMBER");
  const otherSecurityTypes = OTHER_SECURITY_COLUMNS.filter(([column]) => flag(fields, column)).map(
    ([, label]) => label,
  );
  if (flag(fields, "ISOTHERTYPE")) otherSecurityTypes.push(text(fields, "DESCRIPTIONOFOTHERTYPE") ?? "Other");
  const offered = parseFormDAmount(fields.TOTALOFFERINGAMOUNT, "TOTALOFFERINGAMOUNT");
  return {
    industryGroup: text(fields, "INDUSTRYGROUPTYPE"),
    investmentFundType: text(fields, "INVESTMENTFUNDTYPE"),
    isAmendment,
    previousAccessionNumber:
      previous === null ? null : parseAccessionNumber(previous, "PREVIOUSACCESSIONNUMBER"),
    dateOfFirstSale: parseFormDDate(fields.SALE_DATE, "SALE_DATE"),
    yetToOccur: flag(fields, "YETTOOCCUR"),
    isEquity: flag(fields, "ISEQUITYTYPE"),
    isDebt: flag(fields, "ISDEBTTYPE"),
    isPooledInvestmentFund: flag(fields, "ISPOOLEDINVESTMENTFUNDTYPE"),
    otherSecurityTypes,
    isBusinessCombination: flag(fields, "ISBUSINESSCOMBINATIONTRANS"),
    totalOfferingAmount: offered.amount,
    totalOfferingIndefinite: offered.indefinite,
    totalAmountSold: parseFormDAmount(fields.TOTALAMOUNTSOLD, "TOTALAMOUNTSOLD").amount,
    totalNumberAlreadyInvested: parseFormDCount(
      fields.TOTALNUMBERALREADYINVESTED,
      "TOTALNUMBERALREADYINVESTED",
    ),
    minimumInvestmentAccepted: parseFormDAmount(fields.MINIMUMINVESTMENTACCEPTED, "MINIMUMINVESTMENTACCEPTED")
      .amount,
  };
}

/** RELATEDPERSONS: a person's name, relationships and clarification; the address is not kept. */
export function relatedPersonFromFields(fields: FormDFields): FormDRelatedPerson {
  return {
    firstName: cleanFormDNamePart(fields.FIRSTNAME),
    middleName: cleanFormDNamePart(fields.MIDDLENAME),
    lastName: cleanFormDNamePart(fields.LASTNAME),
    relationships: parseFormDRelationships(
      [fields.RELATIONSHIP_1, fields.RELATIONSHIP_2, fields.RELATIONSHIP_3],
      "RELATIONSHIP",
    ),
    clarification: text(fields, "RELATIONSHIPCLARIFICATION"),
  };
}
