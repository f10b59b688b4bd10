import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { gotoHydrated } from "./accounts-helpers";
import { seriousFindings } from "./axe";
import { E2E_SEED_COUNT } from "./e2e-config";
import { expect, logIn, test } from "./fixtures";

const FILE_NAME = /^roundlist-companies-\d{4}-\d{2}-\d{2}\.csv$/;
const TRIAL_DIALOG = "Export is disabled during your trial";

/** On the annual plan's trial (bought on the demo provider): trialing, so no export yet (docs/product.md#access). */
async function becomeTrialingSubscriber(page: Page): Promise<void> {
  await logIn(page, { plan: "pro", status: "trialing" });
}

/** The number the page shows as the search's total ("1,234 companies"). */
async function shownTotal(page: Page): Promise<number> {
  const total = page.getByTestId("results-total");
  await expect(total).toHaveText(/^[\d,]+ compan(y|ies)$/);
  return Number(((await total.textContent()) ?? "").replace(/\D/g, ""));
}

/** Clicks Export CSV and returns the downloaded file's name, header and data rows (header row checked). */
async function exportFromPage(page: Page): Promise<{ name: string; header: string[]; rows: string[][] }> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  await expect(page.getByText("Export successful!")).toBeVisible();
  await expect(page.getByText("Your CSV file has been downloaded.")).toBeVisible();
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parse(bytes, { bom: true }) as string[][];
  expect(header?.[0]).toBe("Organization Name");
  // The spec's columns first and unchanged, then the investor columns (decision 030), the source (031) and
  // the email's status (032).
  expect(header?.slice(-8)).toEqual([
    "Total Funding Amount (in USD)",
    "Lead Investors",
    "Investors",
    "Number of Funding Rounds",
    "Source",
    "Email Status",
    "Email Verified At",
    "Email Source",
  ]);
  return { name: download.suggestedFilename(), header: header ?? [], rows };
}

test("a subscriber exports the search's companies as a named CSV", async ({ page }) => {
  test.setTimeout(60_000);
  await becomeTrialingSubscriber(page);
  await gotoHydrated(page, "/profile");
  await page.getByRole("button", { name: "Upgrade now" }).click();
  await expect(page.getByText("Trial Upgraded Successfully!")).toBeVisible();
  await expect(page.getByTestId("subscription-status")).toHaveText("active");

  // A filtered search: the file holds exactly the rows the page counts.
  await gotoHydrated(page, "/search?stage=Seed&date=1y");
  const total = await shownTotal(page);
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThan(E2E_SEED_COUNT);
  const filtered = await exportFromPage(page);
  expect(filtered.name).toMatch(FILE_NAME);
  expect(filtered.rows).toHaveLength(total);
  const type = filtered.header.indexOf("Last Funding Type");
  expect(new Set(filtered.rows.map((row) => row[type]))).toEqual(new Set(["Seed"]));
  // Export gives full founder emails (only export access gets here).
  expect(filtered.rows.some((row) => /^[^*]+@/.test(row[11] ?? ""))).toBe(true);

  // Everything.
  await gotoHydrated(page, "/search");
  const all = await exportFromPage(page);
  expect(all.rows).toHaveLength(await shownTotal(page));
  expect(all.rows).toHaveLength(E2E_SEED_COUNT);
});

test("a trialing user gets the trial dialog, upgrades from it, then exports", async ({ page }) => {
  test.setTimeout(60_000);
  await becomeTrialingSubscriber(page);

  // The server refuses too, whatever the page does.
  const refused = await page.request.get("/api/export-csv");
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: "Exports unlock when your trial is upgraded." });

  await gotoHydrated(page, "/search?industry=SaaS");
  // docs/product.md#free-sample, docs/product.md#capabilities: the trial is named on the page, with its end, what it
  // includes, the export rule and what Upgrade Now charges.
  await expect(page.getByTestId("trial-banner")).toHaveText(
    /^Your free trial of the Annual plan ends in 7 days \([A-Z][a-z]{2} \d{1,2}, \d{4}\)\. It includes search and filters, founder emails to see and copy, saved searches, daily or weekly email alerts and the REST API; CSV export opens once you pay\. Upgrade Now charges \$299 today for the Annual plan\.$/,
  );
  const total = await shownTotal(page);
  await page.getByRole("button", { name: "Export CSV" }).click();
  const dialog = page.getByRole("dialog", { name: TRIAL_DIALOG });
  await expect(dialog).toBeVisible();
  // ...and before 'Upgrade Now', what it will charge, and when the first charge comes without it.
  await expect(dialog.getByTestId("upgrade-charge")).toContainText(
    "Upgrade Now ends your trial and charges $299 today for the Annual plan, then every year until you cancel.",
  );
  // Close leaves things as they were.
  await dialog.getByRole("button", { name: "Close", exact: true }).first().click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Export CSV" }).click();
  await dialog.getByRole("button", { name: "Upgrade Now" }).click();
  await expect(page.getByText("Trial Upgraded Successfully!")).toBeVisible();
  await expect(dialog).toBeHidden();
  // Paid now: no trial banner.
  await expect(page.getByTestId("trial-banner")).toHaveCount(0);

  const exported = await exportFromPage(page);
  expect(exported.name).toMatch(FILE_NAME);
  expect(exported.rows).toHaveLength(total);
});

test("the export endpoint refuses a visitor with 403 and no data", async ({ request }) => {
  const response = await request.post("/api/export-csv", { data: { searchQuery: "", filters: {} } });
  expect(response.status()).toBe(403);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(await response.json()).toEqual({ error: "Sign in with a paid plan to export." });
});

test("docs/product.md#converter: a subscriber exports a filtered search for Instantly; a trial user gets the trial dialog", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await logIn(page, { plan: "pro", status: "active" });
  await gotoHydrated(page, "/search?stage=Seed");
  const total = await shownTotal(page);
  expect(total).toBeGreaterThan(0);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export for a CRM or an outreach tool" }).click();
  await page.getByRole("menuitem", { name: "Export for Instantly" }).click();
  const download = await downloading;
  await expect(page.getByText("Export successful!")).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/^roundlist-companies-\d{4}-\d{2}-\d{2}-instantly\.csv$/);
  const [header, ...rows] = parse(await readFile(await download.path())) as string[][];
  expect(header?.slice(0, 2)).toEqual(["email", "first_name"]);
  // Instantly needs an address: the companies of the search with one, each address once (the demo data
  // leaves some people and companies without one, decision 028). The same search's plain CSV says which.
  // Instantly takes one contact per row: the file is one row per person (docs/product.md#export).
  const plain = await page.request.get("/api/export-csv?stage=Seed&rows=people");
  expect(plain.ok()).toBe(true);
  const [plainHeader, ...plainRows] = parse(await plain.body(), { bom: true }) as string[][];
  expect(plainRows.length).toBeGreaterThan(total);
  // The person's address, else the company's contact address (the target's rule for its email column).
  const emailColumn = (plainHeader ?? []).indexOf("Email");
  const contactColumn = (plainHeader ?? []).indexOf("Contact Email");
  const addresses = new Set(
    plainRows.map((row) => row[emailColumn] || row[contactColumn] || "").filter((email) => email !== ""),
  );
  expect(addresses.size).toBeGreaterThan(0);
  expect(rows).toHaveLength(addresses.size);
  expect(rows.every((row) => /^[^@\s*]+@[^@\s]+$/.test(row[0] ?? ""))).toBe(true);

  const trial = await (await page.context().browser()?.newContext())?.newPage();
  if (!trial) throw new Error("no second page");
  await becomeTrialingSubscriber(trial);
  await gotoHydrated(trial, "/search");
  await trial.getByRole("button", { name: "Export for a CRM or an outreach tool" }).click();
  await trial.getByRole("menuitem", { name: "Export for HubSpot" }).click();
  await expect(trial.getByRole("dialog", { name: TRIAL_DIALOG })).toBeVisible();
});

test("docs/product.md#export: export one row per person", async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, { plan: "pro", status: "active" });
  await gotoHydrated(page, "/search?stage=Seed");
  const total = await shownTotal(page);
  expect(total).toBeGreaterThan(0);

  // The choice sits in the export menu, labelled, per company by default; chosen from the keyboard.
  await page.getByRole("button", { name: "Export for a CRM or an outreach tool" }).click();
  const rows = page.getByRole("group", { name: "Rows" });
  const perCompany = rows.getByRole("menuitemradio", { name: "One row per company" });
  const perPerson = rows.getByRole("menuitemradio", { name: "One row per person" });
  await expect(perCompany).toHaveAttribute("aria-checked", "true");
  await expect(perPerson).toHaveAttribute("aria-checked", "false");
  await perCompany.focus();
  await page.keyboard.press("ArrowDown");
  await expect(perPerson).toBeFocused();
  await page.keyboard.press("Space");
  // Choosing keeps the menu open, the choice made.
  await expect(perPerson).toHaveAttribute("aria-checked", "true");
  await expect(perCompany).toHaveAttribute("aria-checked", "false");
  expect(await seriousFindings(page, ['[role="menu"]']), "the export menu with its rows choice").toEqual([]);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();

  const asked = page.waitForRequest((request) => request.url().endsWith("/api/export-csv?rows=people"));
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  await asked;
  const download = await downloading;
  await expect(page.getByText("Export successful!")).toBeVisible();
  expect(download.suggestedFilename()).toMatch(FILE_NAME);
  const [header, ...data] = parse(await readFile(await download.path()), { bom: true }) as string[][];
  // The spec's columns first and unchanged, then the investor columns, then the person's LinkedIn.
  expect(header?.slice(0, 2)).toEqual(["Organization Name", "Description"]);
  expect(header?.slice(-6)).toEqual([
    "Number of Funding Rounds",
    "Source",
    "Email Status",
    "Email Verified At",
    "Email Source",
    "Person LinkedIn",
  ]);
  expect(data.length).toBeGreaterThan(total);
  // One company's rows are adjacent, one per person, each with the person's own address: never the company's
  // primary contact's address repeated on its other people's rows.
  const name = header?.indexOf("Organization Name") ?? -1;
  const website = header?.indexOf("Website") ?? -1;
  const email = header?.indexOf("Email") ?? -1;
  const groups: string[][][] = [];
  for (const row of data) {
    const last = groups.at(-1)?.[0];
    if (last && last[name] === row[name] && last[website] === row[website]) groups.at(-1)?.push(row);
    else groups.push([row]);
  }
  expect(groups).toHaveLength(total);
  const withSeveral = groups.filter((group) => group.filter((row) => row[email]).length > 1);
  expect(withSeveral.length).toBeGreaterThan(0);
  for (const group of withSeveral) {
    const addresses = group.map((row) => row[email]).filter((address) => address);
    expect(new Set(addresses).size).toBe(addresses.length);
  }
});

test("docs/product.md#export: with new leads only and none left, the export is disabled with the reason beside it", async ({
  page,
}) => {
  await logIn(page, { plan: "pro", status: "active" });
  // Every Seed company exported once (a POST of the search page's shape records them).
  const first = await page.request.post("/api/export-csv", {
    data: { searchQuery: "", filters: { fundingStage: ["Seed"] } },
  });
  expect(first.status()).toBe(200);
  await first.body();

  await gotoHydrated(page, "/search?stage=Seed");
  const exportButton = page.getByRole("button", { name: "Export CSV" });
  await expect(exportButton).toBeEnabled();
  await page.getByRole("button", { name: "Export for a CRM or an outreach tool" }).click();
  await page.getByTestId("export-new-only").click();
  await expect(page.getByTestId("export-new-leads-count")).toContainText("No new leads");
  await expect(page.getByRole("menuitem", { name: "Export for HubSpot" })).toBeDisabled();
  // One axe run, on the export control and its menu (the whole page is the accessibility spec's), while both
  // show: the formats disabled, and beside the disabled button its reason.
  await expect(page.getByTestId("export-new-only-note")).toContainText("Untick");
  expect(
    await seriousFindings(page, ['[data-testid="export-control"]', '[role="menu"]']),
    "the disabled export, its menu and its reason",
  ).toEqual([]);
  await page.keyboard.press("Escape");

  const reason =
    /^No new leads: you have exported all [\d,]+ companies before\. Untick “Leave out companies I have exported before” to export them again\.$/;
  await expect(exportButton).toBeDisabled();
  await expect(page.getByTestId("export-new-only-note")).toHaveText(reason);
  await expect(exportButton).toHaveAccessibleDescription(reason);

  // The server, asked directly, answers the same search with the header row alone.
  const again = await page.request.post("/api/export-csv", {
    data: { searchQuery: "", filters: { fundingStage: ["Seed"] }, newOnly: true },
  });
  expect(again.status()).toBe(200);
  const rows = parse(await again.body(), { bom: true }) as string[][];
  expect(rows).toHaveLength(1);
  expect(rows[0]?.[0]).toBe("Organization Name");

  // Unticked, the export is back.
  await page.getByRole("button", { name: "Export for a CRM or an outreach tool" }).click();
  await page.getByTestId("export-new-only").click();
  await page.keyboard.press("Escape");
  await expect(exportButton).toBeEnabled();
});
