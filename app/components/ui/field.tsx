import { type ReactNode, useId } from "react";

/** What a field's control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** Ids of a field's control, hint and error, and the control's aria wiring (the error is read first). */
export function useFieldIds(error: string | undefined, hint?: string) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  const control: FieldControlProps = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  };
  return { id, errorId, hintId, control };
}

/** The border and focus ring of a text input, textarea or select; red while it has an error. */
export function controlClass(error: string | undefined): string {
  return `rounded-md border px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none ${
    error ? "border-red-500" : "border-slate-300"
  }`;
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

interface FieldProps {
  label: string;
  error: string | undefined;
  hint?: string | undefined;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled control with its hint and its error under it: the frame of TextField, TextAreaField and
 * SelectField. The error is announced with the control (aria-invalid, aria-describedby).
 */
export function Field({ label, error, hint, className = "", children }: FieldProps) {
  const { id, errorId, hintId, control } = useFieldIds(error, hint);
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children(control)}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
