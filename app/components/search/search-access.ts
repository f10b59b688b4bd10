/** What the search loader tells the page about the user (spec 4 derived flags). */
export interface SearchAccess {
  isSignedIn: boolean;
  isAdmin: boolean;
  hasActiveAccess: boolean;
  hasExportAccess: boolean;
  isTrialing: boolean;
}

/** spec 4/5: active access searches; an admin is exempt from the paywall. */
export function canUseSearch(access: SearchAccess): boolean {
  return access.hasActiveAccess || access.isAdmin;
}

export type SearchPrompt = "none" | "signup" | "pricing";

/**
 * spec 4 search page access logic, once loaded and stable: a signed-in user with active access sees no
 * prompt; otherwise an admin is exempt; a visitor gets the mandatory sign-up dialog; a signed-in user
 * without access gets the pricing dialog.
 */
export function searchPrompt(access: SearchAccess): SearchPrompt {
  if (access.isSignedIn && access.hasActiveAccess) return "none";
  if (access.isAdmin) return "none";
  return access.isSignedIn ? "pricing" : "signup";
}
