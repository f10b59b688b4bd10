import { amendmentRoots } from "./amendment-chain";
import { cityName, edgarPlace } from "./edgar-places";
import type {
  FormDCompany,
  FormDFiling,
  FormDPerson,
  FormDRelatedPerson,
  FormDRound,
  MappedFiling,
} from "./filing";
import { formDFilingKind, fundIssuerCiks } from "./filing-kind";
import { roundlistIndustries } from "./industry-groups";
import { issuerMatchName } from "./issuer-name";
import { formDFundingType } from "./round-type";
import { edgarFilingUrl } from "./values";

/** What mapping one filing needs to know about the whole data set. */
export interface MapFilingContext {
  /** fundIssuerCiks (core/formd/filing-kind.ts) over the data set. */
  fundIssuerCiks: ReadonlySet<string>;
  /** amendmentRoots (core/formd/amendment-chain.ts) over the data set; a filing absent from it is its own root. */
  roots: ReadonlyMap<string, string>;
}

/** The context of a whole set of filings (a quarter, a folder of filings): its fund CIKs and chain roots. */
export function mapFilingContext(filings: readonly FormDFiling[]): MapFilingContext {
  return {
    fundIssuerCiks: fundIssuerCiks(filings),
    roots: amendmentRoots(
      filings.map((filing) => ({
        accessionNumber: filing.accessionNumber,
        previousAccessionNumber: filing.offering.previousAccessionNumber,
      })),
    ),
  };
}

/**
 * Decision 031: what a filing becomes in Roundlist. A TEST filing, a fund's or a non-operating issuer's
 * (core/formd/filing-kind.ts) becomes nothing; any other is its primary issuer as a company, its offering
 * as a round keyed by its amendment chain's root, and its related persons as people.
 */
export function mapFiling(filing: FormDFiling, context: MapFilingContext): MappedFiling {
  const kind = formDFilingKind(filing, context.fundIssuerCiks);
  if (kind.kind === "test") return { kind: "test" };
  if (kind.kind === "fund") return { kind: "fund", reason: kind.reason };
  if (kind.kind === "not_operating") return { kind: "not_operating", reason: kind.reason };
  return {
    kind: "company",
    company: formDCompany(filing),
    round: formDRound(filing, context),
    people: formDPeople(filing),
  };
}

function formDCompany(filing: FormDFiling): FormDCompany {
  const issuer = filing.primaryIssuer;
  const place = edgarPlace(issuer.stateOrCountry);
  const { industries, industryGroups } = roundlistIndustries(filing.offering.industryGroup);
  return {
    cik: issuer.cik,
    organizationName: issuer.name,
    matchName: issuerMatchName(issuer.name),
    city: cityName(issuer.city),
    region: place?.region ?? null,
    country: place?.country ?? null,
    industries: [...industries],
    industryGroups: [...industryGroups],
    yearFounded: issuer.yearOfIncorporation,
  };
}

function formDRound(filing: FormDFiling, context: MapFilingContext): FormDRound {
  const { offering } = filing;
  return {
    sourceKey: context.roots.get(filing.accessionNumber) ?? filing.accessionNumber,
    announcedOn: offering.dateOfFirstSale ?? filing.filingDate,
    fundingType: formDFundingType(offering),
    // Rounds keep whole dollars (funding_rounds.amount_usd is a bigint, decision 030).
    amountUsd: offering.totalAmountSold === null ? null : Math.round(offering.totalAmountSold),
    investorCount: offering.totalNumberAlreadyInvested,
    sourceUrl: edgarFilingUrl(filing.primaryIssuer.cik, filing.accessionNumber),
  };
}

/** A related "person" that is a company (a fund's general partner, a manager LLC) is no person. */
const ENTITY_NAME =
  /\b(?:llc|l\.l\.c|inc|corp|corporation|ltd|lp|l\.p|llp|gp|trust|partners|management|capital)\b\.?/i;

/** The related persons as people: in filing order, without addresses; entities and nameless rows left out. */
export function formDPeople(filing: Pick<FormDFiling, "relatedPersons">): FormDPerson[] {
  const people: FormDPerson[] = [];
  for (const person of filing.relatedPersons) {
    if (person.firstName === null && person.lastName === null) continue;
    if (person.firstName === null && ENTITY_NAME.test(person.lastName ?? "")) continue;
    people.push({
      firstName: person.firstName,
      lastName: person.lastName,
      title: personTitle(person),
      roleKind: personRoleKind(person),
    });
  }
  return people;
}

/** "Executive Officer, Director: Chief Executive Officer"; the relationships alone or the clarification alone when only one is filed. */
export function personTitle(person: Pick<FormDRelatedPerson, "relationships" | "clarification">): string {
  const relationships = person.relationships.join(", ");
  if (person.clarification === null) return relationships;
  return relationships === "" ? person.clarification : `${relationships}: ${person.clarification}`;
}

/** Founder when the clarification says so; else executive, director, other (a promoter), in that order. */
export function personRoleKind(
  person: Pick<FormDRelatedPerson, "relationships" | "clarification">,
): FormDPerson["roleKind"] {
  if (person.clarification !== null && /founder/i.test(person.clarification)) return "founder";
  if (person.relationships.includes("Executive Officer")) return "executive";
  if (person.relationships.includes("Director")) return "director";
  return "other";
}
