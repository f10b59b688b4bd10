import { redirect } from "react-router";
import { AUTH_FAILURE_TITLES, AUTH_TOASTS } from "~/core/messages";
import { signOut } from "~/server/auth/account.server";
import { getAuthServices } from "~/server/auth/auth-services.server";
import { getCurrentUser } from "~/server/auth/session.server";
import { flashCookie } from "~/server/flash.server";
import type { Route } from "./+types/sign-out";

/** POST /auth/sign-out: log out, then back to / with the farewell toast (docs/product.md#accounts). */
export async function action({ request }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  const outcome = await signOut(await getAuthServices(), request, user?.id ?? null);
  const headers = new Headers();
  if (outcome.ok) {
    for (const cookie of outcome.setCookies) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", flashCookie(AUTH_TOASTS.signedOut));
  } else {
    headers.append(
      "Set-Cookie",
      flashCookie({ title: AUTH_FAILURE_TITLES.signout, description: outcome.message, type: "error" }),
    );
  }
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
