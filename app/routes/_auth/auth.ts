import { data } from "react-router";
import type { z } from "zod";
import { fieldErrorsOf, resetRequestSchema, signInSchema, signUpSchema } from "~/core/auth-forms";
import type { AuthActionResult, AuthIntent } from "~/core/auth-result";
import { AUTH_TOASTS } from "~/core/messages";
import { safeRedirectPath } from "~/core/redirect-path";
import {
  type AccountOutcome,
  requestPasswordReset,
  resendConfirmation,
  signIn,
  signUp,
} from "~/server/auth/account.server";
import { getAuthServices } from "~/server/auth/auth-services.server";
import { readForm } from "~/server/read-body.server";
import type { Route } from "./+types/auth";

const INTENTS: readonly AuthIntent[] = ["signin", "signup", "reset", "resend"];

function reply(result: AuthActionResult, status: number, setCookies: string[] = []) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return data(result, { status, headers });
}

function invalid(intent: AuthIntent, error: z.ZodError) {
  const fieldErrors = fieldErrorsOf(error);
  const first = Object.values(fieldErrors)[0] ?? "Please check the form.";
  return reply({ ok: false, intent, error: first, fieldErrors }, 400);
}

function fromOutcome(intent: AuthIntent, outcome: AccountOutcome & { ok: false }) {
  return reply(
    {
      ok: false,
      intent,
      error: outcome.message,
      ...(outcome.fieldErrors ? { fieldErrors: outcome.fieldErrors } : {}),
      ...(outcome.code === "EMAIL_NOT_VERIFIED" ? { needsConfirmation: true } : {}),
    },
    outcome.status,
  );
}

/** POST /auth: the auth dialog's sign in, sign up, reset request and resend-confirmation. */
export async function action({ request }: Route.ActionArgs) {
  // A body that is not a form is refused with 415 or 400 and a message (readForm), never a 500.
  const form = await readForm(request);
  const intent = form.get("intent");
  if (typeof intent !== "string" || !INTENTS.includes(intent as AuthIntent)) {
    return data({ ok: false, error: "Unknown request." }, { status: 400 });
  }
  const services = await getAuthServices();
  const fields = Object.fromEntries(form);

  switch (intent as AuthIntent) {
    case "signin": {
      const parsed = signInSchema.safeParse(fields);
      if (!parsed.success) return invalid("signin", parsed.error);
      const outcome = await signIn(services, request, parsed.data);
      if (!outcome.ok) return fromOutcome("signin", outcome);
      const redirectTo = safeRedirectPath(String(form.get("redirectTo") ?? ""));
      return reply(
        { ok: true, intent: "signin", toast: AUTH_TOASTS.signedIn, ...(redirectTo ? { redirectTo } : {}) },
        200,
        outcome.setCookies,
      );
    }
    case "signup": {
      const parsed = signUpSchema.safeParse(fields);
      if (!parsed.success) return invalid("signup", parsed.error);
      const outcome = await signUp(services, request, parsed.data);
      if (!outcome.ok) return fromOutcome("signup", outcome);
      return reply({ ok: true, intent: "signup", toast: AUTH_TOASTS.confirmationSent }, 200);
    }
    case "reset": {
      const parsed = resetRequestSchema.safeParse(fields);
      if (!parsed.success) return invalid("reset", parsed.error);
      const outcome = await requestPasswordReset(services, request, parsed.data);
      if (!outcome.ok) return fromOutcome("reset", outcome);
      return reply({ ok: true, intent: "reset", toast: AUTH_TOASTS.resetSent }, 200);
    }
    case "resend": {
      const parsed = resetRequestSchema.safeParse(fields);
      if (!parsed.success) return invalid("resend", parsed.error);
      const outcome = await resendConfirmation(services, request, parsed.data);
      if (!outcome.ok) return fromOutcome("resend", outcome);
      return reply({ ok: true, intent: "resend", toast: AUTH_TOASTS.confirmationSent }, 200);
    }
  }
}
