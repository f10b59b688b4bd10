/**
 * docs/product.md#investors and docs/product.md#company-pages: the investor pages, and the company page's
 * rounds, people and 'backed by', over HTTP as a visitor, a user without access and a subscriber (the
 * server decides what each sees), and in the browser from a company's timeline to an investor.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { gotoHydrated } from "./accounts-helpers";
import { E2E_PORT } from "./e2e-config";
import { expect, logIn, test } from "./fixtures";
import { WHOLE_ADDRESS as FULL_EMAIL, readable } from "./page-text";

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
/** Any address, masked or not: investor pages show none. */
const ANY_ADDRESS = /@[a-z0-9-]+\.example/;

async function html(request: APIRequestContext, url: string): Promise<string> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return response.text();
}

/** The text of a company page's people section (the signed-in header shows the user's own address). */
function peopleSection(markup: string): string {
  const text = readable(markup);
  const start = text.indexOf("Founders and team");
  expect(start, "the people section").toBeGreaterThan(-1);
  const end = text.indexOf("Similar companies", start);
  return text.slice(start, end === -1 ? undefined : end);
}

/** A signed-in page's text without the user's own address (the header shows it). */
function withoutOwn(markup: string, own: string): string {
  return readable(markup).replaceAll(own, "");
}

function canonicalOf(markup: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)"/.exec(markup)?.[1];
}

/** The investor pages a page links to (not the A-Z pages). */
function investorLinks(markup: string): string[] {
  return [...markup.matchAll(/href="(\/investors\/(?!letters\/)[a-z0-9-]+)"/g)].map(
    (match) => match[1] ?? "",
  );
}

/** A company whose page names at least one investor, and that investor's page. */
async function companyWithInvestor(
  request: APIRequestContext,
): Promise<{ company: string; investor: string }> {
  const letter = await html(request, "/directory/companies/s");
  for (const [, company = ""] of letter.matchAll(/href="(\/company\/[^"]+)"/g)) {
    const investor = investorLinks(await html(request, company))[0];
    if (investor) return { company, investor };
  }
  throw new Error("no company on /directory/companies/s names an investor");
}

test.describe("as a visitor, over HTTP", () => {
  test("the hub, an A-Z page and an investor page answer with titles, canonicals and JSON-LD; unknown is 404", async ({
    request,
  }) => {
    const hub = await html(request, "/investors");
    expect(canonicalOf(hub)).toBe(`${ORIGIN}/investors`);
    expect(readable(hub)).toContain("Most active in the last 12 months");
    expect(hub).toContain('href="/investors/letters/a"');
    const investor = investorLinks(hub)[0] ?? "";
    expect(investor).not.toBe("");
    const page = await html(request, investor);
    expect(canonicalOf(page)).toBe(`${ORIGIN}${investor}`);
    expect(page).toMatch(/<title>[^<]+: portfolio, rounds and co-investors \| Roundlist<\/title>/);
    expect(page).toContain('"@type":"Organization"');
    expect(page).toContain('"@type":"BreadcrumbList"');
    expect(readable(page)).toContain("Co-investors");
    // The hub's most active investor fills more than a page: page 2 is its own canonical page.
    expect(canonicalOf(await html(request, `${investor}?page=2`))).toBe(`${ORIGIN}${investor}?page=2`);
    const moved = await request.get(`${investor}?page=1`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    for (const url of [
      "/investors/no-such-investor",
      `${investor}?page=9999`,
      "/investors/letters/zz",
      "/investors/Bad_Slug",
    ]) {
      expect((await request.get(url)).status(), url).toBe(404);
    }
  });

  test("a thin investor page (fewer than 5 companies) is noindex and in no sitemap; others are listed", async ({
    request,
  }) => {
    const index = await html(request, "/sitemap.xml");
    const sitemap = /<loc>[^<]+(\/sitemaps\/investors-1\.xml)<\/loc>/.exec(index)?.[1];
    expect(sitemap).toBeTruthy();
    const listed = await html(request, sitemap as string);
    let thin = "";
    for (const letter of ["x", "q", "z", "y", "u", "i", "o"]) {
      const text = readable(await html(request, `/investors/letters/${letter}`));
      const markup = await html(request, `/investors/letters/${letter}`);
      const items = [...markup.matchAll(/href="(\/investors\/(?!letters\/)[a-z0-9-]+)"/g)].map(
        (m) => m[1] ?? "",
      );
      const counts = [...text.matchAll(/([\d,]+) compan(?:y|ies) ·/g)].map((m) =>
        Number((m[1] ?? "").replace(",", "")),
      );
      const at = counts.findIndex((count) => count < 5);
      if (at >= 0) {
        thin = items[at] ?? "";
        break;
      }
    }
    expect(thin, "a thin investor on the A-Z pages").not.toBe("");
    expect(await html(request, thin)).toContain('<meta name="robots" content="noindex"/>');
    expect(listed).not.toContain(`${thin}<`);
    const indexed = investorLinks(await html(request, "/investors"))[0] ?? "";
    expect(listed).toContain(`${ORIGIN}${indexed}<`);
  });

  test("no full address on company, investor and compare pages, in HTML and .data; investor pages show none at all", async ({
    request,
    page,
  }) => {
    const { company, investor } = await companyWithInvestor(request);
    const visitorCompany = readable(await html(request, company));
    expect(visitorCompany).toContain("Funding rounds");
    expect(visitorCompany).toContain("Backed by");
    expect(visitorCompany).toMatch(/[a-z0-9]\*+[a-z0-9]?@[a-z0-9-]+\.example/);
    expect(visitorCompany).not.toMatch(FULL_EMAIL);
    expect(await (await request.get(`${company}.data`)).text()).not.toMatch(FULL_EMAIL);
    const compare = /href="(\/compare\/[^"]+-vs-[^"]+)"/.exec(await html(request, company))?.[1];
    for (const url of [
      investor,
      `${investor}.data`,
      `${investor}?page=2`,
      "/investors",
      "/investors/letters/a",
    ]) {
      const response = await request.get(url);
      if (response.status() === 404) continue; // a page 2 the investor does not fill
      expect(readable(await response.text()), url).not.toMatch(ANY_ADDRESS);
    }
    if (compare) {
      expect(readable(await html(request, compare))).not.toMatch(FULL_EMAIL);
      expect(await (await request.get(`${compare}.data`)).text()).not.toMatch(FULL_EMAIL);
    }

    // Signed in without a plan: still masked everywhere.
    const { email: own } = await logIn(page, {});
    for (const url of [company, `${company}.data`, ...(compare ? [compare, `${compare}.data`] : [])]) {
      expect(withoutOwn(await (await page.request.get(url)).text(), own), url).not.toMatch(FULL_EMAIL);
    }
    expect(withoutOwn(await (await page.request.get(investor)).text(), own)).not.toMatch(ANY_ADDRESS);
  });

  test("a subscriber sees each person's own full address on the company page; investor pages still show none", async ({
    request,
    page,
  }) => {
    const { company, investor } = await companyWithInvestor(request);
    const { email: own } = await logIn(page, { plan: "pro", status: "active" });
    const subscriber = peopleSection(await (await page.request.get(company)).text());
    const addresses = new Set([...subscriber.matchAll(new RegExp(FULL_EMAIL, "g"))].map((match) => match[0]));
    expect(addresses.size, "full addresses on the subscriber's company page").toBeGreaterThan(0);
    expect(withoutOwn(await (await page.request.get(investor)).text(), own)).not.toMatch(ANY_ADDRESS);
  });
});

test("a person's do-not-sell request removes them from the company page (docs/product.md#do-not-sell)", async ({
  page,
  request,
}) => {
  await logIn(page, { admin: true });
  // A company with two or more addressed people: the last one's address is requested.
  const letter = await html(request, "/directory/companies/t");
  let company = "";
  let address = "";
  for (const [, path = ""] of letter.matchAll(/href="(\/company\/[^"]+)"/g)) {
    const addresses = [
      ...peopleSection(await (await page.request.get(path)).text()).matchAll(new RegExp(FULL_EMAIL, "g")),
    ].map((match) => match[0]);
    if (new Set(addresses).size >= 2) {
      company = path;
      address = addresses.at(-1) ?? "";
      break;
    }
  }
  expect(address, "a company with two addressed people").not.toBe("");
  const requested = await page.request.post("/do-not-sell", {
    form: { email: address, confirm: "yes", website: "" },
    headers: { origin: ORIGIN },
    maxRedirects: 0,
  });
  expect(requested.status()).toBe(302);
  const after = await page.request.get(company);
  // The person is gone; were they the company's contact, the company is hidden as a whole (404).
  if (after.status() === 200) expect(readable(await after.text())).not.toContain(address);
  else expect(after.status()).toBe(404);
});

async function readTimeline(page: Page, company: string): Promise<string> {
  await gotoHydrated(page, company);
  const timeline = page.getByRole("list", { name: /funding rounds, newest first/ });
  await expect(timeline).toBeVisible();
  const investor = timeline.locator("a[href^='/investors/']").first();
  const name = (await investor.textContent()) ?? "";
  await investor.click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return name;
}

test("in the browser: open a company, read its timeline, follow an investor; 390 and 1280 px", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { company } = await companyWithInvestor(request);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, company);
    await expect(page.getByRole("heading", { level: 2, name: "Funding rounds" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Backed by" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Founders and team" })).toBeVisible();
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const name = await readTimeline(page, company);
    expect(name).not.toBe("");
    await expect(page.getByRole("table", { name: /joined, newest first/ })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Co-investors" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/investor-${width}.png`, fullPage: true });
      await gotoHydrated(page, company);
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/company-${width}.png`, fullPage: true });
    }
  }
});
