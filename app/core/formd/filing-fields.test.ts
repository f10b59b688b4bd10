import { describe, expect, it } from "vitest";
import {
  issuerFromFields,
  offeringFromFields,
  relatedPersonFromFields,
  submissionFromFields,
} from "./filing-fields";
import { FormDValueError } from "./values";

describe("Form D fields (decision 031)", () => {
  it("reads a submission, refusing types other than D and D/A", () => {
    expect(
      submissionFromFields({
        ACCESSIONNUMBER: "0001234567-26-000001",
        FILE_NUM: "021-123456",
        FILING_DATE: "30-JUN-2026",
        SUBMISSIONTYPE: "D/A",
        TESTORLIVE: "LIVE",
      }),
    ).toEqual({
      accessionNumber: "0001234567-26-000001",
      fileNumber: "021-123456",
      filingDate: "2026-06-30",
      submissionType: "D/A",
      isTest: false,
    });
    expect(() =>
      submissionFromFields({
        ACCESSIONNUMBER: "0001234567-26-000001",
        FILING_DATE: "30-JUN-2026",
        SUBMISSIONTYPE: "10-K",
      }),
    ).toThrow('SUBMISSIONTYPE is "10-K", not D or D/A');
    expect(() =>
      submissionFromFields({ ACCESSIONNUMBER: "0001234567-26-000001", SUBMISSIONTYPE: "D" }),
    ).toThrow(FormDValueError);
  });

  it("reads an issuer: CIK without zeros, folded name, previous names without 'None'", () => {
    const { isPrimary, issuer } = issuerFromFields({
      IS_PRIMARYISSUER_FLAG: "YES",
      CIK: "0001234567",
      ENTITYNAME: "ACME\u00a0ROBOTICS,  INC.",
      CITY: "AUSTIN",
      STATEORCOUNTRY: "tx",
      ENTITYTYPE: "Corporation",
      YEAROFINC_VALUE_ENTERED: "2021.0",
      ISSUER_PREVIOUSNAME_1: "Acme Labs, Inc.",
      EDGAR_PREVIOUSNAME_1: "None",
      EDGAR_PREVIOUSNAME_2: "Acme Labs, Inc.",
    });
    expect(isPrimary).toBe(true);
    expect(issuer).toMatchObject({
      cik: "1234567",
      name: "ACME ROBOTICS, INC.",
      stateOrCountry: "TX",
      yearOfIncorporation: 2021,
      previousNames: ["Acme Labs, Inc."],
    });
    expect(() => issuerFromFields({ IS_PRIMARYISSUER_FLAG: "YES", CIK: "1", ENTITYNAME: " " })).toThrow(
      "ENTITYNAME is empty",
    );
  });

  it("reads an offering: Indefinite, decimals, other security types, amendment pointer", () => {
    const offering = offeringFromFields({
      INDUSTRYGROUPTYPE: "Other Technology",
      ISAMENDMENT: "true",
      PREVIOUSACCESSIONNUMBER: "0001234567-26-000001",
      SALE_DATE: "2026-06-15",
      ISEQUITYTYPE: "false",
      ISDEBTTYPE: "true",
      ISOPTIONTOACQUIRETYPE: "true",
      ISOTHERTYPE: "true",
      DESCRIPTIONOFOTHERTYPE: "SAFE",
      TOTALOFFERINGAMOUNT: "Indefinite",
      TOTALAMOUNTSOLD: "1250000.75",
      TOTALNUMBERALREADYINVESTED: "12",
    });
    expect(offering).toMatchObject({
      isAmendment: true,
      previousAccessionNumber: "0001234567-26-000001",
      dateOfFirstSale: "2026-06-15",
      isEquity: false,
      isDebt: true,
      otherSecurityTypes: ["Option, Warrant or Other Right to Acquire Another Security", "SAFE"],
      totalOfferingAmount: null,
      totalOfferingIndefinite: true,
      totalAmountSold: 1250000.75,
      totalNumberAlreadyInvested: 12,
    });
  });

  it("reads a related person without the address", () => {
    expect(
      relatedPersonFromFields({
        FIRSTNAME: "Mary\u00a0 Ann",
        MIDDLENAME: "N/A",
        LASTNAME: "O'Neil",
        STREET1: "1 Main St",
        RELATIONSHIP_1: "Executive Officer",
        RELATIONSHIP_2: "Director",
        RELATIONSHIPCLARIFICATION: "CEO",
      }),
    ).toEqual({
      firstName: "Mary Ann",
      middleName: null,
      lastName: "O'Neil",
      relationships: ["Executive Officer", "Director"],
      clarification: "CEO",
    });
  });
});
