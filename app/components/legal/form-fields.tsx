import { CheckCircle2 } from "lucide-react";
import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from "react";
import { Link } from "react-router";

const fieldClass = (error: string | undefined) =>
  `rounded-md border px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none ${
    error ? "border-red-500" : "border-slate-300"
  }`;

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  label: string;
  name: string;
  error?: string | undefined;
}

/** A labelled textarea whose error is announced and tied to it, like ui/text-field. */
export function TextAreaField({ label, name, error, className = "", ...input }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={6}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={fieldClass(error)}
        {...input}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: string;
  name: string;
  options: readonly string[];
  placeholder: string;
  error?: string | undefined;
}

export function SelectField({ label, name, options, placeholder, error, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`bg-white ${fieldClass(error)}`}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * Issue 7 spam honeypot: a field people never see (off-screen, out of the tab order, hidden from assistive
 * technology) and form-filling bots fill in. The server drops any submission that has it filled.
 */
export function HoneypotField({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** A refusal that concerns the whole form (the rate limit), announced when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {children}
    </p>
  );
}

/** The clear confirmation after a public form went through (issue 7). */
export function FormConfirmation({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      role="status"
      className="rounded-xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-950"
      data-testid="form-confirmation"
    >
      <div className="flex items-start gap-3">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-emerald-700" />
        <div>
          <h2 className="text-lg font-semibold">{title}</h2>
          <div className="mt-2 flex flex-col gap-2 text-emerald-900">{children}</div>
          <Link
            to="/"
            className="mt-4 inline-block font-medium text-emerald-900 underline underline-offset-4 hover:text-emerald-700"
          >
            Back to the home page
          </Link>
        </div>
      </div>
    </div>
  );
}

/** "in 47 minutes" for a Retry-After. */
export function retryIn(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "in a minute" : `in ${minutes} minutes`;
}
