// docs/product.md#security: every response carries the security headers; HTML documents carry a
// Content-Security-Policy whose per-request nonce is on every inline script, and the app still hydrates
// and works under it; personal responses are never stored by a cache; the app cannot be framed.
import type { APIResponse, Page } from "@playwright/test";
import { gotoHydrated, uniqueEmail } from "./accounts-helpers";
import { expect, test } from "./fixtures";

/** The headers every response carries (HSTS is for production only; the e2e server runs APP_ENV=test). */
function expectBaseHeaders(response: APIResponse, referrerPolicy = "strict-origin-when-cross-origin"): void {
  const headers = response.headers();
  const url = response.url();
  expect(headers["x-content-type-options"], url).toBe("nosniff");
  expect(headers["referrer-policy"], url).toBe(referrerPolicy);
  expect(headers["x-frame-options"], url).toBe("DENY");
  expect(headers["cross-origin-opener-policy"], url).toBe("same-origin");
  expect(headers["strict-transport-security"], url).toBeUndefined();
}

function directivesOf(response: APIResponse): Map<string, string> {
  const policy = response.headers()["content-security-policy"] ?? "";
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = "", ...values]) => [name, values.join(" ")]),
  );
}

function nonceOf(response: APIResponse): string {
  const scriptSrc = directivesOf(response).get("script-src") ?? "";
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc)?.[1];
  expect(nonce, `script-src of ${response.url()}: ${scriptSrc}`).toBeTruthy();
  return nonce ?? "";
}

function expectDocumentPolicy(response: APIResponse): void {
  const directives = directivesOf(response);
  expect(directives.get("default-src")).toBe("'self'");
  expect(directives.get("script-src")).toBe(`'self' 'nonce-${nonceOf(response)}'`);
  expect(directives.get("style-src")).toBe("'self' 'unsafe-inline'");
  expect(directives.get("img-src")).toBe("'self' data:");
  expect(directives.get("media-src")).toBe("'self'");
  expect(directives.get("connect-src")).toBe("'self'");
  expect(directives.get("object-src")).toBe("'none'");
  expect(directives.get("base-uri")).toBe("'none'");
  expect(directives.get("frame-ancestors")).toBe("'none'");
  expect(directives.has("form-action")).toBe(false);
}

function expectNoStore(response: APIResponse): void {
  expect(response.headers()["cache-control"] ?? "", response.url()).toContain("no-store");
}

test("a public page: the security headers, a CSP with a nonce, and cacheable for visitors", async ({
  page,
}) => {
  const home = await page.request.get("/");
  expect(home.status()).toBe(200);
  expectBaseHeaders(home);
  expectDocumentPolicy(home);
  expect(home.headers()["cache-control"] ?? "").not.toContain("no-store");
  // Other responses than documents: a resource route, the CSV export (outside React Router), a static file.
  for (const path of ["/api/auth/verify-email", "/api/export-csv", "/favicon.svg", "/_.data"]) {
    const response = await page.request.get(path);
    expectBaseHeaders(response);
    expect(response.headers()["content-security-policy"], path).toBeUndefined();
  }
  expect((await page.request.get("/_.data")).headers()["cache-control"] ?? "").not.toContain("no-store");
});

test("every inline script carries this response's nonce, and each response has a new one", async ({
  page,
}) => {
  const first = await page.request.get("/");
  const second = await page.request.get("/");
  const nonce = nonceOf(first);
  expect(nonce.length).toBeGreaterThanOrEqual(16);
  expect(nonceOf(second)).not.toBe(nonce);

  const html = await first.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  const inline = scripts.filter((tag) => !/\bsrc=/.test(tag));
  // React Router's handoff context, its module script and its streamed data are inline scripts.
  expect(inline.length).toBeGreaterThanOrEqual(2);
  for (const tag of inline) expect(tag).toContain(`nonce="${nonce}"`);
  for (const tag of scripts.filter((tag) => /\bsrc=/.test(tag))) expect(tag).toMatch(/src="\/[^/]/);
});

test("signed in: /profile, its data, /search and / are never stored; the reset page sends no Referer", async ({
  page,
  login,
}) => {
  // A visitor's reset page: its address holds the token.
  const reset = await page.request.get("/reset-password?token=abc");
  expectBaseHeaders(reset, "no-referrer");
  expectDocumentPolicy(reset);
  expectNoStore(reset);
  expectBaseHeaders(await page.request.get("/reset-password.data?token=abc"), "no-referrer");

  await login({ plan: "pro" });
  const profile = await page.request.get("/profile");
  expect(profile.status()).toBe(200);
  expect(await profile.text()).toContain("Delete account");
  expectBaseHeaders(profile);
  expectDocumentPolicy(profile);
  expectNoStore(profile);

  const profileData = await page.request.get("/profile.data");
  expect(profileData.status()).toBe(200);
  expectBaseHeaders(profileData);
  expectNoStore(profileData);

  for (const path of ["/search", "/search.data", "/"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expectBaseHeaders(response);
    expectNoStore(response);
  }
  // Decision 019: better-auth's own session endpoint is closed from outside, for a signed-in user too.
  const session = await page.request.get("/api/auth/get-session");
  expect(session.status()).toBe(404);
  expectBaseHeaders(session);
  expectNoStore(session);
});

/** Collects CSP violations (the event and Chromium's console error) for the page's whole life. */
async function watchForViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

test("the pages hydrate and work under the policy, with no violation", async ({ page, login }) => {
  const violations = await watchForViolations(page);

  // Home: hydrated, the auth dialog opens, its request and toast work, the video player opens and plays.
  const home = await page.goto("/");
  expect(home?.headers()["content-security-policy"]).toContain("'nonce-");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("banner").getByRole("link", { name: "Log in" }).click();
  const dialog = page.getByRole("dialog", { name: "Welcome Back" });
  await dialog.getByLabel("Email").fill(uniqueEmail("csp"));
  await dialog.getByLabel("Password").fill("not-a-real-password");
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Sign in failed")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Play the demo video" }).click();
  const video = page.getByRole("dialog", { name: "Roundlist demo video" }).locator("video");
  await expect(video).toHaveAttribute("src", "/demo.webm");
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
    .toBeGreaterThan(0);
  await page.keyboard.press("Escape");

  // Search as a visitor (the sample dialog), then signed in: search and profile, with a client navigation.
  await gotoHydrated(page, "/search");
  await expect(page.getByRole("dialog", { name: /^Get a free sample/ })).toBeVisible();
  await login({ plan: "pro" });
  await gotoHydrated(page, "/search");
  await expect(page.locator("article").first()).toBeVisible();
  await gotoHydrated(page, "/profile");
  await expect(page.getByRole("heading", { name: "Delete account" })).toBeVisible();
  await page.getByRole("button", { name: "Delete account" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  // A client-side navigation (a .data request) from the signed-in page.
  await page.getByRole("banner").getByRole("link", { name: "Roundlist home" }).click();
  await expect(page).toHaveURL(/\/(search)?$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  expect(violations).toEqual([]);
});

test("no other site can frame the app (clickjacking of /profile's delete and cancel forms)", async ({
  page,
  login,
  baseURL,
}) => {
  const appUrl = baseURL ?? "";
  // Another origin (localhost, not 127.0.0.1) frames the app from a page without a policy of its own (a
  // JSON response): the browser refuses to render the framed page.
  const otherOrigin = appUrl.replace("127.0.0.1", "localhost");
  expect(otherOrigin).not.toBe(appUrl);
  await page.goto(`${otherOrigin}/healthz`);
  const framed = page.waitForResponse(`${appUrl}/`);
  await page.evaluate((src) => {
    const iframe = document.createElement("iframe");
    iframe.src = src;
    document.body.append(iframe);
  }, `${appUrl}/`);
  await framed;
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  if (!frame) throw new Error("the iframe has no frame");
  // Chromium shows its own error page in place of a page that refuses to be framed.
  await expect.poll(() => frame.url()).toMatch(/^chrome-error:/);
  await expect(frame.getByText("Find venture funded clients for your business")).toHaveCount(0);

  await login({ plan: "pro" });
  const profile = await page.request.get("/profile");
  expect(profile.headers()["x-frame-options"]).toBe("DENY");
  expect(directivesOf(profile).get("frame-ancestors")).toBe("'none'");
});
