import type { SelectHTMLAttributes } from "react";
import { controlClass, Field } from "./field";

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: string;
  name: string;
  options: readonly string[];
  /** The first, empty choice ("Choose…"). */
  placeholder: string;
  error?: string | undefined;
  hint?: string;
}

/** A labelled select of plain options whose error is announced and tied to it, like TextField. */
export function SelectField({
  label,
  name,
  options,
  placeholder,
  error,
  hint,
  className,
  ...select
}: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select name={name} {...control} className={`bg-white ${controlClass(error)}`} {...select}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
