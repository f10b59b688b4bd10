import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { TextField } from "~/components/ui/text-field";
import { fieldErrorsOf, resetPasswordSchema } from "~/core/auth-forms";
import { PRODUCT_NAME } from "~/core/brand";
import { AUTH_ERRORS, PASSWORD_RESET_TOAST } from "~/core/messages";
import { resetPassword } from "~/server/auth/account.server";
import { getAuthServices } from "~/server/auth/auth-services.server";
import { flashCookie } from "~/server/flash.server";
import { readForm } from "~/server/read-body.server";
import type { Route } from "./+types/reset-password";

/** The password-reset email's link lands here (via /api/auth/reset-password/:token) with ?token=. */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  return { token: token && !params.get("error") ? token : null };
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = resetPasswordSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return data({ error: fieldErrors.token ?? null, fieldErrors }, { status: 400 });
  }
  const outcome = await resetPassword(await getAuthServices(), request, parsed.data);
  if (!outcome.ok) {
    return data(
      { error: outcome.fieldErrors ? null : outcome.message, fieldErrors: outcome.fieldErrors ?? {} },
      { status: outcome.status },
    );
  }
  return redirect("/?auth=signin", { headers: { "Set-Cookie": flashCookie(PASSWORD_RESET_TOAST) } });
}

export function meta() {
  return [{ title: `Reset your password | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const fieldErrors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  return (
    <section aria-labelledby="reset-title" className="mx-auto w-full max-w-md px-4 py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 id="reset-title" className="text-2xl font-semibold text-slate-900">
          Choose a new password
        </h1>
        {loaderData.token ? (
          <Form method="post" noValidate className="mt-5 flex flex-col gap-4">
            <input type="hidden" name="token" value={loaderData.token} />
            {actionData?.error ? (
              <FormAlert>
                {actionData.error}{" "}
                <Link to="/?auth=reset" className="font-medium underline">
                  Request a new link
                </Link>
              </FormAlert>
            ) : null}
            <TextField
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              hint="At least 6 characters."
              error={fieldErrors.password}
              required
            />
            <TextField
              label="Confirm new password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              error={fieldErrors.confirmPassword}
              required
            />
            <Button type="submit" isBusy={navigation.state === "submitting"} className="w-full py-2.5">
              Set new password
            </Button>
          </Form>
        ) : (
          <FormAlert tone="notice" className="mt-5 flex flex-col gap-4">
            <p>{AUTH_ERRORS.invalidResetLink}</p>
            <Link
              to="/?auth=reset"
              className="self-start rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Request a new link
            </Link>
          </FormAlert>
        )}
      </div>
    </section>
  );
}
