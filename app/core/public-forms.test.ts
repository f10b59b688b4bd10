import { describe, expect, it } from "vitest";
import { fieldErrorsOf, signInSchema } from "./auth-forms";
import {
  CONTACT_LIMITS,
  contactSchema,
  DO_NOT_SELL_LIMITS,
  doNotSellSchema,
  retryIn,
  TRIAL_LIMITS,
  trialSchema,
} from "./public-forms";

function errorsOf(result: { success: boolean; error?: unknown }) {
  if (result.success) return {};
  return fieldErrorsOf(result.error as Parameters<typeof fieldErrorsOf>[0]);
}

const contact = {
  name: "Grace Hopper",
  email: "grace@navy.example",
  company: "",
  message: "We sell cloud tooling to seed-stage startups.",
};
const trial = { ...contact, company: "Navy Labs", teamSize: "11-50" };

describe("contactSchema (docs/product.md#public-pages)", () => {
  it("accepts a message, folding the name onto one line and the email to lower case", () => {
    const parsed = contactSchema.parse({
      ...contact,
      name: "  Grace\n  Hopper ",
      email: " Grace@Navy.EXAMPLE ",
    });
    expect(parsed).toEqual({ ...contact, name: "Grace Hopper" });
  });

  it("says what is wrong, field by field", () => {
    expect(errorsOf(contactSchema.safeParse({ name: " ", email: "not-an-email", message: "short" }))).toEqual(
      {
        name: "Name is required",
        email: "Enter a valid email address",
        message: "Message needs at least 10 characters",
      },
    );
  });

  it("holds every field to the limits the inputs carry", () => {
    const over = {
      name: "n".repeat(CONTACT_LIMITS.name.maxLength + 1),
      email: `${"e".repeat(CONTACT_LIMITS.email.maxLength)}@x.example`,
      company: "c".repeat(CONTACT_LIMITS.company.maxLength + 1),
      message: "m".repeat(CONTACT_LIMITS.message.maxLength + 1),
    };
    expect(errorsOf(contactSchema.safeParse(over))).toEqual({
      name: "Name must be at most 100 characters",
      email: "Email is too long",
      company: "Company must be at most 200 characters",
      message: "Message must be at most 5000 characters",
    });
    const atLimit = {
      ...contact,
      name: "n".repeat(CONTACT_LIMITS.name.maxLength),
      company: "c".repeat(CONTACT_LIMITS.company.maxLength),
      message: "m".repeat(CONTACT_LIMITS.message.maxLength),
    };
    expect(contactSchema.safeParse(atLimit).success).toBe(true);
    expect(
      contactSchema.safeParse({ ...contact, message: "m".repeat(CONTACT_LIMITS.message.minLength) }).success,
    ).toBe(true);
  });

  it("lets the company out only where its limits say it is optional", () => {
    expect(CONTACT_LIMITS.company.required).toBe(false);
    expect(contactSchema.parse({ ...contact, company: undefined }).company).toBe("");
    expect(TRIAL_LIMITS.company.required).toBe(true);
    expect(errorsOf(trialSchema.safeParse({ ...trial, company: " " }))).toEqual({
      company: "Company is required",
    });
  });
});

describe("trialSchema (docs/product.md#public-pages)", () => {
  it("needs a team size from the list and caps the use case at its limit", () => {
    expect(trialSchema.safeParse(trial).success).toBe(true);
    expect(
      errorsOf(
        trialSchema.safeParse({
          ...trial,
          teamSize: "lots",
          message: "m".repeat(TRIAL_LIMITS.message.maxLength + 1),
        }),
      ),
    ).toEqual({
      teamSize: "Choose your team size",
      message: "What you plan to use the data for must be at most 2000 characters",
    });
  });
});

describe("doNotSellSchema (docs/product.md#public-pages)", () => {
  it("needs the address and the ticked box", () => {
    expect(doNotSellSchema.parse({ email: "Ann@X.example", confirm: "yes" })).toEqual({
      email: "ann@x.example",
      confirm: "yes",
    });
    expect(errorsOf(doNotSellSchema.safeParse({ email: "" }))).toEqual({
      email: "Email is required",
      confirm: "Tick the box to confirm the request",
    });
    expect(DO_NOT_SELL_LIMITS.confirm.required).toBe(true);
  });

  it("checks an email exactly as the sign-in form does", () => {
    for (const email of ["", "nope", " Ann@X.example ", `${"a".repeat(250)}@x.example`]) {
      const here = doNotSellSchema.safeParse({ email, confirm: "yes" });
      const there = signInSchema.safeParse({ email, password: "secret" });
      expect(here.success ? here.data.email : errorsOf(here).email).toBe(
        there.success ? there.data.email : errorsOf(there).email,
      );
    }
  });
});

describe("retryIn", () => {
  it("rounds a Retry-After up to whole minutes", () => {
    expect(retryIn(1)).toBe("in a minute");
    expect(retryIn(60)).toBe("in a minute");
    expect(retryIn(61)).toBe("in 2 minutes");
    expect(retryIn(47 * 60)).toBe("in 47 minutes");
  });
});
