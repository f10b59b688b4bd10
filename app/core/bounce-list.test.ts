import { describe, expect, it } from "vitest";
import { readBounceList } from "./bounce-list";
import { BOUNCE_TEXTS, bounceUploadSummary, MAX_BOUNCE_LIST_ROWS } from "./bounce-report";

describe("decision 032: a bounce list's addresses", () => {
  it.each([
    ["Email", "Email\nada@a.test\n"],
    ["Email Address", "Name,Email Address\nAda,ada@a.test\n"],
    ["email, lower case, after other columns", "reason,date,email\nhard,2026-11-01,ADA@a.test\n"],
    ["E-mail with a byte order mark", "\ufeffE-mail;Reason\nada@a.test;hard\n"],
  ])("finds the column by its header: %s", (_label, text) => {
    expect(readBounceList(text)).toEqual({
      ok: true,
      addresses: [{ line: 2, email: "ada@a.test" }],
      rejected: [],
    });
  });

  it("takes the first column holding addresses when no header names one, the first line included when it is data", () => {
    expect(readBounceList("2026-11-01,ada@a.test\n2026-11-02,bo@b.test\n")).toEqual({
      ok: true,
      addresses: [
        { line: 1, email: "ada@a.test" },
        { line: 2, email: "bo@b.test" },
      ],
      rejected: [],
    });
    expect(readBounceList("When,Who\n2026-11-01,ada@a.test\n")).toMatchObject({
      ok: true,
      addresses: [{ line: 2, email: "ada@a.test" }],
    });
  });

  it("rejects each unusable row with its line and reason, counting lines of quoted breaks and blank lines", () => {
    const text = 'Email,Note\nada@a.test,"two\nlines"\n\nnot-an-address,x\n,empty\nADA@a.test,again\n';
    expect(readBounceList(text)).toEqual({
      ok: true,
      addresses: [{ line: 3, email: "ada@a.test" }],
      rejected: [
        { line: 5, reason: BOUNCE_TEXTS.badAddress },
        { line: 6, reason: BOUNCE_TEXTS.emptyCell },
        { line: 7, reason: BOUNCE_TEXTS.duplicate },
      ],
    });
  });

  it("refuses an empty file, a file without addresses, and one with too many rows", () => {
    expect(readBounceList(" \n")).toEqual({ ok: false, error: BOUNCE_TEXTS.emptyFile });
    expect(readBounceList("Name,Reason\nAda,hard\n")).toEqual({
      ok: false,
      error: BOUNCE_TEXTS.noEmailColumn,
    });
    const many = `Email\n${Array.from({ length: MAX_BOUNCE_LIST_ROWS + 1 }, (_, i) => `a${i}@a.test`).join("\n")}`;
    expect(readBounceList(many)).toEqual({ ok: false, error: BOUNCE_TEXTS.tooManyRows });
  });

  it("sums an upload up in short sentences, leaving out what is zero", () => {
    expect(
      bounceUploadSummary({ reported: 1, alreadyReported: 0, notFound: 3, markedBounced: 0, rejected: [] }),
    ).toEqual(["Reported 1 address.", "3 addresses not in Roundlist."]);
    expect(
      bounceUploadSummary({
        reported: 2,
        alreadyReported: 1,
        notFound: 0,
        markedBounced: 2,
        rejected: [{ line: 4, reason: BOUNCE_TEXTS.badAddress }],
      }),
    ).toEqual([
      "Reported 2 addresses.",
      "2 addresses now marked bounced.",
      "1 address you reported before.",
      "1 row skipped:",
    ]);
  });
});
