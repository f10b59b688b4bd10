// The benchmarks' calls to the app's auth endpoints (bench:export --server, bench:load --as subscriber).

/** The auth dialog's intent for each of better-auth's paths the benchmarks used to post to. */
const INTENTS = { "/sign-in/email": "signin", "/sign-up/email": "signup" };

/**
 * Signs in or up through the auth dialog's form action (/auth), as the app's own pages do: better-auth's
 * /api/auth endpoints are closed from outside (decision 019). `pathname` names which ("/sign-in/email" or
 * "/sign-up/email"); `body` holds the email and password.
 * @param {string} origin
 * @param {"/sign-in/email" | "/sign-up/email"} pathname
 * @param {{ email: string; password: string; name?: string }} body (a name is not asked for)
 * @returns {Promise<Response>}
 */
export function authPost(origin, pathname, body) {
  const form = new URLSearchParams({ intent: INTENTS[pathname], email: body.email, password: body.password });
  if (pathname === "/sign-up/email") {
    form.set("confirmPassword", body.password);
    form.set("acceptTerms", "on");
  }
  return fetch(`${origin}/auth`, { method: "POST", headers: { origin }, body: form });
}

/**
 * The cookies an auth answer set, as a Cookie header, when they hold a session; else undefined (a wrong
 * password, an address not confirmed yet).
 * @param {Response} response
 * @returns {string | undefined}
 */
export function sessionCookieOf(response) {
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0] ?? "");
  return cookies.some((cookie) => cookie.includes("session_token=")) ? cookies.join("; ") : undefined;
}
