import { type Lead, leadValue } from "./lead";

/**
 * First and last name, which most CRMs and every cold-email tool want in separate columns
 * ("Hi {{firstName}}"), from whatever the lead holds.
 */
export interface PersonName {
  first: string;
  last: string;
}

/**
 * Lower-case words that begin a family name in Dutch, German, French, Spanish, Portuguese, Italian and
 * Arabic names ("van der Berg", "de la Cruz", "von Trapp", "dos Santos", "bin Salman"). Only lower case
 * counts: a capitalised "Van" or "Di" at the start of a name is usually a given name ("Van Morrison").
 */
const SURNAME_PARTICLES = new Set([
  "van",
  "von",
  "der",
  "den",
  "de",
  "del",
  "della",
  "di",
  "da",
  "du",
  "des",
  "la",
  "le",
  "dos",
  "das",
  "do",
  "ter",
  "ten",
  "zu",
  "bin",
  "ibn",
  "al",
  "el",
  "y",
]);

/** Written after a family name and belonging with it ("King Jr."): kept in the last name. */
const SUFFIXES = /^(jr|sr|ii|iii|iv|phd|md|mba|esq)\.?$/i;
/** Written before a name and belonging to neither part ("Dr. Jane Doe"): dropped. */
const HONORIFICS = /^(mr|mrs|ms|mx|dr|prof)\.?$/i;

/** Runs of any white space (including no-break spaces) become one space; the ends are trimmed. */
function tidy(text: string): string {
  return text.replace(/[\s\u00a0]+/g, " ").trim();
}

/**
 * Splits one person's full name. "Mary Ann Smith" is Mary Ann / Smith (a given name may have several
 * words; the family name is the last word), "Jan van der Berg" is Jan / van der Berg, "Smith, John" is
 * John / Smith, and a single name ("Cher") is a first name with no last name: the converter then reports the
 * row to a target that requires a last name rather than inventing one.
 */
export function splitFullName(fullName: string): PersonName {
  const text = tidy(fullName);
  if (text === "") return { first: "", last: "" };
  const comma = text.indexOf(",");
  if (comma !== -1) {
    // "Family, Given": the only form in which a comma belongs to a single name.
    return { first: tidy(text.slice(comma + 1)), last: tidy(text.slice(0, comma)) };
  }
  const words = text.split(" ");
  while (words.length > 1 && HONORIFICS.test(words[0] ?? "")) words.shift();
  if (words.length === 1) return { first: words[0] ?? "", last: "" };
  // The family name starts at its last "real" word (suffixes ride along), then takes in the particles before
  // it; the first word always stays a given name.
  let start = words.length - 1;
  while (start > 1 && SUFFIXES.test(words[start] ?? "")) start -= 1;
  while (start > 1 && SURNAME_PARTICLES.has(words[start - 1] ?? "")) start -= 1;
  return { first: words.slice(0, start).join(" "), last: words.slice(start).join(" ") };
}

/**
 * The first person of a "Founders" cell. Crunchbase and the Roundlist export separate founders with ", ";
 * the first listed is the one whose email the export carries.
 */
export function firstFounder(founders: string): string {
  return tidy(founders.split(",")[0] ?? "");
}

/**
 * The lead's person: its own first and last name when it has either, else its full name split, else the
 * first founder split. A Roundlist export always has the first; a Crunchbase export only the founders.
 */
export function personName(lead: Lead): PersonName {
  const first = tidy(leadValue(lead, "firstName"));
  const last = tidy(leadValue(lead, "lastName"));
  if (first !== "" || last !== "") return { first, last };
  const fullName = leadValue(lead, "fullName");
  if (fullName !== "") return splitFullName(fullName);
  return splitFullName(firstFounder(leadValue(lead, "founders")));
}

/** The person's name in one piece ("Ada Lovelace"), for targets with a single name column. */
export function personFullName(name: PersonName): string {
  return [name.first, name.last].filter((part) => part !== "").join(" ");
}
