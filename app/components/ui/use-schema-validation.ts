import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { type FieldErrors, fieldErrorsOf } from "~/core/auth-forms";

/**
 * One schema, both sides: checks a form in the browser with the schema the server checks it with. An
 * invalid form is not sent; its errors show under the fields, and the first invalid field gets the focus.
 * Until then (and after a valid submit) the fields show the server's errors.
 */
export function useSchemaValidation(schema: z.ZodType, serverErrors: FieldErrors) {
  const [browserErrors, setBrowserErrors] = useState<FieldErrors | null>(null);

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) {
      setBrowserErrors(null);
      return;
    }
    event.preventDefault();
    const errors = fieldErrorsOf(parsed.error);
    setBrowserErrors(errors);
    const firstInvalid = Object.keys(errors)[0];
    if (firstInvalid) event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
  }

  return { fieldErrors: browserErrors ?? serverErrors, validate };
}
