import type { FundingType } from "../../core/funding-types";
import { emailLocalPart } from "./email-local-part";
import { NAME_ORIGINS, type NameOrigin } from "./people-names";
import { nameOfOrigin, type PersonName, pickOrigin } from "./person-name";
import { type Random, weightedPicker } from "./random";

/**
 * Where the demo's LinkedIn addresses live. The reserved `.example` TLD, like every other demo address: a
 * made-up founder's `/in/first-last` on the real site would be somebody's real profile (decision 028).
 */
export const DEMO_LINKEDIN_ORIGIN = "https://www.linkedin.example";

export type DemoRoleKind = "founder" | "executive" | "director" | "other";

export interface DemoPerson {
  firstName: string;
  lastName: string;
  title: string | null;
  roleKind: DemoRoleKind;
  email: string | null;
  /** The person's own profile, `${DEMO_LINKEDIN_ORIGIN}/in/...`; the company's page is the row's LinkedIn. */
  linkedin: string | null;
}

/** Shares of people with a work address and with a LinkedIn profile: no source knows everyone's. */
export const PERSON_EMAIL_RATE = 0.78;
export const PERSON_LINKEDIN_RATE = 0.7;

/** One address pattern per company, as real companies have: ana@, ana.silva@, asilva@. */
export const EMAIL_PATTERNS = ["first", "first.last", "flast"] as const;
export type EmailPattern = (typeof EMAIL_PATTERNS)[number];
const pickEmailPattern = weightedPicker(EMAIL_PATTERNS, (pattern) =>
  pattern === "first.last" ? 45 : pattern === "first" ? 30 : 25,
);

// Only a few thousand distinct names exist, so folding each once saves Unicode work on every person.
const foldedNames = new Map<string, string>();
function folded(name: string): string {
  let value = foldedNames.get(name);
  if (value === undefined) {
    value = emailLocalPart(name);
    foldedNames.set(name, value);
  }
  return value;
}

export function emailLocalPartOf(
  pattern: EmailPattern,
  person: { firstName: string; lastName: string },
): string {
  const first = folded(person.firstName) || "team";
  const last = folded(person.lastName) || "member";
  if (pattern === "first") return first;
  if (pattern === "flast") return `${first[0]}${last}`;
  return `${first}.${last}`;
}

const pickFounderCount = weightedPicker([1, 2, 3], (count) => [40, 40, 20][count - 1] ?? 0);

/** The first founder's title; null when the source gives none (shown 'Founder'). */
const SOLO_TITLES = weightedPicker(["Founder & CEO", "CEO", "Founder", null], (title) =>
  title === "Founder & CEO" ? 35 : title === "CEO" ? 15 : title === "Founder" ? 15 : 35,
);
const TEAM_LEAD_TITLES = weightedPicker(["Co-Founder & CEO", "CEO", "Co-Founder", null], (title) =>
  title === "Co-Founder & CEO" ? 45 : title === "CEO" ? 15 : title === "Co-Founder" ? 10 : 30,
);
const COFOUNDER_TITLES = [
  "Co-Founder & CTO",
  "Co-Founder & COO",
  "Co-Founder & CPO",
  "Co-Founder",
  "CTO",
  "Chief Scientist",
  null,
] as const;

/** Executives a company past its Series A hires, most common first; a founder already holds CEO. */
const EXECUTIVE_TITLES = [
  "Chief Financial Officer",
  "Chief Technology Officer",
  "Chief Operating Officer",
  "VP Sales",
  "VP Engineering",
  "Chief Product Officer",
  "VP Marketing",
  "Chief Revenue Officer",
  "General Counsel",
  "VP People",
  "Head of Business Development",
  "Chief Marketing Officer",
] as const;
const pickExecutiveTitle = weightedPicker(EXECUTIVE_TITLES, (title) => 12 - EXECUTIVE_TITLES.indexOf(title));

/** How many executives a company lists, by its stage: none before Series B. */
function executiveRange(lastType: FundingType, seriesCount: number): readonly [number, number] {
  if (lastType === "Private Equity" || lastType.startsWith("Post-IPO")) return [3, 5];
  if (seriesCount >= 4) return [2, 5];
  if (seriesCount === 3) return [2, 3];
  if (seriesCount === 2) return [1, 2];
  return [0, 0];
}

const HEX = "0123456789abcdef";

/** A profile path as LinkedIn makes them: the name, often with a few hex digits to tell namesakes apart. */
function linkedinProfile(random: Random, person: PersonName): string {
  let slug = `${folded(person.firstName) || "member"}-${folded(person.lastName) || "profile"}`;
  if (random.chance(0.6)) {
    slug += "-";
    for (let digit = 0; digit < 8; digit++) slug += HEX[random.int(0, 15)];
  }
  return `${DEMO_LINKEDIN_ORIGIN}/in/${slug}`;
}

export interface PeopleInput {
  country: string;
  domain: string;
  lastType: FundingType;
  /** Equity series (A, B, ...) in the company's history: executives come with the later ones. */
  seriesCount: number;
}

const ATTEMPTS = 12;
const SHARED_SURNAME_RATE = 0.1;

/**
 * A company's people in source order: 1-3 founders, then executives for companies at Series B and later.
 * Named as people of the company's country are (people-names.ts), no two sharing a first name or an address;
 * every address on the company's `.example` domain in the company's one pattern, with realistic gaps.
 */
export function generatePeople(random: Random, input: PeopleInput): DemoPerson[] {
  const pattern = pickEmailPattern(random);
  const founders = pickFounderCount(random);
  const [fewest, most] = executiveRange(input.lastType, input.seriesCount);
  const executives = most === 0 ? 0 : random.int(fewest, most);
  const people: DemoPerson[] = [];
  const firstNames = new Set<string>();
  const lastNames = new Set<string>();
  const locals = new Set<string>();
  const titles = new Set<string>();
  let origin: NameOrigin | null = null;

  for (let index = 0; index < founders + executives; index++) {
    // Co-founders often share an origin (they met at school or work); executives are hired from the city.
    let name: PersonName | null = null;
    for (let attempt = 0; attempt < ATTEMPTS && name === null; attempt++) {
      const sameOrigin = origin !== null && index < founders && random.chance(0.5);
      const candidate = nameOfOrigin(
        random,
        sameOrigin
          ? (origin as NameOrigin)
          : attempt < ATTEMPTS - 2
            ? pickOrigin(random, input.country)
            : random.pick(NAME_ORIGINS),
      );
      // Siblings who found a company together exist, but a shared surname is the exception.
      const sharedSurname = lastNames.has(candidate.lastName) && !random.chance(SHARED_SURNAME_RATE);
      if (
        firstNames.has(candidate.firstName) ||
        sharedSurname ||
        locals.has(emailLocalPartOf(pattern, candidate))
      )
        continue;
      name = candidate;
    }
    if (name === null) continue;
    origin ??= name.origin;
    firstNames.add(name.firstName);
    lastNames.add(name.lastName);
    locals.add(emailLocalPartOf(pattern, name));

    let title: string | null;
    let roleKind: DemoRoleKind;
    if (index < founders) {
      roleKind = "founder";
      if (index === 0) title = founders === 1 ? SOLO_TITLES(random) : TEAM_LEAD_TITLES(random);
      else title = random.pick(COFOUNDER_TITLES);
      // One CTO, one COO: a repeated title falls back to plain "Co-Founder".
      if (title !== null && titles.has(title)) title = "Co-Founder";
    } else {
      roleKind = "executive";
      title = pickExecutiveTitle(random);
      for (let attempt = 0; titles.has(title) && attempt < 6; attempt++) title = pickExecutiveTitle(random);
      if (titles.has(title)) continue;
      // A co-founder who is CTO makes a hired Chief Technology Officer unlikely.
      if (title === "Chief Technology Officer" && (titles.has("Co-Founder & CTO") || titles.has("CTO")))
        continue;
    }
    if (title !== null) titles.add(title);

    people.push({
      firstName: name.firstName,
      lastName: name.lastName,
      title,
      roleKind,
      email: random.chance(PERSON_EMAIL_RATE) ? `${emailLocalPartOf(pattern, name)}@${input.domain}` : null,
      linkedin: random.chance(PERSON_LINKEDIN_RATE) ? linkedinProfile(random, name) : null,
    });
  }
  return people;
}
