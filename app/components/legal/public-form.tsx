import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { FieldErrors } from "~/core/auth-forms";
import { type PublicFormDefinition, retryIn } from "~/core/public-forms";
import { Button } from "../ui/button";
import { FormAlert } from "../ui/form-alert";
import { TextField } from "../ui/text-field";
import { useSchemaValidation } from "../ui/use-schema-validation";
import { HoneypotField } from "./honeypot-field";

type FormValues = Partial<Record<string, string>>;

/** What a public form's action answers when it refuses (publicFormRefusal): nothing typed is lost. */
export type PublicFormRefusal =
  | { status: "invalid"; fieldErrors: FieldErrors; values: FormValues }
  | { status: "rate-limited"; retryAfterSeconds: number; values: FormValues };

/** What a field of the form gets: its name, limits, echoed value and error. */
export interface BoundField {
  name: string;
  defaultValue: string | undefined;
  error: string | undefined;
  required: boolean;
  minLength?: number;
  maxLength?: number;
}

interface PublicFormPageProps<Name extends string> {
  title: string;
  intro: ReactNode;
  /** Shown instead of the intro and the form once the form went through (`?sent=1`). */
  confirmation: ReactNode;
  /**
   * The form's schema, which the server validates with and the browser checks on submit too, and its
   * field limits, which the inputs carry as attributes (core/public-forms.ts).
   */
  form: PublicFormDefinition<Name>;
  actionData: PublicFormRefusal | undefined;
  /** The sentence shown after a 429, given "in N minutes". */
  rateLimited: (retry: string) => ReactNode;
  submitLabel: string;
  /** The fields; `field(name)` gives an input its name, limits, echoed value and error. */
  children: (field: (name: Name) => BoundField) => ReactNode;
}

/**
 * A public form page (/contact, /request-trial, /do-not-sell): the heading, the intro and the form, or once
 * the form went through, the confirmation in their place. The form checks in the browser with the
 * schema the server validates with, shows the server's refusal (field errors, or the rate limit), and
 * carries the honeypot.
 */
export function PublicFormPage<Name extends string>({
  title,
  intro,
  confirmation,
  form: { schema, limits },
  actionData,
  rateLimited,
  submitLabel,
  children,
}: PublicFormPageProps<Name>) {
  const isSubmitting = useNavigation().state === "submitting";
  const { fieldErrors, validate } = useSchemaValidation(
    schema,
    actionData?.status === "invalid" ? actionData.fieldErrors : {},
  );
  const values = actionData?.values ?? {};
  const field = (name: Name): BoundField => ({
    name,
    ...limits[name],
    defaultValue: values[name],
    error: fieldErrors[name],
  });
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {confirmation ? (
        <div className="mt-8">{confirmation}</div>
      ) : (
        <>
          <div className="mt-3 flex flex-col gap-3 text-lg text-slate-700">{intro}</div>
          {/* The key resets the fields when a new refusal (with its echoed values) comes back. */}
          <Form
            method="post"
            onSubmit={validate}
            className="relative mt-8 flex flex-col gap-4"
            key={JSON.stringify(values)}
          >
            {actionData?.status === "rate-limited" ? (
              <FormAlert>{rateLimited(retryIn(actionData.retryAfterSeconds))}</FormAlert>
            ) : null}
            {children(field)}
            <HoneypotField />
            <Button type="submit" isBusy={isSubmitting} className="self-start px-6 py-2.5">
              {submitLabel}
            </Button>
          </Form>
        </>
      )}
    </div>
  );
}

/** The name and email fields the message forms start with, in a two-column grid with any others. */
export function NameAndEmailFields({
  field,
  emailLabel,
  children = null,
}: {
  field: (name: "name" | "email") => BoundField;
  emailLabel: string;
  children?: ReactNode;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Name" autoComplete="name" {...field("name")} />
      <TextField label={emailLabel} type="email" autoComplete="email" {...field("email")} />
      {children}
    </div>
  );
}
