import { data } from "react-router";
import { fieldErrorsOf } from "~/core/auth-forms";
import { getAuthServices } from "~/server/auth/auth-services.server";
import { CLIENT_IP_HEADER } from "~/server/auth/client-ip";
import { env } from "~/server/env.server";
import { createTestLogin, TestLoginError, testLoginSchema } from "~/server/testing/test-login.server";
import type { Route } from "./+types/test-login";

/**
 * Test-only (ENABLE_TEST_ROUTES, never in production): POST a JSON TestLoginInput, get a signed-in,
 * confirmed account with the plan asked for. The browser tests' `login()` fixture calls it.
 */
export async function action({ request }: Route.ActionArgs) {
  const config = env();
  if (!config.ENABLE_TEST_ROUTES) throw data(null, { status: 404 });
  const parsed = testLoginSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return data({ errors: fieldErrorsOf(parsed.error) }, { status: 400 });
  // The auth endpoints' origin check and per-IP limits see what a browser on this app would send.
  const authRequest = new Request(request.url, {
    method: "POST",
    headers: { origin: config.APP_URL, [CLIENT_IP_HEADER]: request.headers.get(CLIENT_IP_HEADER) ?? "" },
  });
  try {
    const login = await createTestLogin(await getAuthServices(), authRequest, config.APP_URL, parsed.data);
    const headers = new Headers();
    for (const cookie of login.setCookies) headers.append("Set-Cookie", cookie);
    return data({ userId: login.userId }, { headers });
  } catch (error) {
    if (error instanceof TestLoginError) return data({ error: error.message }, { status: 409 });
    throw error;
  }
}

export function loader() {
  throw data(null, { status: 404 });
}
