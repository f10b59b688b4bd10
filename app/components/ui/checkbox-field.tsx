import type { InputHTMLAttributes, ReactNode } from "react";
import { FieldError, useFieldIds } from "./field";

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> {
  /** The sentence the box confirms; it is the checkbox's accessible name. */
  label: ReactNode;
  name: string;
  error?: string | undefined;
}

/**
 * A checkbox with its label beside it and its error under it, tied to it like TextField's. A
 * `defaultValue` (a form's echoed value after a refusal) ticks the box when it is the box's value.
 */
export function CheckboxField({
  label,
  name,
  error,
  className = "",
  defaultValue,
  ...input
}: CheckboxFieldProps) {
  const { id, errorId, control } = useFieldIds(error);
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          name={name}
          {...control}
          className="mt-1 h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-600"
          defaultChecked={defaultValue !== undefined && defaultValue === input.value}
          {...input}
        />
        <label htmlFor={id} className="text-slate-800">
          {label}
        </label>
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
