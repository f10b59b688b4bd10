import { describe, expect, it } from "vitest";
import { firstFounder, personFullName, personName, splitFullName } from "./person-name";

describe("splitFullName: names split into first and last", () => {
  it.each([
    ["Ada Lovelace", "Ada", "Lovelace"],
    ["Mary Ann Smith", "Mary Ann", "Smith"],
    ["Jan van der Berg", "Jan", "van der Berg"],
    ["Maria de la Cruz", "Maria", "de la Cruz"],
    ["Ludwig von Mises", "Ludwig", "von Mises"],
    ["João dos Santos", "João", "dos Santos"],
    ["Van Morrison", "Van", "Morrison"],
    ["Martin Luther King Jr.", "Martin Luther", "King Jr."],
    ["Dr. Jane Doe", "Jane", "Doe"],
    ["Smith, John", "John", "Smith"],
    ["van der Berg, Jan", "Jan", "van der Berg"],
    ["  Grace \u00a0  Hopper  ", "Grace", "Hopper"],
    ["Cher", "Cher", ""],
    ["Dr.", "Dr.", ""],
    ["", "", ""],
    ["   ", "", ""],
  ])("%j is %j / %j", (full, first, last) => {
    expect(splitFullName(full)).toEqual({ first, last });
  });
});

describe("personName", () => {
  it("prefers the lead's own first and last name", () => {
    expect(personName({ firstName: " Ada ", lastName: "Lovelace", founders: "Grace Hopper" })).toEqual({
      first: "Ada",
      last: "Lovelace",
    });
    expect(personName({ lastName: "Lovelace" })).toEqual({ first: "", last: "Lovelace" });
  });

  it("splits a full name, else the first founder (a Crunchbase export has only founders)", () => {
    expect(personName({ fullName: "Mary Ann Smith", founders: "Grace Hopper" })).toEqual({
      first: "Mary Ann",
      last: "Smith",
    });
    expect(personName({ founders: "Jan van der Berg, Grace Hopper" })).toEqual({
      first: "Jan",
      last: "van der Berg",
    });
    expect(personName({})).toEqual({ first: "", last: "" });
  });

  it("joins a name back for targets with one name column", () => {
    expect(personFullName({ first: "Mary Ann", last: "Smith" })).toBe("Mary Ann Smith");
    expect(personFullName({ first: "Cher", last: "" })).toBe("Cher");
    expect(firstFounder(" Ada  Lovelace , Grace Hopper")).toBe("Ada Lovelace");
  });
});
