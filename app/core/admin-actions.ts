/**
 * docs/product.md#admin: the changes an admin can make in the console, as the admin audit log names them, and how the
 * log shows each one.
 */
export const ADMIN_ACTIONS = {
  "plan.grant": "Granted a plan",
  "plan.revoke": "Revoked a plan",
  "role.grant_admin": "Made admin",
  "role.revoke_admin": "Removed admin",
  "user.ban": "Banned",
  "user.unban": "Unbanned",
  "sessions.revoke_all": "Ended all sessions",
  "settings.update": "Changed site settings",
  "suppression.add": "Added to do-not-sell",
  "inbox.handled": "Marked a message handled",
  "inbox.reopened": "Reopened a message",
  "import.start": "Started an import",
  "import.commit": "Imported companies",
  "email.verify": "Started an email check",
} as const;

export type AdminAction = keyof typeof ADMIN_ACTIONS;

/** What an admin action changed: a user account, the site settings, the suppression list, a message, an import. */
export type AdminTargetType =
  | "user"
  | "settings"
  | "suppression"
  | "inbox"
  | "import"
  | "email_verification_run";

export function adminActionLabel(action: string): string {
  return (ADMIN_ACTIONS as Record<string, string>)[action] ?? action;
}

export function isAdminAction(value: string): value is AdminAction {
  return Object.hasOwn(ADMIN_ACTIONS, value);
}
