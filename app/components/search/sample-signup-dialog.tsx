import { MailCheck } from "lucide-react";
import { useCallback, useState } from "react";
import { useRevalidator } from "react-router";
import type { AuthActionResult } from "~/core/auth-result";
import { formatCount } from "~/core/format";
import { AuthForm, type AuthMode } from "../auth/auth-form";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";

interface SampleSignupDialogProps {
  open: boolean;
  totalCompanies: number;
}

const TOGGLE: ReadonlyArray<{ mode: AuthMode; label: string }> = [
  { mode: "signup", label: "Sign up" },
  { mode: "signin", label: "Log in" },
];

/**
 * docs/product.md#screens and docs/product.md#access: the visitor's mandatory sign-up dialog, titled as a free sample, with its own log in / sign up
 * toggle. It cannot be closed (no close button, Escape and outside clicks do nothing); a sign-in reloads
 * the page's data, and the loader then reports the user's access.
 */
export function SampleSignupDialog({ open, totalCompanies }: SampleSignupDialogProps) {
  const [mode, setMode] = useState<AuthMode>("signup");
  const [hasSignedUp, setHasSignedUp] = useState(false);
  const revalidator = useRevalidator();

  const onSuccess = useCallback(
    (result: AuthActionResult & { ok: true }) => {
      // A sign-up is complete only once the emailed link is opened: until then the visitor stays one.
      if (result.intent === "signup") setHasSignedUp(true);
      else void revalidator.revalidate();
    },
    [revalidator],
  );

  function changeMode(next: AuthMode) {
    setHasSignedUp(false);
    setMode(next);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={() => undefined}
      isClosable={false}
      title={`Get a free sample from ${formatCount(totalCompanies)} startups`}
      description="Create a free account to browse venture-funded startups and their founders."
    >
      <fieldset className="mb-5 grid grid-cols-2 rounded-lg bg-slate-100 p-1">
        <legend className="sr-only">Account</legend>
        {TOGGLE.map((item) => {
          const isCurrent = item.mode === mode || (item.mode === "signin" && mode === "reset");
          return (
            <button
              key={item.mode}
              type="button"
              aria-pressed={isCurrent}
              onClick={() => changeMode(item.mode)}
              className={`rounded-md px-3 py-1.5 text-sm font-semibold transition-colors ${
                isCurrent ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"
              }`}
            >
              {item.label}
            </button>
          );
        })}
      </fieldset>
      {hasSignedUp ? (
        <div role="status" className="flex flex-col items-center gap-3 py-4 text-center">
          <MailCheck aria-hidden="true" className="h-10 w-10 text-brand-600" />
          <p className="font-semibold text-slate-900">Check your email</p>
          <p className="text-sm text-slate-600">
            We've sent you a confirmation link. Open it to finish signing up and see your sample.
          </p>
          <Button variant="link" onClick={() => changeMode("signin")}>
            Already confirmed? Log in
          </Button>
        </div>
      ) : (
        <AuthForm key={mode} mode={mode} onModeChange={changeMode} onSuccess={onSuccess} />
      )}
    </Dialog>
  );
}
