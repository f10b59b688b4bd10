/**
 * docs/product.md#directory: the public directory and company pages, robots.txt and the sitemaps, over HTTP as a visitor and
 * a subscriber (the server decides what each sees), and in the browser from the footer to sign-up.
 */
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { gotoHydrated } from "./accounts-helpers";
import { E2E_PORT } from "./e2e-config";
import { expect, logIn, test } from "./fixtures";
import { FULL_EMAIL, readable } from "./page-text";
import { privateDataDir, startPrivateServer } from "./private-server";

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

/** The documents of a page's ld+json blocks, each parsed (a block that does not parse fails the test). */
function jsonLdOf(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((match) => {
    const parsed: unknown = JSON.parse(match[1] ?? "");
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}

function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
}

/** A page's HTML, which must answer 200. */
async function html(request: APIRequestContext, url: string): Promise<string> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return response.text();
}

/** The first link under `prefix` on a page. */
async function firstLink(request: APIRequestContext, page: string, prefix: string): Promise<string> {
  const found = new RegExp(`href="(${prefix.replaceAll("/", "\\/")}[^"?]+)"`).exec(
    await html(request, page),
  )?.[1];
  expect(found, `a link to ${prefix} on ${page}`).toBeTruthy();
  return found as string;
}

test.describe("as a visitor, over HTTP", () => {
  test("the directory pages answer, page 1 has one URL, and what is not there is a 404", async ({
    request,
  }) => {
    for (const url of ["/directory", "/directory/cities", "/directory/industries", "/directory/companies"]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(canonicalOf(await response.text()), url).toBe(`${ORIGIN}${url}`);
    }
    const city = await firstLink(request, "/directory/cities", "/directory/cities/");
    const moved = await request.get(`${city}?page=1`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(city);
    // The largest city fills more than one page: page 2 is its own canonical page.
    const second = await html(request, `${city}?page=2`);
    expect(canonicalOf(second)).toBe(`${ORIGIN}${city}?page=2`);
    expect(second).toContain('rel="prev"');
    for (const url of [
      `${city}?page=999`,
      `${city}?page=abc`,
      "/directory/cities/atlantis-nowhere",
      "/directory/industries/no-such-industry",
      "/directory/companies/zz",
      "/company/no-such-company",
    ]) {
      expect((await request.get(url)).status(), url).toBe(404);
    }
  });

  test("a company page masks the founder email in its HTML and its data; a subscriber sees it whole", async ({
    request,
    page,
  }) => {
    const city = await firstLink(request, "/directory/cities", "/directory/cities/");
    // The city's first company whose people have an address with a dot (demo records may have none,
    // decision 028), as the subscriber sees it.
    const { email: own } = await logIn(page, { plan: "pro", status: "active" });
    let company = "";
    let subscriberHtml = "";
    for (const [, path = ""] of (await html(request, city)).matchAll(/href="(\/company\/[^"?]+)"/g)) {
      subscriberHtml = readable(await (await page.request.get(path)).text()).replaceAll(own, "");
      if (FULL_EMAIL.test(subscriberHtml)) {
        company = path;
        break;
      }
    }
    expect(company, "a company of the city with an address").not.toBe("");
    const visitorHtml = readable(await html(request, company));
    const visitorData = await (await request.get(`${company}.data`)).text();
    expect(visitorHtml).toContain("Founders");
    expect(visitorHtml).toMatch(/[a-z0-9]\*{3,}[a-z0-9]@[a-z0-9-]+\.example/);
    expect(visitorHtml).not.toMatch(FULL_EMAIL);
    expect(visitorData).not.toMatch(FULL_EMAIL);
    // Directory lists show no founder or email at all.
    for (const url of ["/directory", city, `${city}.data`]) {
      expect(readable(await (await request.get(url)).text()), url).not.toMatch(FULL_EMAIL);
    }

    const full = FULL_EMAIL.exec(subscriberHtml)?.[0];
    expect(full, "the subscriber's page holds the full address").toBeTruthy();
    const [local = "", domain = ""] = (full as string).split("@");
    expect(visitorHtml).toContain(`${local[0]}${"*".repeat(local.length - 2)}${local.at(-1)}@${domain}`);
  });

  test("public pages are cacheable for visitors and never stored for a signed-in user", async ({
    request,
    page,
  }) => {
    const company = await firstLink(request, "/directory/companies/a", "/company/");
    for (const url of ["/directory/cities", company]) {
      const response = await request.get(url);
      expect(response.headers()["cache-control"], url).toBe(
        "public, max-age=300, stale-while-revalidate=600",
      );
      expect(response.headers().vary, url).toMatch(/Cookie/i);
    }
    await logIn(page, {});
    const signedIn = await page.request.get(company);
    expect(signedIn.headers()["cache-control"]).toBe("no-store");
  });

  test("company and directory pages carry breadcrumbs and Organization JSON-LD without an email", async ({
    request,
  }) => {
    const company = await firstLink(request, "/directory/companies/a", "/company/");
    const documents = jsonLdOf(await html(request, company)) as Array<Record<string, unknown>>;
    expect(documents.map((document) => document["@type"])).toEqual(["BreadcrumbList", "Organization"]);
    expect(documents[1]?.url).toBe(`${ORIGIN}${company}`);
    expect(JSON.stringify(documents)).not.toContain("@e");
    const directory = jsonLdOf(await html(request, "/directory/industries")) as Array<
      Record<string, unknown>
    >;
    expect(directory[0]?.["@type"]).toBe("BreadcrumbList");
  });

  test("robots.txt and the sitemaps", async ({ request }) => {
    const robots = await (await request.get("/robots.txt")).text();
    for (const path of ["/admin", "/api", "/search", "/dev"]) expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const index = await html(request, "/sitemap.xml");
    const children = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
    expect(children).toContain(`${ORIGIN}/sitemaps/directory.xml`);
    const companySitemap = children.find((url) => url.includes("/sitemaps/companies-"));
    expect(companySitemap).toBeTruthy();
    const companies = await html(request, new URL(companySitemap as string).pathname);
    expect(companies).toMatch(
      /<url><loc>http:\/\/127\.0\.0\.1:\d+\/company\/[a-z0-9-]+<\/loc><lastmod>\d{4}-\d\d-\d\dT/,
    );
  });
});

test.describe("a record built to break the page", () => {
  const PORT = E2E_PORT + 4;

  test("a </script> description stays inside its JSON-LD, runs nothing, and a thin city page is noindex", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const dataDir = privateDataDir("hostile");
    const hostile = "</script><script>alert(1)</script> Evil Co sells <b>bold</b> claims & more.";
    const csv = [
      "Organization Name,Description,Industries,Headquarters Location,First name,Last name,Email,Last Funding Type,Last Funding Amount (in USD),Last Funding Date",
      `Evil Co,"${hostile}",SaaS,"Nowhereville, Utopia",Eve,Hacker,eve.hacker@evil.example,Seed,1000000,2026-01-15`,
    ].join("\n");
    writeFileSync(path.join(dataDir, "hostile.csv"), csv);
    try {
      const imported = spawnSync(
        process.execPath,
        ["--import", "tsx", "scripts/import.ts", path.join(dataDir, "hostile.csv")],
        {
          env: { ...process.env, DATA_DIR: path.join(dataDir, "db"), DATABASE_URL: "", LOG_LEVEL: "warn" },
          encoding: "utf8",
          timeout: 120_000,
        },
      );
      expect(imported.status, imported.stderr).toBe(0);
      const server = await startPrivateServer({ port: PORT, seedCount: 1, name: "hostile", dataDir });
      try {
        const context = await browser.newContext({ baseURL: server.url });
        const page = await context.newPage();
        const dialogs: string[] = [];
        page.on("dialog", (dialog) => {
          dialogs.push(dialog.message());
          void dialog.dismiss();
        });
        const response = await page.request.get("/company/evil-co");
        expect(response.status()).toBe(200);
        const body = await response.text();
        const organization = (jsonLdOf(body) as Array<Record<string, unknown>>).find(
          (document) => document["@type"] === "Organization",
        );
        expect(organization?.description).toBe(hostile);
        await gotoHydrated(page, "/company/evil-co");
        await expect(page.getByRole("heading", { level: 1, name: "Evil Co" })).toBeVisible();
        await expect(page.getByText(hostile).first()).toBeVisible();
        expect(dialogs).toEqual([]);
        // One company in its city: the page exists, but is not worth indexing.
        const city = await (await page.request.get("/directory/cities/nowhereville-utopia")).text();
        expect(city).toContain('<meta name="robots" content="noindex"/>');
        expect(canonicalOf(city)).toBeUndefined();
        await context.close();
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

test("from the footer to a city, to a company, to sign-up", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Startups by city" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Funded startups by city" })).toBeVisible();
  const firstCity = page
    .getByRole("list", { name: /^Cities in / })
    .first()
    .getByRole("link")
    .first();
  const cityName = ((await firstCity.textContent()) ?? "").trim();
  await firstCity.click();
  await expect(
    page.getByRole("heading", { level: 1, name: new RegExp(`^Startups in ${cityName}, `) }),
  ).toBeVisible();
  const firstCompany = page
    .getByRole("list", { name: `Startups in ${cityName}` })
    .getByRole("link")
    .first();
  const companyName = ((await firstCompany.textContent()) ?? "").trim();
  await firstCompany.click();
  await expect(page.getByRole("heading", { level: 1, name: companyName })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Founders and team" })).toBeVisible();
  // Demo records may have no address (decision 028); every one shown to a visitor is masked.
  for (const email of await page.getByTestId("founder-email").all()) await expect(email).toContainText("*");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page
    .getByRole("complementary", { name: "See the founders' emails" })
    .getByRole("link", { name: "Get Started" })
    .click();
  await expect(page.getByRole("dialog", { name: "Create Account" })).toBeVisible();
});
