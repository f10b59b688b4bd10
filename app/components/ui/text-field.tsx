import type { InputHTMLAttributes, Ref } from "react";
import { controlClass, Field } from "./field";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose error is announced and tied to it (aria-invalid, aria-describedby). */
export function TextField({ label, name, error, hint, className, ref, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => <input ref={ref} name={name} {...control} className={controlClass(error)} {...input} />}
    </Field>
  );
}
