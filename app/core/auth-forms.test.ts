import { describe, expect, it } from "vitest";
import { fieldErrorsOf, fullName, resetPasswordSchema, signInSchema, signUpSchema } from "./auth-forms";

const validSignUp = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "  Ada@Example.COM ",
  password: "analytical-engine",
  confirmPassword: "analytical-engine",
  acceptTerms: "on",
  heardAboutUs: "",
};

function errorsOf(result: { success: boolean; error?: unknown }) {
  if (result.success) return {};
  return fieldErrorsOf(result.error as Parameters<typeof fieldErrorsOf>[0]);
}

describe("signUpSchema (docs/product.md#accounts)", () => {
  it("accepts a complete form, normalising the email and dropping empty optionals", () => {
    const result = signUpSchema.parse(validSignUp);
    expect(result.email).toBe("ada@example.com");
    expect(result.heardAboutUs).toBeUndefined();
    expect(result.firstName).toBe("Ada");
  });

  it("says 'Passwords do not match' on the confirmation", () => {
    const result = signUpSchema.safeParse({ ...validSignUp, confirmPassword: "something-else" });
    expect(errorsOf(result)).toEqual({ confirmPassword: "Passwords do not match" });
  });

  it("says 'Password must be at least 6 characters'", () => {
    const result = signUpSchema.safeParse({ ...validSignUp, password: "12345", confirmPassword: "12345" });
    expect(errorsOf(result).password).toBe("Password must be at least 6 characters");
    expect(
      signUpSchema.safeParse({ ...validSignUp, password: "123456", confirmPassword: "123456" }).success,
    ).toBe(true);
  });

  it("refuses passwords over 128 characters", () => {
    const long = "x".repeat(129);
    expect(
      errorsOf(signUpSchema.safeParse({ ...validSignUp, password: long, confirmPassword: long })).password,
    ).toBe("Password must be at most 128 characters");
  });

  it("requires the terms and a valid email", () => {
    const result = signUpSchema.safeParse({ ...validSignUp, acceptTerms: undefined, email: "not-an-email" });
    const errors = errorsOf(result);
    expect(errors.acceptTerms).toBe("You must agree to the terms to create an account");
    expect(errors.email).toBe("Enter a valid email address");
  });
});

describe("signInSchema", () => {
  it("requires both fields", () => {
    expect(errorsOf(signInSchema.safeParse({ email: "", password: "" }))).toEqual({
      email: "Email is required",
      password: "Password is required",
    });
  });
});

describe("resetPasswordSchema", () => {
  it("needs a token and matching passwords", () => {
    const errors = errorsOf(
      resetPasswordSchema.safeParse({ token: "", password: "abcdef", confirmPassword: "abcdeg" }),
    );
    expect(Object.keys(errors).sort()).toEqual(["confirmPassword", "token"]);
  });
});

describe("fullName", () => {
  it("joins what is known", () => {
    expect(fullName("Ada", "Lovelace")).toBe("Ada Lovelace");
    expect(fullName("Ada", null)).toBe("Ada");
    expect(fullName(null, undefined)).toBe("");
  });
});
