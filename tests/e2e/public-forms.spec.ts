import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { gotoHydrated } from "./accounts-helpers";
import { E2E_ADMIN_EMAIL, E2E_PORT } from "./e2e-config";
import { expect, FOUNDER_EMAIL, logIn, test } from "./fixtures";
import { startPrivateServer } from "./private-server";

let counter = 0;
function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${counter}`;
}

/** Opens the newest mail with this subject in the dev mailbox and returns its text body. */
async function openMail(page: Page, subject: string, to: string): Promise<string> {
  await page.goto("/dev/mailbox");
  const row = page.getByRole("row").filter({ hasText: subject }).filter({ hasText: to }).first();
  await expect(row).toBeVisible();
  await row.getByRole("link").click();
  return (await page.getByTestId("mail-text-body").textContent()) ?? "";
}

test("a contact message is confirmed and arrives in the admins' mailbox", async ({ page }) => {
  const name = uniqueName("Grace");
  const message =
    "We sell cloud tooling to seed-stage startups. Can we talk about volume pricing for a team?";
  await gotoHydrated(page, "/contact");
  await expect(page).toHaveTitle("Contact us | Roundlist");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill("grace@navy.example");
  await page.getByLabel("Company (optional)").fill("Navy Labs");
  await page.getByLabel("Message").fill(message);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/contact\?sent=1$/);
  await expect(page.getByRole("status")).toContainText("Thanks, your message was sent");

  const body = await openMail(page, `Contact message from ${name}`, E2E_ADMIN_EMAIL);
  expect(body).toContain(`From: ${name} <grace@navy.example>`);
  expect(body).toContain("Company: Navy Labs");
  expect(body).toContain(message);
});

test("the contact form is checked on the server, field by field", async ({ request }) => {
  const response = await request.post("/contact", {
    form: { name: "", email: "not-an-email", message: "short" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  const html = await response.text();
  expect(html).toContain("Name is required");
  expect(html).toContain("Enter a valid email address");
  expect(html).toContain("Message needs at least 10 characters");
  // What was typed comes back, so nothing is lost.
  expect(html).toContain('value="not-an-email"');
});

test("a bot that fills the honeypot is told 'sent', and nothing is mailed", async ({ request, page }) => {
  const name = uniqueName("Spam Bot");
  const response = await request.post("/contact", {
    form: {
      name,
      email: "bot@spam.example",
      message: "Buy followers now, cheap and fast!",
      website: "https://spam.example",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/contact?sent=1");
  await page.goto("/dev/mailbox");
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});

test("a trial request is confirmed, mailed to the admins, and limited to 5 an hour", async ({
  page,
  request,
}) => {
  const name = uniqueName("Ada");
  await gotoHydrated(page, "/request-trial");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Work email").fill("ada@engines.example");
  await page.getByLabel("Company").fill("Analytical Engines");
  await page.getByLabel("Team size").selectOption("11-50");
  await page.getByLabel("What will you use the data for?").fill("Outbound to Series A fintechs in Europe.");
  await page.getByRole("button", { name: "Request a trial" }).click();
  await expect(page.getByRole("status")).toContainText("Thanks, we have your trial request");
  const body = await openMail(page, `Trial request from ${name} (Analytical Engines)`, E2E_ADMIN_EMAIL);
  expect(body).toContain("Team size: 11-50");

  // Every request of this run comes from 127.0.0.1: four more fill the hour's allowance, the next is refused.
  const form = {
    name: "Ada",
    email: "ada@engines.example",
    company: "Analytical Engines",
    teamSize: "2-10",
    message: "Outbound to Series A fintechs in Europe.",
  };
  for (let i = 0; i < 4; i++) {
    expect((await request.post("/request-trial", { form, maxRedirects: 0 })).status()).toBe(302);
  }
  const refused = await request.post("/request-trial", { form, maxRedirects: 0 });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  // React separates adjacent text nodes with empty comments in server HTML.
  expect((await refused.text()).replaceAll("<!-- -->", "")).toMatch(/Please try again in \d+ minutes/);
});

test("the terms and privacy pages are real documents with the product name and a contact address", async ({
  page,
}) => {
  await page.goto("/terms");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await expect(page).toHaveTitle("Terms of Service | Roundlist");
  for (const section of ["Plans, trials and payment", "What you may do with the data", "Lawful outreach"]) {
    await expect(page.getByRole("heading", { name: new RegExp(section) })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "hello@roundlist.example" }).first()).toHaveAttribute(
    "href",
    "mailto:hello@roundlist.example",
  );

  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  for (const section of [
    "Data about listed people",
    "Where the data comes from",
    "Why we use it",
    "Your rights and how to use them",
    "How long we keep it",
  ]) {
    await expect(page.getByRole("heading", { name: new RegExp(section) })).toBeVisible();
  }
  await expect(page.getByText(/Roundlist \("we", "us"\)/)).toBeVisible();
  expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe(
    "Privacy Policy | Roundlist",
  );
  // Absolute on every page, not only on home (link previews need the full URL).
  expect(await page.locator('meta[property="og:url"]').getAttribute("content")).toMatch(
    /^http:\/\/127\.0\.0\.1:\d+\/privacy$/,
  );
  expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/^http:.*\/privacy$/);
});

test("the do-not-sell form needs the confirmation box", async ({ request }) => {
  const response = await request.post("/do-not-sell", {
    form: { email: "someone@x.example" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("Tick the box to confirm the request");
});

// ------------------------------------------------------------------------------------------------
// The do-not-sell run changes the data (one founder fewer), which other specs count on: it gets its own
// server and database, so the shared server keeps its E2E_SEED_COUNT companies.

const PRIVATE_PORT = E2E_PORT + 1;
const PRIVATE_SEED = 300;

function totalOf(text: string | null): number {
  return Number((text ?? "").replace(/[^\d]/g, ""));
}

test("a do-not-sell request removes the founder from search, counts and export; a re-import is reported as suppressed", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const server = await startPrivateServer({ port: PRIVATE_PORT, seedCount: PRIVATE_SEED, name: "dns" });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    // The admin sees full founder emails and may export.
    await logIn(page, { admin: true });
    await gotoHydrated(page, "/search");
    const totalBefore = totalOf(await page.getByTestId("results-total").textContent());
    expect(totalBefore).toBe(PRIVATE_SEED);
    const card = page.locator("article").first();
    const company = ((await card.getByRole("heading", { level: 3 }).textContent()) ?? "").trim();
    const email = ((await card.locator(FOUNDER_EMAIL).first().textContent()) ?? "").trim();
    expect(email).toMatch(/^[^*\s]+@[^\s]+$/);

    const exportUrl = `/api/export-csv?q=${encodeURIComponent(company)}`;
    const before = await page.request.get(exportUrl);
    expect(before.status()).toBe(200);
    const csvBefore = await before.text();
    expect(csvBefore).toContain(email);
    const csvFile = path.join(server.dataDir, "reimport.csv");
    writeFileSync(csvFile, csvBefore);

    // The request, as the founder makes it (no account needed).
    const founder = await browser.newContext({ baseURL: server.url });
    const form = await founder.newPage();
    await gotoHydrated(form, "/do-not-sell");
    await form.getByLabel("Your email address").fill(email.toUpperCase());
    await form.getByLabel(/I confirm this is my email address/).check();
    await form.getByRole("button", { name: "Submit request" }).click();
    await expect(form.getByRole("status")).toContainText("Your request is recorded");

    // Search: not found by name or email, and the total is one smaller.
    await gotoHydrated(page, `/search?q=${encodeURIComponent(company)}`);
    await expect(page.getByTestId("results-total")).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: company, exact: true })).toHaveCount(0);
    await expect(page.getByText(email)).toHaveCount(0);
    await gotoHydrated(page, "/search");
    expect(totalOf(await page.getByTestId("results-total").textContent())).toBe(PRIVATE_SEED - 1);

    // Export: gone from the CSV.
    const after = await page.request.get(exportUrl);
    expect(after.status()).toBe(200);
    expect(await after.text()).not.toContain(email);

    // Counts on the home page (a visitor's view).
    await form.goto("/");
    await expect(form.getByTestId("total-companies")).toHaveText((PRIVATE_SEED - 1).toLocaleString("en-US"));
    await founder.close();
    await context.close();

    // A later import of the same row (the export taken before the request) skips it and says why.
    await server.stop();
    const imported = spawnSync(process.execPath, ["--import", "tsx", "scripts/import.ts", csvFile], {
      env: server.env,
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/Rejected:\s+1\b/);
    expect(imported.stdout).toMatch(/row \d+: suppressed \(do-not-sell request\)/);
    expect(imported.stdout).toMatch(/Inserted:\s+0\b/);
  } finally {
    await server.remove();
  }
});
