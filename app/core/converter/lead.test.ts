import { describe, expect, it } from "vitest";
// Tests may cross the layers: this one keeps core's copy of the export's fields in step with the server's.
import { COMPANY_CSV_COLUMNS, COMPANY_EXPORT_EXTRA_HEADERS } from "~/server/companies/crunchbase-columns";
import { LEAD_FIELD_LABELS, LEAD_FIELDS, leadValue } from "./lead";

describe("the converter's lead", () => {
  it("holds every field of a Roundlist export, in its order, with the export's headers as labels", () => {
    // fullName and personLinkedin are the converter's own; the email status fields are the export's extra
    // columns (decision 032), labelled by their headers.
    const extra = ["fullName", "personLinkedin", "emailStatus", "emailVerifiedAt"];
    const exportFields = LEAD_FIELDS.filter((field) => !extra.includes(field));
    expect(exportFields).toEqual(COMPANY_CSV_COLUMNS.map(({ field }) => field));
    for (const { header, field } of COMPANY_CSV_COLUMNS) expect(LEAD_FIELD_LABELS[field]).toBe(header);
    expect([LEAD_FIELD_LABELS.emailStatus, LEAD_FIELD_LABELS.emailVerifiedAt]).toEqual(
      COMPANY_EXPORT_EXTRA_HEADERS.filter(
        (header) => header.startsWith("Email ") && header !== "Email Source",
      ),
    );
  });

  it("reads a value trimmed, and nothing as empty", () => {
    expect(leadValue({ role: "  CEO " }, "role")).toBe("CEO");
    expect(leadValue({}, "role")).toBe("");
  });
});
