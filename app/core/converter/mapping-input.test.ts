import { describe, expect, it } from "vitest";
import { parseColumnMapping } from "./mapping-input";

describe("a column mapping from the client", () => {
  it("keeps known fields with column numbers of the file, and drops a null", () => {
    expect(parseColumnMapping({ email: 2, organizationName: 0, website: null }, 3)).toEqual({
      ok: true,
      columns: { email: 2, organizationName: 0 },
    });
  });

  it("refuses anything else with a sentence", () => {
    expect(parseColumnMapping([1, 2], 3)).toMatchObject({ ok: false });
    expect(parseColumnMapping({ __proto__: 1, password: 1 }, 3)).toEqual({
      ok: false,
      message: '"password" is not a lead field the converter knows.',
    });
    expect(parseColumnMapping({ email: 3 }, 3)).toEqual({
      ok: false,
      message: "The column for email is not a column of this file.",
    });
    expect(parseColumnMapping({ email: "1" }, 3)).toMatchObject({ ok: false });
  });
});
