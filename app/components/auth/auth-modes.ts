/** The auth dialog's modes (docs/product.md#screens), apart from the form so the dialog can load the form on demand. */
export type AuthMode = "signin" | "signup" | "reset";

/** docs/product.md#screens: the auth dialog's titles per mode. */
export const AUTH_TITLES: Record<AuthMode, string> = {
  signin: "Welcome Back",
  signup: "Create Account",
  reset: "Reset Password",
};
