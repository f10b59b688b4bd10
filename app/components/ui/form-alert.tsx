import type { ReactNode } from "react";

const TONES = {
  /** A refusal of the whole form: the rate limit, a wrong password, an expired link. */
  error: "rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800",
  /** A page-level notice that replaces the form (a dead reset link): plain text and the way out. */
  notice: "text-slate-700",
} as const;

interface FormAlertProps {
  tone?: keyof typeof TONES;
  className?: string;
  children: ReactNode;
}

/**
 * What a form says about itself as a whole (field errors sit under their fields), announced when it
 * appears (role="alert").
 */
export function FormAlert({ tone = "error", className = "", children }: FormAlertProps) {
  return (
    <div role="alert" className={`${TONES[tone]} ${className}`}>
      {children}
    </div>
  );
}
