import { describe, expect, it } from "vitest";
import { RETENTION_MONTHS, retentionCutoff } from "./retention";

describe("retentionCutoff", () => {
  it("is 24 calendar months earlier, same time of day", () => {
    expect(RETENTION_MONTHS).toBe(24);
    expect(retentionCutoff(new Date("2026-11-21T10:30:00Z")).toISOString()).toBe("2024-11-21T10:30:00.000Z");
  });

  it("clamps to the end of a shorter month", () => {
    expect(retentionCutoff(new Date("2026-03-31T00:00:00Z"), 1).toISOString()).toBe(
      "2026-02-28T00:00:00.000Z",
    );
    expect(retentionCutoff(new Date("2026-02-28T00:00:00Z"), 24).toISOString()).toBe(
      "2024-02-28T00:00:00.000Z",
    );
    expect(retentionCutoff(new Date("2028-02-29T12:00:00Z"), 12).toISOString()).toBe(
      "2027-02-28T12:00:00.000Z",
    );
  });

  it("crosses year boundaries", () => {
    expect(retentionCutoff(new Date("2026-01-15T00:00:00Z"), 3).toISOString()).toBe(
      "2025-10-15T00:00:00.000Z",
    );
  });
});
