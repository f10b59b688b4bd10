import type { ReactNode } from "react";
import { Link } from "react-router";
import { preloadAuthForm, useAuthDialog } from "../auth/auth-dialog";

/**
 * A link to /signup that opens the sign-up dialog once the page is hydrated (the header's Get Started does
 * the same): it works without JavaScript, and with it the visitor stays on the page.
 */
export function GetStartedLink({ className, children }: { className: string; children: ReactNode }) {
  const { openAuthDialog } = useAuthDialog();
  return (
    <Link
      to="/signup"
      className={className}
      onPointerEnter={preloadAuthForm}
      onFocus={preloadAuthForm}
      onClick={(event) => {
        event.preventDefault();
        openAuthDialog("signup");
      }}
    >
      {children}
    </Link>
  );
}
