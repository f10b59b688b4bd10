import { emailAddressSchema as email } from "./email-address";
import { AUTH_ERRORS } from "./messages";
import { z } from "./zod";

// docs/product.md#accounts: at least 6 characters; the server also caps length (hashing cost) at 128.
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

const newPassword = z
  .string({ error: "Password is required" })
  .min(MIN_PASSWORD_LENGTH, AUTH_ERRORS.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, AUTH_ERRORS.passwordTooLong);

const optionalName = z
  .string()
  .trim()
  .max(100, "Must be at most 100 characters")
  .optional()
  .transform((value) => (value ? value : undefined));

/** Adds 'Passwords do not match' on the confirmation field (docs/product.md#accounts). */
function confirmMatches<T extends { password: string; confirmPassword: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: AUTH_ERRORS.passwordsDoNotMatch });
  }
}

export const signInSchema = z.object({
  email,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(MAX_PASSWORD_LENGTH),
});

export const signUpSchema = z
  .object({
    firstName: optionalName,
    lastName: optionalName,
    email,
    password: newPassword,
    confirmPassword: z.string({ error: "Please confirm your password" }),
    // docs/product.md#accounts: the terms checkbox must be ticked.
    acceptTerms: z.literal("on", { error: "You must agree to the terms to create an account" }),
    heardAboutUs: z
      .string()
      .trim()
      .max(500, "Must be at most 500 characters")
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .superRefine(confirmMatches);

export const resetRequestSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, AUTH_ERRORS.invalidResetLink),
    password: newPassword,
    confirmPassword: z.string({ error: "Please confirm your password" }),
  })
  .superRefine(confirmMatches);

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password").max(MAX_PASSWORD_LENGTH),
    password: newPassword,
    confirmPassword: z.string({ error: "Please confirm your password" }),
  })
  .superRefine(confirmMatches);

export const profileSchema = z.object({ firstName: optionalName, lastName: optionalName });

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field, for forms. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

export { fullName } from "./full-name";
