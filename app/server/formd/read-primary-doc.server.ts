import { readFile, stat } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { XMLParser } from "fast-xml-parser";
import type { FormDFiling, FormDIssuer } from "../../core/formd/filing";
import {
  type FormDFields,
  issuerFromFields,
  offeringFromFields,
  relatedPersonFromFields,
  submissionFromFields,
} from "../../core/formd/filing-fields";
import {
  FormDValueError,
  isAccessionNumber,
  parseAccessionNumber,
  parseFormDDate,
} from "../../core/formd/values";
import { FormDSourceError } from "./formd-source-error";

/** A primary_doc.xml is a few kB; far larger is not one, and is not read into memory. */
export const MAX_PRIMARY_DOC_BYTES = 5 * 1024 * 1024;

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) =>
    ["relatedPersonInfo", "relationship", "issuer", "value", "previousName", "item", "signature"].includes(
      name,
    ),
});

function child(node: unknown, name: string): Node | undefined {
  if (node === null || typeof node !== "object") return undefined;
  const value = (node as Node)[name];
  if (Array.isArray(value)) return value[0] as Node | undefined;
  return value !== null && typeof value === "object" ? (value as Node) : undefined;
}

function list(node: unknown, name: string): unknown[] {
  if (node === null || typeof node !== "object") return [];
  const value = (node as Node)[name];
  if (value === undefined || value === "") return [];
  return Array.isArray(value) ? value : [value];
}

/** The text of `node/path...`; undefined when absent, "" for an empty element. */
function textAt(node: unknown, ...path: string[]): string | undefined {
  let current: unknown = node;
  for (const name of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Node)[name];
    if (Array.isArray(current)) current = current[0];
  }
  if (typeof current === "string") return current;
  if (typeof current === "number" || typeof current === "boolean") return String(current);
  return current === undefined ? undefined : "";
}

function texts(node: unknown, name: string): string[] {
  return list(node, name).filter((value): value is string => typeof value === "string");
}

/** X0708's issuer (`primaryIssuer`, or an `issuerList/issuer`) as ISSUERS.tsv's fields. */
function issuerFields(issuer: unknown, isPrimary: boolean): FormDFields {
  const address = child(issuer, "issuerAddress");
  const previous = [
    ...texts(child(issuer, "issuerPreviousNameList"), "previousName"),
    ...texts(child(issuer, "issuerPreviousNameList"), "value"),
  ];
  const edgarPrevious = [
    ...texts(child(issuer, "edgarPreviousNameList"), "previousName"),
    ...texts(child(issuer, "edgarPreviousNameList"), "value"),
  ];
  return {
    IS_PRIMARYISSUER_FLAG: isPrimary ? "YES" : "NO",
    CIK: textAt(issuer, "cik"),
    ENTITYNAME: textAt(issuer, "entityName"),
    STREET1: textAt(address, "street1"),
    STREET2: textAt(address, "street2"),
    CITY: textAt(address, "city"),
    STATEORCOUNTRY: textAt(address, "stateOrCountry"),
    STATEORCOUNTRYDESCRIPTION: textAt(address, "stateOrCountryDescription"),
    ZIPCODE: textAt(address, "zipCode"),
    ISSUERPHONENUMBER: textAt(issuer, "issuerPhoneNumber"),
    JURISDICTIONOFINC: textAt(issuer, "jurisdictionOfInc"),
    ENTITYTYPE: textAt(issuer, "entityType"),
    YEAROFINC_VALUE_ENTERED: textAt(issuer, "yearOfInc", "value"),
    ISSUER_PREVIOUSNAME_1: previous[0],
    ISSUER_PREVIOUSNAME_2: previous[1],
    ISSUER_PREVIOUSNAME_3: previous[2],
    EDGAR_PREVIOUSNAME_1: edgarPrevious[0],
    EDGAR_PREVIOUSNAME_2: edgarPrevious[1],
    EDGAR_PREVIOUSNAME_3: edgarPrevious[2],
  };
}

/** X0708's `offeringData` as OFFERING.tsv's fields. */
function offeringFields(offering: unknown): FormDFields {
  const filing = child(offering, "typeOfFiling");
  const securities = child(offering, "typesOfSecuritiesOffered");
  const amounts = child(offering, "offeringSalesAmounts");
  return {
    INDUSTRYGROUPTYPE: textAt(offering, "industryGroup", "industryGroupType"),
    INVESTMENTFUNDTYPE: textAt(offering, "industryGroup", "investmentFundInfo", "investmentFundType"),
    ISAMENDMENT: textAt(filing, "newOrAmendment", "isAmendment"),
    PREVIOUSACCESSIONNUMBER: textAt(filing, "newOrAmendment", "previousAccessionNumber"),
    SALE_DATE: textAt(filing, "dateOfFirstSale", "value"),
    YETTOOCCUR: textAt(filing, "dateOfFirstSale", "yetToOccur"),
    ISEQUITYTYPE: textAt(securities, "isEquityType"),
    ISDEBTTYPE: textAt(securities, "isDebtType"),
    ISOPTIONTOACQUIRETYPE: textAt(securities, "isOptionToAcquireType"),
    ISSECURITYTOBEACQUIREDTYPE: textAt(securities, "isSecurityToBeAcquiredType"),
    ISPOOLEDINVESTMENTFUNDTYPE: textAt(securities, "isPooledInvestmentFundType"),
    ISTENANTINCOMMONTYPE: textAt(securities, "isTenantInCommonType"),
    ISMINERALPROPERTYTYPE: textAt(securities, "isMineralPropertyType"),
    ISOTHERTYPE: textAt(securities, "isOtherType"),
    DESCRIPTIONOFOTHERTYPE: textAt(securities, "descriptionOfOtherType"),
    ISBUSINESSCOMBINATIONTRANS: textAt(
      offering,
      "businessCombinationTransaction",
      "isBusinessCombinationTransaction",
    ),
    MINIMUMINVESTMENTACCEPTED: textAt(offering, "minimumInvestmentAccepted"),
    TOTALOFFERINGAMOUNT: textAt(amounts, "totalOfferingAmount"),
    TOTALAMOUNTSOLD: textAt(amounts, "totalAmountSold"),
    TOTALNUMBERALREADYINVESTED: textAt(offering, "investors", "totalNumberAlreadyInvested"),
  };
}

/** X0708's `relatedPersonInfo` as RELATEDPERSONS.tsv's fields. */
function personFields(person: unknown): FormDFields {
  const relationships = texts(child(person, "relatedPersonRelationshipList"), "relationship");
  return {
    FIRSTNAME: textAt(person, "relatedPersonName", "firstName"),
    MIDDLENAME: textAt(person, "relatedPersonName", "middleName"),
    LASTNAME: textAt(person, "relatedPersonName", "lastName"),
    RELATIONSHIP_1: relationships[0],
    RELATIONSHIP_2: relationships[1],
    RELATIONSHIP_3: relationships[2],
    RELATIONSHIPCLARIFICATION: textAt(person, "relationshipClarification"),
  };
}

/** The accession number a primary_doc.xml belongs to: its folder's name, else its own name (a flat folder). */
export function accessionOfPath(path: string): string | null {
  const folder = basename(dirname(path));
  if (isAccessionNumber(folder)) return parseAccessionNumber(folder);
  const own = basename(path).replace(/\.xml$/i, "");
  return isAccessionNumber(own) ? parseAccessionNumber(own) : null;
}

/**
 * Decision 031: a single filing's `primary_doc.xml` (schema X0708) as a filing. Its accession number is not in
 * it: it is the name of the filing's folder (`.../{cik}/{accession without dashes}/primary_doc.xml`) or, in a
 * flat folder, of the file (`{accession}.xml`). A single filing states no filing date either: its signature
 * date stands in. Throws FormDSourceError for a file that is not a Form D or lacks what a filing needs.
 */
export async function readPrimaryDoc(
  path: string,
  accessionNumber = accessionOfPath(path),
): Promise<FormDFiling> {
  const size = (await stat(path)).size;
  if (size > MAX_PRIMARY_DOC_BYTES)
    throw new FormDSourceError(`${path} is ${size} bytes: not a Form D primary_doc.xml`);
  return parsePrimaryDoc(await readFile(path, "utf8"), path, accessionNumber);
}

/** The parsing half of readPrimaryDoc, for text already in hand. */
export function parsePrimaryDoc(xml: string, path: string, accessionNumber: string | null): FormDFiling {
  if (accessionNumber === null)
    throw new FormDSourceError(
      `${path}: the accession number is not known: keep the file in a folder named after it ({cik}/{accession}/primary_doc.xml) or name it {accession}.xml`,
    );
  let document: Node;
  try {
    document = parser.parse(xml) as Node;
  } catch (error) {
    throw new FormDSourceError(
      `${path} is not XML: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const root = child(document, "edgarSubmission") ?? child(child(document, "XML"), "edgarSubmission");
  if (
    root === undefined ||
    child(root, "primaryIssuer") === undefined ||
    child(root, "offeringData") === undefined
  )
    throw new FormDSourceError(
      `${path} is not a Form D primary_doc.xml: it has no edgarSubmission with a primaryIssuer and offeringData`,
    );
  const offeringNode = child(root, "offeringData");
  const signatureBlock = child(offeringNode, "signatureBlock") ?? child(root, "signatureBlock");
  const signedOn = list(signatureBlock, "signature")
    .map((signature) => textAt(signature, "signatureDate") ?? "")
    .find((date) => date.trim() !== "");
  try {
    const filingDate = parseFormDDate(signedOn, "signatureDate");
    if (filingDate === null)
      throw new FormDValueError("No signatureDate: a single filing's date is its signature's");
    const submission = submissionFromFields({
      ACCESSIONNUMBER: accessionNumber,
      FILING_DATE: filingDate,
      SUBMISSIONTYPE: textAt(root, "submissionType"),
      TESTORLIVE: textAt(root, "testOrLive"),
    });
    const primary = issuerFromFields(issuerFields(child(root, "primaryIssuer"), true)).issuer;
    const otherIssuers = list(child(root, "issuerList"), "issuer").map((issuer) => {
      const { cik, name }: FormDIssuer = issuerFromFields(issuerFields(issuer, false)).issuer;
      return { cik, name };
    });
    return {
      ...submission,
      primaryIssuer: primary,
      otherIssuers,
      offering: offeringFromFields(offeringFields(offeringNode)),
      relatedPersons: list(child(root, "relatedPersonsList"), "relatedPersonInfo").map((person) =>
        relatedPersonFromFields(personFields(person)),
      ),
      position: { file: path, line: 1 },
    };
  } catch (error) {
    if (error instanceof FormDValueError) throw new FormDSourceError(`${path}: ${error.message}`);
    throw error;
  }
}
