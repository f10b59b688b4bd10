/**
 * The spec's toast texts (sections 4 and 8), word for word. They are contracts: tests assert them.
 */
export interface ToastMessage {
  title: string;
  description?: string;
  type?: "success" | "error" | "info";
}

export const AUTH_TOASTS = {
  signedIn: { title: "Welcome back!", description: "You have successfully signed in.", type: "success" },
  signedOut: { title: "See you later!", description: "You have been signed out.", type: "success" },
  confirmationSent: {
    title: "Check your email",
    description: "We've sent you a confirmation link.",
    type: "success",
  },
  resetSent: {
    title: "Check your email",
    description: "We've sent you a password reset link.",
    type: "success",
  },
} as const satisfies Record<string, ToastMessage>;

/** spec 8: failure toast titles; the description is the server's message. */
export const AUTH_FAILURE_TITLES = {
  signin: "Sign in failed",
  signup: "Sign up failed",
  signout: "Sign out failed",
  reset: "Password reset failed",
} as const;

export const AUTH_ERRORS = {
  passwordsDoNotMatch: "Passwords do not match",
  passwordTooShort: "Password must be at least 6 characters",
  passwordTooLong: "Password must be at most 128 characters",
  commonPassword:
    "This password is one of the 10,000 most common passwords. Please choose a less common one.",
  invalidCredentials: "Invalid email or password",
  emailNotVerified:
    "Please confirm your email address first. We've sent you a new confirmation link: open it to sign in.",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
  invalidResetLink: "This password reset link is invalid or has expired. Please request a new one.",
  wrongCurrentPassword: "Your current password is not correct.",
} as const;
