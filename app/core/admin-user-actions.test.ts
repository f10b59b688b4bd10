import { describe, expect, it } from "vitest";
import { BAN_REASON_MAX, parseUserActionForm } from "./admin-user-actions";

describe("parseUserActionForm", () => {
  it("reads each intent with its fields", () => {
    expect(parseUserActionForm({ intent: "grant-plan", planId: "lifetime" })).toEqual({
      ok: true,
      action: { kind: "grant-plan", planId: "lifetime" },
    });
    expect(parseUserActionForm({ intent: "ban", reason: "  Scraping  " })).toEqual({
      ok: true,
      action: { kind: "ban", reason: "Scraping" },
    });
    expect(parseUserActionForm({ intent: "revoke-sessions" })).toEqual({
      ok: true,
      action: { kind: "revoke-sessions" },
    });
  });

  it("gives field errors for a missing reason, an unknown plan and an unknown intent", () => {
    expect(parseUserActionForm({ intent: "ban", reason: " " })).toMatchObject({
      ok: false,
      fieldErrors: { reason: expect.stringContaining("Say why") },
    });
    expect(parseUserActionForm({ intent: "ban", reason: "x".repeat(BAN_REASON_MAX + 1) })).toMatchObject({
      ok: false,
      fieldErrors: { reason: `At most ${BAN_REASON_MAX} characters.` },
    });
    expect(parseUserActionForm({ intent: "grant-plan", planId: "gold" })).toMatchObject({
      ok: false,
      fieldErrors: { planId: "Choose a plan." },
    });
    expect(parseUserActionForm({ intent: "delete-everything" })).toEqual({
      ok: false,
      fieldErrors: { form: "Unknown action." },
    });
  });
});
