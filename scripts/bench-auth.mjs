// The benchmarks' calls to the app's auth endpoints (bench:export --server, bench:load --as subscriber).

/**
 * POST a JSON body to /api/auth<pathname> of the server at `origin`, as the app's own pages do.
 * @param {string} origin
 * @param {string} pathname
 * @param {unknown} body
 * @returns {Promise<Response>}
 */
export function authPost(origin, pathname, body) {
  return fetch(`${origin}/api/auth${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(body),
  });
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
