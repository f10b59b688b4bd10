import type { FieldErrors } from "./auth-forms";
import type { ToastMessage } from "./messages";

export type AuthIntent = "signin" | "signup" | "reset" | "resend";

/** What the /auth action answers the auth dialog. */
export type AuthActionResult =
  | { ok: true; intent: AuthIntent; toast: ToastMessage; redirectTo?: string }
  | {
      ok: false;
      intent: AuthIntent;
      /** The server's message, shown in the dialog and in the failure toast. */
      error: string;
      fieldErrors?: FieldErrors;
      /** Sign-in of an account whose email is not confirmed yet: the dialog offers to resend the link. */
      needsConfirmation?: boolean;
    };
