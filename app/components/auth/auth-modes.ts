/** The auth dialog's modes (spec 4), apart from the form so the dialog can load the form on demand. */
export type AuthMode = "signin" | "signup" | "reset";

/** spec 2: the auth dialog's titles per mode. */
export const AUTH_TITLES: Record<AuthMode, string> = {
  signin: "Welcome Back",
  signup: "Create Account",
  reset: "Reset Password",
};
