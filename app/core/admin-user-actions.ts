import { z } from "zod";
import { PLAN_IDS, type PlanId } from "./plans";

/** docs/product.md#admin: what an admin can do to an account from its page (the form's hidden `intent`). */
export type UserActionInput =
  | { kind: "grant-plan"; planId: PlanId }
  | { kind: "revoke-plan"; planId: PlanId }
  | { kind: "make-admin" }
  | { kind: "remove-admin" }
  | { kind: "ban"; reason: string }
  | { kind: "unban" }
  | { kind: "revoke-sessions" };

export const BAN_REASON_MAX = 200;

const planField = z.enum(PLAN_IDS, { message: "Choose a plan." });

const userActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("grant-plan"), planId: planField }),
  z.object({ intent: z.literal("revoke-plan"), planId: planField }),
  z.object({ intent: z.literal("make-admin") }),
  z.object({ intent: z.literal("remove-admin") }),
  z.object({
    intent: z.literal("ban"),
    reason: z
      .string()
      .trim()
      .min(1, "Say why: the account's owner sees this reason when signing in.")
      .max(BAN_REASON_MAX, `At most ${BAN_REASON_MAX} characters.`),
  }),
  z.object({ intent: z.literal("unban") }),
  z.object({ intent: z.literal("revoke-sessions") }),
]);

/** The action a user page's form asks for, or its field errors (`form` for an unknown intent). */
export function parseUserActionForm(
  form: Record<string, unknown>,
): { ok: true; action: UserActionInput } | { ok: false; fieldErrors: Record<string, string> } {
  const parsed = userActionSchema.safeParse(form);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === "intent" ? "form" : String(issue.path[0] ?? "form");
      fieldErrors[field] ??= issue.path[0] === "intent" ? "Unknown action." : issue.message;
    }
    return { ok: false, fieldErrors };
  }
  const { intent, ...rest } = parsed.data;
  return { ok: true, action: { kind: intent, ...rest } as UserActionInput };
}

/** The toast after each action. */
export const USER_ACTION_TOASTS: Readonly<Record<UserActionInput["kind"], string>> = {
  "grant-plan": "Plan granted",
  "revoke-plan": "Plan revoked",
  "make-admin": "Now an admin",
  "remove-admin": "Admin role removed",
  ban: "Account banned and signed out everywhere",
  unban: "Account unbanned",
  "revoke-sessions": "All sessions ended",
};
