import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import {
  type FieldErrors,
  fieldErrorsOf,
  resetRequestSchema,
  signInSchema,
  signUpSchema,
} from "~/core/auth-forms";
import type { AuthActionResult } from "~/core/auth-result";
import { AUTH_FAILURE_TITLES } from "~/core/messages";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { AUTH_TITLES, type AuthMode } from "./auth-modes";

export { AUTH_TITLES, type AuthMode };

const SCHEMAS: Record<AuthMode, z.ZodType> = {
  signin: signInSchema,
  signup: signUpSchema,
  reset: resetRequestSchema,
};

interface AuthFormProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  /** Called after a successful sign-in or sign-up (reset returns to sign-in by itself). */
  onSuccess: (result: AuthActionResult & { ok: true }) => void;
  redirectTo?: string | undefined;
}

/**
 * The three modes of the auth dialog (docs/product.md#screens). Mount it with `key={mode}`: switching mode then clears every
 * field and the error (docs/product.md#screens). Validation runs here with the server's own schema, then on the server.
 */
export function AuthForm({ mode, onModeChange, onSuccess, redirectTo }: AuthFormProps) {
  const fetcher = useFetcher<AuthActionResult>();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [needsConfirmation, setNeedsConfirmation] = useState(false);
  const [hasAcceptedTerms, setHasAcceptedTerms] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const handled = useRef<AuthActionResult | undefined>(undefined);
  const isBusy = fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (!result.ok) {
      setError(result.error);
      setFieldErrors(result.fieldErrors ?? {});
      setNeedsConfirmation(result.needsConfirmation === true);
      const title =
        result.intent === "resend" ? AUTH_FAILURE_TITLES.signin : AUTH_FAILURE_TITLES[result.intent];
      toast.error(title, { description: result.error });
      return;
    }
    toast.success(result.toast.title, { description: result.toast.description });
    if (result.intent === "reset") onModeChange("signin");
    else if (result.intent === "resend") setNeedsConfirmation(false);
    else onSuccess(result);
  }, [fetcher.state, fetcher.data, onModeChange, onSuccess]);

  function validate(event: React.FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = SCHEMAS[mode].safeParse(values);
    if (parsed.success) {
      setFieldErrors({});
      setError(null);
      return;
    }
    event.preventDefault();
    const errors = fieldErrorsOf(parsed.error);
    setFieldErrors(errors);
    setError(null);
    const firstInvalid = event.currentTarget.querySelector<HTMLInputElement>(
      `[name="${Object.keys(errors)[0] ?? ""}"]`,
    );
    firstInvalid?.focus();
  }

  function resendConfirmation() {
    fetcher.submit(
      { intent: "resend", email: emailRef.current?.value ?? "" },
      { method: "post", action: "/auth" },
    );
  }

  return (
    <fetcher.Form method="post" action="/auth" onSubmit={validate} noValidate className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={mode} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {error ? (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {error}
          {needsConfirmation ? (
            <div className="mt-2">
              <Button variant="link" onClick={resendConfirmation} disabled={isBusy}>
                Resend confirmation link
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}

      {mode === "signup" ? (
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            error={fieldErrors.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            error={fieldErrors.lastName}
          />
        </div>
      ) : null}

      <TextField
        ref={emailRef}
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        error={fieldErrors.email}
      />

      {mode !== "reset" ? (
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete={mode === "signup" ? "new-password" : "current-password"}
          required
          error={fieldErrors.password}
          {...(mode === "signup" ? { hint: "At least 6 characters." } : {})}
        />
      ) : null}

      {mode === "signup" ? (
        <>
          <TextField
            label="Confirm password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            error={fieldErrors.confirmPassword}
          />
          <TextField
            label="Where did you hear about us?"
            name="heardAboutUs"
            placeholder="Optional"
            error={fieldErrors.heardAboutUs}
          />
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name="acceptTerms"
              className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-600"
              checked={hasAcceptedTerms}
              onChange={(event) => setHasAcceptedTerms(event.target.checked)}
            />
            <span>
              I agree to the{" "}
              <Link to="/terms" target="_blank" className="font-medium text-brand-700 underline">
                Terms of Service
              </Link>{" "}
              and the{" "}
              <Link to="/privacy" target="_blank" className="font-medium text-brand-700 underline">
                Privacy Policy
              </Link>
              .
            </span>
          </label>
        </>
      ) : null}

      {mode === "signin" ? (
        <div className="-mt-2 text-right">
          <Button variant="link" onClick={() => onModeChange("reset")}>
            Forgot password?
          </Button>
        </div>
      ) : null}

      <Button
        type="submit"
        isBusy={isBusy}
        disabled={mode === "signup" && !hasAcceptedTerms}
        className="w-full py-2.5"
      >
        {mode === "signin" ? "Sign In" : mode === "signup" ? "Create Account" : "Send Reset Link"}
      </Button>

      <p className="text-center text-sm text-slate-600">
        {mode === "signin" ? (
          <>
            Don't have an account?{" "}
            <Button variant="link" onClick={() => onModeChange("signup")}>
              Sign up
            </Button>
          </>
        ) : (
          <>
            {mode === "signup" ? "Already have an account?" : "Remembered it?"}{" "}
            <Button variant="link" onClick={() => onModeChange("signin")}>
              Sign in
            </Button>
          </>
        )}
      </p>
    </fetcher.Form>
  );
}
