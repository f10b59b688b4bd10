import { describe, expect, it } from "vitest";
import {
  candidateAddresses,
  learnPattern,
  localPartFor,
  NAME_PATTERNS,
  nameLetters,
  patternsOf,
} from "./name-pattern";

describe("nameLetters (decision 032)", () => {
  it("folds accents, spells out letters without a base letter and drops apostrophes", () => {
    expect(nameLetters("José María O'Neil")).toEqual(["jose", "maria", "oneil"]);
    expect(nameLetters("Søren Ærø-Straße")).toEqual(["soren", "aero", "strasse"]);
    expect(nameLetters("Łukasz D’Angelo")).toEqual(["lukasz", "dangelo"]);
  });

  it("keeps letters only: digits and punctuation split or vanish", () => {
    expect(nameLetters("Jean-Luc 3rd")).toEqual(["jean", "luc", "rd"]);
    expect(nameLetters("  ")).toEqual([]);
  });
});

describe("localPartFor (decision 032)", () => {
  it("builds each pattern from the first name's first word and the whole last name", () => {
    expect(localPartFor("first.last", "José María", "O'Neil")).toBe("jose.oneil");
    expect(localPartFor("flast", "José María", "O'Neil")).toBe("joneil");
    expect(localPartFor("firstl", "Ada", "van der Berg")).toBe("adav");
    expect(localPartFor("last.first", "Ada", "van der Berg")).toBe("vanderberg.ada");
    expect(localPartFor("fl", "Ada", "Lovelace")).toBe("al");
  });

  it("gives nothing when the pattern needs a missing name part", () => {
    expect(localPartFor("first.last", "Ada", "")).toBeNull();
    expect(localPartFor("first", "Ada", "")).toBe("ada");
    expect(localPartFor("last", "", "Lovelace")).toBe("lovelace");
    expect(localPartFor("first", "", "Lovelace")).toBeNull();
  });
});

describe("learnPattern (decision 032)", () => {
  it("learns a domain's pattern when two known addresses agree", () => {
    expect(
      learnPattern([
        { firstName: "Ada", lastName: "Lovelace", email: "alovelace@acme.test" },
        { firstName: "Alan", lastName: "Turing", email: "aturing@acme.test" },
      ]),
    ).toBe("flast");
  });

  it("learns nothing from one address alone", () => {
    expect(
      learnPattern([{ firstName: "Ada", lastName: "Lovelace", email: "alovelace@acme.test" }]),
    ).toBeNull();
    expect(learnPattern([])).toBeNull();
  });

  it("learns nothing when two addresses follow two patterns", () => {
    expect(
      learnPattern([
        { firstName: "Ada", lastName: "Lovelace", email: "ada.lovelace@acme.test" },
        { firstName: "Alan", lastName: "Turing", email: "aturing@acme.test" },
      ]),
    ).toBeNull();
  });

  it("takes the pattern most addresses follow over an exception, matching accents and +tags", () => {
    expect(
      learnPattern([
        { firstName: "José", lastName: "Núñez", email: "Jose.Nunez@acme.test" },
        { firstName: "Grace", lastName: "Hopper", email: "grace.hopper+news@acme.test" },
        { firstName: "Alan", lastName: "Turing", email: "alan.turing@acme.test" },
        { firstName: "Ada", lastName: "Lovelace", email: "ada@acme.test" },
        { firstName: "Bob", lastName: "Noyce", email: "ada@acme.test" },
      ]),
    ).toBe("first.last");
  });

  it("finds every pattern a known address follows", () => {
    expect(patternsOf({ firstName: "Ada", lastName: "Lovelace", email: "alovelace@acme.test" })).toEqual([
      "flast",
    ]);
    expect(patternsOf({ firstName: "Ada", lastName: "Lovelace", email: "info@acme.test" })).toEqual([]);
  });
});

describe("candidateAddresses (decision 032)", () => {
  it("tries the common patterns in order of frequency when none is learnt", () => {
    const candidates = candidateAddresses("José María", "O'Neil", "Acme.TEST");
    expect(candidates.slice(0, 4).map((candidate) => candidate.email)).toEqual([
      "jose.oneil@acme.test",
      "jose@acme.test",
      "joneil@acme.test",
      "joseoneil@acme.test",
    ]);
    expect(candidates.map((candidate) => candidate.pattern)).toEqual([...NAME_PATTERNS]);
  });

  it("tries the learnt pattern first, then the others once each", () => {
    const candidates = candidateAddresses("Grace", "Hopper", "acme.test", "flast");
    expect(candidates[0]).toEqual({ email: "ghopper@acme.test", pattern: "flast" });
    expect(candidates[1]).toEqual({ email: "grace.hopper@acme.test", pattern: "first.last" });
    expect(new Set(candidates.map((candidate) => candidate.email)).size).toBe(candidates.length);
    expect(candidates.filter((candidate) => candidate.pattern === "flast")).toHaveLength(1);
  });

  it("gives one address per local part when two patterns coincide, and none without a name", () => {
    const candidates = candidateAddresses("Al", "", "acme.test");
    expect(candidates).toEqual([{ email: "al@acme.test", pattern: "first" }]);
    expect(candidateAddresses("", "", "acme.test")).toEqual([]);
  });
});
