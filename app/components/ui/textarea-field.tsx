import type { TextareaHTMLAttributes } from "react";
import { controlClass, Field } from "./field";

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string;
}

/** A labelled textarea whose error is announced and tied to it, like TextField. */
export function TextAreaField({ label, name, error, hint, className, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <textarea name={name} rows={6} {...control} className={controlClass(error)} {...textarea} />
      )}
    </Field>
  );
}
