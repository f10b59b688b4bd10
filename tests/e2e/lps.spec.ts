import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { LP_CSV_COLUMNS } from "~/core/lp-csv-columns";
import { EXPORT_DENIED, LP_EXPORT_DENIED } from "~/core/messages";
import { gotoHydrated } from "./accounts-helpers";
import { expect, FOUNDER_EMAIL, type LoginOptions, logIn, test } from "./fixtures";

/**
 * docs/product.md#lps: the LP database. Who sees full contact emails and who may export is decided on the server:
 * checked here by calling it directly as a visitor, a user without a plan, a `pro` subscriber (no LP access),
 * an `lps` subscriber and an admin. Then the whole path in a browser: an admin grants `lps`, the user
 * searches, filters and exports.
 */

type Role = "visitor" | "user" | "pro" | "lps" | "admin";

const ROLES: Record<Exclude<Role, "visitor">, LoginOptions> = {
  user: {},
  pro: { plan: "pro" },
  lps: { plan: "lps" },
  admin: { admin: true },
};

async function pageAs(browser: Browser, role: Role): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (role !== "visitor") await logIn(page, ROLES[role]);
  return page;
}

/**
 * Every LP contact address in a text, masked ones included (their local part holds stars). The demo LPs'
 * domains end in ".example"; the signed-in person's own address (@e2e.example) is not one of them.
 */
function addressesIn(text: string): string[] {
  return (text.match(/[A-Za-z0-9.*_+-]+@[a-z0-9.-]+\.example/g) ?? []).filter(
    (address) => !address.endsWith("@e2e.example"),
  );
}

/** The text of a page's HTML with its tags taken out, so an address split by markup reads whole. */
function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, "");
}

test("the server shows full LP contact emails and the export only to LP access", async ({ browser }) => {
  test.setTimeout(90_000);
  // What the LP subscriber sees first: the full addresses a leak would show.
  const subscriber = await pageAs(browser, "lps");
  const fullData = await (await subscriber.request.get("/lps.data")).text();
  const fullAddresses = addressesIn(fullData).filter((address) => !address.includes("*"));
  expect(fullAddresses.length).toBeGreaterThan(20);

  for (const role of ["visitor", "user", "pro"] as const) {
    const page = await pageAs(browser, role);
    // The sample, whatever the URL asks: a search, a filter and a deep page are not answered.
    for (const url of ["/lps", "/lps?q=family&type=endowment&page=3&size=100"]) {
      const html = await page.request.get(url);
      expect(html.status()).toBe(200);
      const text = textOf(await html.text());
      const data = await (await page.request.get(url.replace("/lps", "/lps.data"))).text();
      for (const address of fullAddresses.slice(0, 30)) {
        expect(text, `${role} ${url}`).not.toContain(address);
        expect(data, `${role} ${url}`).not.toContain(address);
      }
      const masked = addressesIn(data);
      expect(masked.length).toBeGreaterThan(0);
      expect(masked.every((address) => address.split("@")[0]?.includes("*"))).toBe(true);
      expect(text).toMatch(/A sample of 25 of [\d,]+ LPs/);
    }
    const exported = await page.request.get("/api/export-lps");
    expect(exported.status(), role).toBe(403);
    expect((await exported.json()).error).toBe(
      role === "visitor" ? EXPORT_DENIED.signedOut : LP_EXPORT_DENIED,
    );
  }

  for (const role of ["lps", "admin"] as const) {
    const page = role === "lps" ? subscriber : await pageAs(browser, role);
    const text = textOf(await (await page.request.get("/lps?type=endowment")).text());
    expect(text).not.toContain("A sample of");
    expect(text).toMatch(/Showing 1-50 of [\d,]+/);
    const data = await (await page.request.get("/lps.data?type=endowment")).text();
    const addresses = addressesIn(data);
    expect(addresses.length).toBeGreaterThan(50);
    expect(addresses.every((address) => !address.includes("*"))).toBe(true);
    const exported = await page.request.get("/api/export-lps?type=endowment");
    expect(exported.status(), role).toBe(200);
    expect(exported.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const [header, ...rows] = parse(await exported.text(), { bom: true }) as string[][];
    expect(header).toEqual([...LP_CSV_COLUMNS]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row[1] === "Endowment")).toBe(true);
  }
});

test("an admin grants lps; the user searches LPs, filters them and exports them", async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await pageAs(browser, "admin");
  const userPage = await (await browser.newContext()).newPage();
  const { email } = await logIn(userPage, {});

  // Without LP access: the offer and a masked sample; filtering opens the offer instead.
  await gotoHydrated(userPage, "/lps");
  await expect(userPage.getByTestId("lp-plan-offer")).toBeVisible();
  await expect(userPage.getByTestId("results-total")).toContainText("A sample of 25 of");
  await userPage.getByRole("button", { name: "Filters" }).click();
  await expect(userPage.getByRole("dialog", { name: "The LP Database plan" })).toBeVisible();
  await userPage.keyboard.press("Escape");

  await gotoHydrated(admin, `/admin/users?q=${encodeURIComponent(email)}`);
  await admin.getByRole("link", { name: email, exact: true }).click();
  await admin.getByLabel("Grant a plan").selectOption("lps");
  await admin.getByRole("button", { name: "Grant", exact: true }).click();
  await expect(admin.getByText("Plan granted")).toBeVisible();

  // The account page shows the LP plan beside (here: without) a startup plan.
  await gotoHydrated(userPage, "/profile");
  await expect(userPage.getByRole("heading", { name: "LP Database" })).toBeVisible();
  await expect(userPage.getByTestId("lp-plan-status")).toHaveText("active");

  await gotoHydrated(userPage, "/lps");
  await expect(userPage.getByTestId("lp-plan-offer")).toHaveCount(0);
  const total = userPage.getByTestId("results-total");
  await expect(total).toHaveText(/^[\d,]+ LPs$/);
  const everyone = Number((await total.textContent())?.replace(/\D/g, ""));

  // Filter by type in the panel: one chip, fewer LPs, each of that type.
  await userPage.getByRole("button", { name: "Filters" }).click();
  const typeGroup = userPage.getByRole("group", { name: "LP type" });
  await expect(typeGroup.getByTestId("option-count").first()).toBeVisible();
  const endowment = typeGroup.getByRole("checkbox", { name: /Endowment/ });
  await endowment.click();
  await expect(endowment).toBeChecked();
  await expect(userPage).toHaveURL(/type=endowment/);
  await expect(userPage.getByTestId("filter-chip")).toHaveText(["LP type: Endowment"]);
  await expect(total).not.toHaveText("Searching…");
  const endowments = Number((await total.textContent())?.replace(/\D/g, ""));
  expect(endowments).toBeGreaterThan(0);
  expect(endowments).toBeLessThan(everyone);
  await expect(userPage.locator("article").first()).toContainText("Endowment");
  // Full addresses now: mailto links, no masked ones.
  await expect(userPage.locator(".rl-mail").first()).toBeVisible();
  await expect(userPage.locator(".rl-masked")).toHaveCount(0);

  // Then a text search within the filter: the chip stays.
  await userPage.getByRole("searchbox", { name: "Search limited partners" }).fill("university");
  await userPage.getByRole("button", { name: "Search", exact: true }).click();
  await expect(userPage).toHaveURL(/q=university/);
  await expect(userPage.getByTestId("filter-chip")).toHaveText(["LP type: Endowment"]);
  await expect(total).toHaveText(/^[\d,]+ LPs?$/);
  const matched = Number((await total.textContent())?.replace(/\D/g, ""));
  expect(matched).toBeGreaterThan(0);

  // The export holds exactly those LPs, one row per contact.
  const downloading = userPage.waitForEvent("download");
  await userPage.getByTestId("export-lps").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^roundlist-lps-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = parse(await readFile(await download.path()), { bom: true }) as string[][];
  expect(header).toEqual([...LP_CSV_COLUMNS]);
  expect(new Set(rows.map((row) => row[0])).size).toBe(matched);
  expect(rows.every((row) => row[1] === "Endowment")).toBe(true);
  expect(rows.some((row) => /^[^*]+@/.test(row[21] ?? ""))).toBe(true);
  await expect(userPage.locator(FOUNDER_EMAIL).first()).toBeVisible();
});
