/**
 * docs/product.md#compare: the comparison pages over HTTP (the server decides order, status, indexing and masking) and in
 * the browser from the footer to sign-up.
 */
import type { APIRequestContext } from "@playwright/test";
import { gotoHydrated } from "./accounts-helpers";
import { E2E_PORT } from "./e2e-config";
import { expect, logIn, test } from "./fixtures";
import { readable, WHOLE_ADDRESS } from "./page-text";
import { startPrivateServer } from "./private-server";

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
const COMPETITOR_SLUGS = [
  "crunchbase-alternative",
  "pitchbook-alternative",
  "apollo-alternative",
  "zoominfo-alternative",
  "dealroom-alternative",
  "cb-insights-alternative",
];

async function page200(request: APIRequestContext, url: string): Promise<string> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return response.text();
}

/**
 * A chosen pair's URL, from a company page's comparison links. The server computes the similar companies in
 * the background after seeding: wait until a company page links one.
 */
async function chosenPair(request: APIRequestContext, baseUrl = ORIGIN): Promise<string> {
  const letter = await page200(request, `${baseUrl}/directory/companies/s`);
  const companies = [...letter.matchAll(/href="(\/company\/[^"]+)"/g)]
    .map((match) => match[1] ?? "")
    .slice(0, 10);
  let pair = "";
  await expect
    .poll(
      async () => {
        for (const company of companies) {
          const html = await page200(request, `${baseUrl}${company}`);
          pair = /href="(\/compare\/[^"]+-vs-[^"]+)"/.exec(html)?.[1] ?? "";
          if (pair) break;
        }
        return pair;
      },
      { timeout: 30_000, message: "a comparison link on a company page" },
    )
    .not.toBe("");
  return pair;
}

test.describe("over HTTP", () => {
  test("the hub and the six competitor pages, each claim with its source", async ({ request }) => {
    const hub = await page200(request, "/compare");
    for (const slug of COMPETITOR_SLUGS) expect(hub).toContain(`href="/compare/${slug}"`);
    for (const slug of COMPETITOR_SLUGS) {
      const html = await page200(request, `/compare/${slug}`);
      expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/compare/${slug}"/>`);
      expect(readable(html)).toMatch(/read 2026-\d\d-\d\d/);
      expect(html).toContain('"@type":"BreadcrumbList"');
      expect(html).not.toContain('content="noindex"');
    }
  });

  test("a chosen pair is indexed, the reversed order moves to it, and what is not a pair is a 404", async ({
    request,
  }) => {
    const pair = await chosenPair(request);
    const [a = "", b = ""] = pair.replace("/compare/", "").split("-vs-");
    expect(a < b).toBe(true);
    const html = await page200(request, pair);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${pair}"/>`);
    expect(html).not.toContain('content="noindex"');
    expect(html).toContain("Why they are compared");
    const reversed = await request.get(`/compare/${b}-vs-${a}`, { maxRedirects: 0 });
    expect(reversed.status()).toBe(301);
    expect(reversed.headers().location).toBe(pair);
    for (const url of [
      `/compare/${a}-vs-${a}`,
      `/compare/${a}-vs-no-such-company`,
      "/compare/no-such-page",
    ]) {
      expect((await request.get(url)).status(), url).toBe(404);
    }
  });

  test("a pair the similarity rule did not choose still renders, but is noindex", async ({ request }) => {
    // The pairs are chosen by a pass that runs after start: wait until it has written them.
    await chosenPair(request);
    const letterA = await page200(request, "/directory/companies/a");
    const letterZ = await page200(request, "/directory/companies/z");
    const first = /href="\/company\/([^"]+)"/.exec(letterA)?.[1] ?? "";
    const companies = [...letterZ.matchAll(/href="\/company\/([^"]+)"/g)].map((match) => match[1] ?? "");
    // A company page links its chosen pairs; pick a Z company that is not among them.
    const chosen = await page200(request, `/company/${first}`);
    const other = companies.find(
      (slug) => !chosen.includes(`-vs-${slug}"`) && !chosen.includes(`/compare/${slug}-vs-`),
    );
    expect(other).toBeTruthy();
    const html = await page200(request, `/compare/${first}-vs-${other}`);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  test("founder emails are masked for a visitor, in the HTML and the data, and whole for a subscriber", async ({
    request,
    page,
  }) => {
    await chosenPair(request);
    // A pair whose founders have an address (demo records may have none, decision 028), as a subscriber sees it.
    const { email: own } = await logIn(page, { plan: "pro", status: "active" });
    const letter = await page200(request, "/directory/companies/s");
    let pair = "";
    for (const [, company = ""] of letter.matchAll(/href="(\/company\/[^"]+)"/g)) {
      const candidate = /href="(\/compare\/[^"]+-vs-[^"]+)"/.exec(await page200(request, company))?.[1];
      if (!candidate) continue;
      const subscriber = readable(await (await page.request.get(candidate)).text()).replaceAll(own, "");
      if (WHOLE_ADDRESS.test(subscriber)) {
        pair = candidate;
        break;
      }
    }
    expect(pair, "a compared pair with a founder's address").not.toBe("");
    expect(readable(await page200(request, pair))).not.toMatch(WHOLE_ADDRESS);
    expect(readable(await (await request.get(`${pair}.data`)).text())).not.toMatch(WHOLE_ADDRESS);
  });
});

test("a company hidden by a do-not-sell request leaves its comparisons (404) and its neighbours' links", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const server = await startPrivateServer({ port: E2E_PORT + 5, seedCount: 120, name: "compare-dns" });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const pair = await chosenPair(page.request, server.url);
    const [a = "", b = ""] = pair.replace("/compare/", "").split("-vs-");
    const { email: own } = await logIn(page, { admin: true });
    // Its people's addresses, one of which is the company's contact: requesting each in turn hides the company
    // once the contact's is listed (docs/product.md#do-not-sell); the others only leave their person out.
    const addresses = [
      ...readable(await (await page.request.get(`/company/${b}`)).text())
        .replaceAll(own, "")
        .matchAll(new RegExp(WHOLE_ADDRESS, "g")),
    ].map((match) => match[0]);
    expect(addresses.length, "an address on the company's page").toBeGreaterThan(0);
    let email = "";
    for (const address of addresses) {
      const hidden = await page.request.post("/do-not-sell", {
        form: { email: address, confirm: "yes", website: "" },
        headers: { origin: server.url },
        maxRedirects: 0,
      });
      expect(hidden.status()).toBe(302);
      email = address;
      if ((await page.request.get(`/company/${b}`)).status() === 404) break;
    }
    const visitor = await browser.newContext({ baseURL: server.url });
    expect((await visitor.request.get(pair)).status()).toBe(404);
    expect((await visitor.request.get(`/company/${b}`)).status()).toBe(404);
    const neighbour = await (await visitor.request.get(`/company/${a}`)).text();
    expect(neighbour).toContain(`/company/${a}"`);
    expect(neighbour).not.toContain(`/company/${b}"`);
    expect(readable(neighbour)).not.toContain(email);
    await visitor.close();
    await context.close();
  } finally {
    await server.remove();
  }
});

test("from the footer to a competitor page, to sign-up", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Compare" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Roundlist vs Crunchbase" }).click();
  await expect(page.getByRole("table", { name: "Roundlist compared with Crunchbase" })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("main").getByRole("link", { name: "Get Started" }).last().click();
  await expect(page.getByRole("dialog", { name: "Create Account" })).toBeVisible();
});
