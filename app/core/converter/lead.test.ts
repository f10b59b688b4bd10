import { describe, expect, it } from "vitest";
// Tests may cross the layers: this one keeps core's copy of the export's fields in step with the server's.
import { COMPANY_CSV_COLUMNS } from "~/server/companies/crunchbase-columns";
import { LEAD_FIELD_LABELS, LEAD_FIELDS, leadValue } from "./lead";

describe("the converter's lead", () => {
  it("holds every field of a Roundlist export, in its order, with the export's headers as labels", () => {
    const exportFields = LEAD_FIELDS.filter((field) => field !== "fullName" && field !== "personLinkedin");
    expect(exportFields).toEqual(COMPANY_CSV_COLUMNS.map(({ field }) => field));
    for (const { header, field } of COMPANY_CSV_COLUMNS) expect(LEAD_FIELD_LABELS[field]).toBe(header);
  });

  it("reads a value trimmed, and nothing as empty", () => {
    expect(leadValue({ role: "  CEO " }, "role")).toBe("CEO");
    expect(leadValue({}, "role")).toBe("");
  });
});
