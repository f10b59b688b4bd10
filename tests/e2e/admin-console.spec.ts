import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { ADMIN_SECTIONS } from "~/core/admin-sections";
import { crunchbaseRecord, toCrunchbaseCsv } from "~tests/fixtures/crunchbase-csv";
import { lpRecord, toLpCsv } from "~tests/fixtures/lp-csv";
import { gotoHydrated, PASSWORD } from "./accounts-helpers";
import { E2E_PORT } from "./e2e-config";
import { expect, logIn, test } from "./fixtures";
import { startPrivateServer } from "./private-server";

/**
 * docs/product.md#admin: the admin console answers admins only, on the server: every page and its data, every action.
 * Called directly (not only through the UI) as a visitor, a user, a subscriber and an admin.
 */
const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

async function signedIn(
  browser: Browser,
  options: Parameters<typeof logIn>[1],
): Promise<{ page: Page; email: string }> {
  const page = await (await browser.newContext()).newPage();
  const { email } = await logIn(page, options);
  return { page, email };
}

/** The id of the account with this email, found the way an admin finds it: through the users grid. */
async function userIdOf(admin: Page, email: string): Promise<string> {
  await gotoHydrated(admin, `/admin/users?q=${encodeURIComponent(email)}`);
  const link = admin.getByRole("link", { name: email, exact: true });
  await expect(link).toHaveCount(1);
  const href = (await link.getAttribute("href")) ?? "";
  return href.split("/").at(-1) ?? "";
}

function post(request: APIRequestContext, path: string, form: Record<string, string>, origin = ORIGIN) {
  return request.post(path, { form, headers: { origin }, maxRedirects: 0 });
}

test("every console page and its data answer admins only", async ({ browser, request }) => {
  test.setTimeout(60_000);
  const admin = await signedIn(browser, { admin: true });
  const user = await signedIn(browser, {});
  const subscriber = await signedIn(browser, { plan: "monthly" });
  // Another account, whose address the refused pages must never show.
  const other = await signedIn(browser, { plan: "lifetime" });
  const id = await userIdOf(admin.page, other.email);
  const paths = [...ADMIN_SECTIONS.map((section) => section.path), `/admin/users/${id}`];
  for (const path of paths) {
    // A visitor is sent to sign in and brought back.
    const visitor = await request.get(path, { maxRedirects: 0 });
    expect([path, visitor.status(), visitor.headers().location]).toEqual([
      path,
      302,
      `/signin?redirectTo=${encodeURIComponent(path)}`,
    ]);
    for (const who of [user, subscriber]) {
      const html = await who.page.request.get(path);
      expect([path, html.status()]).toEqual([path, 403]);
      expect(await html.text()).not.toContain(other.email);
      const dataPath = `${path}.data`;
      const data = await who.page.request.get(dataPath);
      expect([dataPath, data.status()]).toEqual([dataPath, 403]);
      expect(await data.text()).not.toContain(other.email);
    }
    const allowed = await admin.page.request.get(path);
    expect([path, allowed.status()]).toEqual([path, 200]);
  }
});

test("account actions refuse users and subscribers (403, nothing changed) and cross-site posts", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const admin = await signedIn(browser, { admin: true });
  const user = await signedIn(browser, {});
  const subscriber = await signedIn(browser, { plan: "monthly" });
  const target = await userIdOf(admin.page, user.email);
  const actions: Array<Record<string, string>> = [
    { intent: "grant-plan", planId: "lifetime" },
    { intent: "make-admin" },
    { intent: "ban", reason: "No reason" },
    { intent: "revoke-sessions" },
  ];
  for (const who of [user, subscriber]) {
    for (const form of actions) {
      const response = await post(who.page.request, `/admin/users/${target}`, form);
      expect([form.intent, response.status()]).toEqual([form.intent, 403]);
    }
  }
  // An admin's browser tricked into posting from another site: refused before any route runs.
  const forged = await post(
    admin.page.request,
    `/admin/users/${target}`,
    actions[0] ?? {},
    "https://evil.example",
  );
  expect(forged.status()).toBe(403);

  // Nothing changed: no plan, not admin, not banned, still signed in, and no audit entry.
  await gotoHydrated(admin.page, `/admin/users/${target}`);
  await expect(admin.page.getByRole("region", { name: "Subscriptions" })).toContainText("No plans yet.");
  await expect(admin.page.getByRole("button", { name: "Make admin" })).toBeVisible();
  await expect(admin.page.getByRole("button", { name: "Ban and sign out" })).toBeVisible();
  await expect(admin.page.getByRole("region", { name: "Changes by admins" })).toContainText(
    "No changes yet.",
  );
  expect((await user.page.request.get("/profile", { maxRedirects: 0 })).status()).toBe(200);
});

test("an admin grants lifetime to a user, who can then export; the audit log shows it", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const admin = await signedIn(browser, { admin: true });
  const user = await signedIn(browser, {});
  expect((await user.page.request.get("/api/export-csv")).status()).toBe(403);

  await gotoHydrated(admin.page, `/admin/users?q=${encodeURIComponent(user.email)}`);
  await admin.page.getByRole("link", { name: user.email, exact: true }).click();
  await expect(admin.page.getByRole("heading", { name: user.email })).toBeVisible();
  await admin.page.getByLabel("Grant a plan").selectOption("lifetime");
  await admin.page.getByRole("button", { name: "Grant", exact: true }).click();
  await expect(admin.page.getByText("Plan granted")).toBeVisible();
  const plans = admin.page.getByRole("region", { name: "Subscriptions" });
  await expect(plans.getByRole("row").filter({ hasText: "Lifetime" })).toContainText("active");
  await expect(plans.getByRole("button", { name: "Revoke Lifetime" })).toBeVisible();

  const exported = await user.page.request.get("/api/export-csv");
  expect(exported.status()).toBe(200);
  expect(exported.headers()["content-type"]).toContain("text/csv");

  await gotoHydrated(admin.page, "/admin/audit?action=plan.grant");
  const entry = admin.page.getByTestId("admin-audit-entry").filter({ hasText: user.email }).first();
  await expect(entry).toContainText("Granted a plan");
  await expect(entry).toContainText("lifetime: granted");
});

test("an admin bans a user: signed out at once, told why at sign-in, back after an unban", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const admin = await signedIn(browser, { admin: true });
  const user = await signedIn(browser, {});
  const id = await userIdOf(admin.page, user.email);
  await gotoHydrated(admin.page, `/admin/users/${id}`);
  // The reason is required: an empty one is a field error, and nothing happens.
  await admin.page.getByRole("button", { name: "Ban and sign out" }).click();
  await expect(admin.page.getByLabel(/^Reason/)).toBeFocused();
  await admin.page.getByLabel(/^Reason/).fill("Sharing one account across a team");
  await admin.page.getByRole("button", { name: "Ban and sign out" }).click();
  await expect(admin.page.getByText("Account banned and signed out everywhere")).toBeVisible();
  await expect(admin.page.getByText(/Banned .*: Sharing one account across a team\./)).toBeVisible();

  // The user's open session ended.
  const profile = await user.page.request.get("/profile", { maxRedirects: 0 });
  expect(profile.status()).toBe(302);
  // Signing in again is refused with the reason.
  await gotoHydrated(user.page, "/signin");
  await user.page.getByLabel("Email").fill(user.email);
  await user.page.getByLabel("Password").fill(PASSWORD);
  await user.page.getByRole("button", { name: "Sign In" }).click();
  await expect(user.page.getByRole("alert").filter({ hasText: "suspended" })).toContainText(
    "Sharing one account across a team",
  );

  await admin.page.getByRole("button", { name: "Unban" }).click();
  await expect(admin.page.getByText("Account unbanned")).toBeVisible();
  await user.page.getByRole("button", { name: "Sign In" }).click();
  await expect(user.page).not.toHaveURL(/\/signin/);
});

test("settings, inbox, do-not-sell and import routes refuse users and subscribers: 403, nothing changed", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const admin = await signedIn(browser, { admin: true });
  const user = await signedIn(browser, {});
  const subscriber = await signedIn(browser, { plan: "pro" });
  const attempts: Array<[string, Record<string, string>]> = [
    ["/admin/settings", { contactsExportedClaim: "9m+", businessesTrustedClaim: "9,000+" }],
    ["/admin/inbox", { intent: "handle", id: "1" }],
    ["/admin/do-not-sell", { email: "someone@e2e.example", confirm: "yes" }],
  ];
  for (const who of [user, subscriber]) {
    for (const [path, form] of attempts) {
      const response = await post(who.page.request, path, form);
      expect([path, response.status()]).toEqual([path, 403]);
    }
  }
  // The import's routes too: no upload stored, no run started, no run's status or rejected rows shown.
  for (const who of [user, subscriber]) {
    const upload = await who.page.request.post("/admin/imports/upload?name=x.csv", {
      data: "Organization Name\nAcme\n",
      headers: { origin: ORIGIN, "content-type": "text/csv" },
      maxRedirects: 0,
    });
    expect(["upload", upload.status()]).toEqual(["upload", 403]);
    const commit = await post(who.page.request, "/admin/imports", { intent: "commit", runId: "1" });
    expect(["commit", commit.status()]).toEqual(["commit", 403]);
    for (const path of ["/admin/imports/1/status", "/admin/imports/1/rejected.csv"]) {
      const response = await who.page.request.get(path, { maxRedirects: 0 });
      expect([path, response.status()]).toEqual([path, 403]);
    }
  }
  // The claims are unchanged on the home page, and no admin action was logged for these.
  const home = await (await admin.page.request.get("/")).text();
  expect(home).not.toContain("9m+");
  await gotoHydrated(admin.page, "/admin/audit?action=suppression.add");
  await expect(admin.page.getByTestId("admin-audit-entry")).toHaveCount(0);
});

test("an admin hides LP search: the header's LPs link goes at once, and comes back when shown again", async ({
  browser,
}) => {
  const admin = await signedIn(browser, { admin: true });
  const visitor = await (await browser.newContext()).newPage();
  // docs/product.md#lps: with the LP database built, LP search shows by default (migration 0021).
  await gotoHydrated(visitor, "/");
  const lpsLink = visitor.getByRole("banner").getByRole("link", { name: "LPs" });
  await expect(lpsLink).toBeVisible();
  const hide = admin.page.getByLabel(/^Hide LP search/);
  try {
    await gotoHydrated(admin.page, "/admin/settings");
    await expect(hide).not.toBeChecked();
    await hide.check();
    await admin.page.getByRole("button", { name: "Save settings" }).click();
    await expect(admin.page.getByText("Settings saved")).toBeVisible();
    await gotoHydrated(visitor, "/");
    await expect(lpsLink).toHaveCount(0);
    // Hidden, the page itself is not offered to those without LP access; the admin keeps it.
    expect((await visitor.request.get("/lps")).status()).toBe(404);
    expect((await admin.page.request.get("/lps")).status()).toBe(200);
  } finally {
    await gotoHydrated(admin.page, "/admin/settings");
    if (await hide.isChecked()) {
      await hide.uncheck();
      await admin.page.getByRole("button", { name: "Save settings" }).click();
      await expect(admin.page.getByText("Settings saved")).toBeVisible();
    }
  }
  await gotoHydrated(visitor, "/");
  await expect(lpsLink).toBeVisible();
  await gotoHydrated(admin.page, "/admin/audit?action=settings.update");
  await expect(admin.page.getByTestId("admin-audit-entry").first()).toContainText("hideLpSearch");
});

test("an admin imports a small CSV: the dry run reports a rejected row and writes nothing, then the import", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A server of its own: the import adds companies that the shared server's other specs count.
  const server = await startPrivateServer({ port: E2E_PORT + 6, seedCount: 50, name: "admin-import" });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await logIn(page, { admin: true });
    const tag = Date.now().toString(36);
    const csv = toCrunchbaseCsv([
      crunchbaseRecord(1, { "Organization Name": `Zephyrine ${tag} One` }),
      crunchbaseRecord(2, { "Organization Name": "", Email: "nobody" }),
      crunchbaseRecord(3, { "Organization Name": `Zephyrine ${tag} Three` }),
    ]);
    const findOne = () => page.request.get(`/search.data?q=${encodeURIComponent(`Zephyrine ${tag}`)}`);
    await gotoHydrated(page, "/admin/imports");
    await page
      .getByLabel("Crunchbase CSV export")
      .setInputFiles({ name: `small-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Upload and check" }).click();

    const report = page.getByTestId("import-report");
    await expect(report.getByRole("heading", { name: `Dry run of small-${tag}.csv` })).toBeVisible();
    await expect(report.getByText("Nothing was written.")).toBeVisible();
    await expect(report.getByTestId("import-count-rowsRead")).toHaveText("3");
    await expect(report.getByTestId("import-count-inserted")).toHaveText("2");
    await expect(report.getByTestId("import-count-rejected")).toHaveText("1");
    const rejected = report.getByRole("region", { name: "Rejected rows (1)" });
    await expect(rejected).toContainText("Row 3");
    // docs/product.md#imports: every problem of the row.
    await expect(rejected).toContainText(
      'Organization Name is empty; Email "nobody" is not an email address.',
    );
    // The dry run wrote nothing.
    expect(await (await findOne()).text()).not.toContain(`Zephyrine ${tag} One`);

    await report.getByRole("button", { name: "Import these rows" }).click();
    await expect(page.getByRole("heading", { name: `Import of small-${tag}.csv` })).toBeVisible();
    await expect(page.getByText("Imported. What each row did:")).toBeVisible();
    await expect(page.getByTestId("import-count-inserted")).toHaveText("2");
    await expect.poll(async () => await (await findOne()).text()).toContain(`Zephyrine ${tag} Three`);

    await gotoHydrated(page, "/admin/audit?action=import.commit");
    await expect(page.getByTestId("admin-audit-entry").first()).toContainText(`small-${tag}.csv`);

    // docs/product.md#lps: an LP file, said to hold LPs, goes through the LP importer with the same flow.
    const lpCsv = toLpCsv([
      lpRecord(1, { "LP Name": `Quillon ${tag} Partners`, Website: `quillon-${tag}.example` }),
      lpRecord(2, { "LP Type": "Pirate" }),
      lpRecord(1, {
        "LP Name": `Quillon ${tag} Partners`,
        Website: `quillon-${tag}.example`,
        "Contact First Name": "Bo",
        "Contact Email": `bo@quillon-${tag}.example`,
      }),
    ]);
    await gotoHydrated(page, "/admin/imports");
    await page.getByRole("radio", { name: /^LPs/ }).check();
    await page
      .getByLabel("LP CSV file")
      .setInputFiles({ name: `lps-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(lpCsv) });
    await page.getByRole("button", { name: "Upload and check" }).click();
    const lpReport = page.getByTestId("import-report");
    await expect(lpReport.getByRole("heading", { name: `Dry run of lps-${tag}.csv (LPs)` })).toBeVisible();
    await expect(lpReport.getByTestId("import-count-inserted")).toHaveText("1");
    await expect(lpReport.getByTestId("import-count-contactsWritten")).toHaveText("2");
    await expect(lpReport.getByRole("region", { name: "Rejected rows (1)" })).toContainText("Row 3");
    await lpReport.getByRole("button", { name: "Import these rows" }).click();
    await expect(page.getByRole("heading", { name: `Import of lps-${tag}.csv (LPs)` })).toBeVisible();
    await expect(page.getByTestId("import-count-contactsWritten")).toHaveText("2");
    await expect(page.getByTestId("import-run").first()).toContainText("LPs");
    await context.close();
  } finally {
    await server.remove();
  }
});
