import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import type { AuthActionResult } from "~/core/auth-result";
import { AUTH_TITLES, AuthForm, type AuthMode } from "./auth-form";

/** /signin and /signup: the auth dialog's form as a page, for direct links and redirects. */
export function AuthPage({
  initialMode,
  redirectTo,
}: {
  initialMode: AuthMode;
  redirectTo?: string | undefined;
}) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const navigate = useNavigate();
  const onSuccess = useCallback(
    (result: AuthActionResult & { ok: true }) => {
      if (result.intent === "signin") navigate(result.redirectTo ?? "/search", { replace: true });
      else setMode("signin");
    },
    [navigate],
  );
  return (
    <section aria-labelledby="auth-title" className="mx-auto w-full max-w-md px-4 py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 id="auth-title" className="text-2xl font-semibold text-slate-900">
          {AUTH_TITLES[mode]}
        </h1>
        <div className="mt-5">
          <AuthForm
            key={mode}
            mode={mode}
            onModeChange={setMode}
            onSuccess={onSuccess}
            redirectTo={redirectTo}
          />
        </div>
      </div>
    </section>
  );
}
