import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { slugify } from "~/core/slug";
import { type FormDFixture, writeQuarterZip } from "~tests/fixtures/formd";
import { gotoHydrated } from "./accounts-helpers";
import { seriousFindings } from "./axe";
import { E2E_PORT } from "./e2e-config";
import { expect, logIn, test } from "./fixtures";
import { startPrivateServer } from "./private-server";

/**
 * Decision 031, section 3: an admin imports SEC Form D in the console as any other file (dry run, per-row
 * report, import), and the company page shows the round with its filing's link. Screenshots of the imports
 * page and the company page at 390 and 1280 px go to the test's output folder.
 */
test("an admin dry-runs and imports a quarterly Form D zip; the company page links the round to its filing", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const name = `Quillwork ${tag} Robotics`;
  const filing: FormDFixture = {
    accessionNumber: "0001900001-26-000001",
    cik: "0001900001",
    name,
    filingDate: "2026-07-10",
    industryGroup: "Other Technology",
    equity: true,
    saleDate: "2026-06-30",
    totalOffering: 5_000_000,
    amountSold: 4_200_000,
    investors: 7,
    persons: [{ first: "Maya", last: "Okafor", relationships: ["Executive Officer"] }],
  };
  const other: FormDFixture = {
    ...filing,
    accessionNumber: "0001900005-26-000001",
    cik: "0001900005",
    name: `Lumen ${tag} Gradient`,
  };
  const dir = await mkdtemp(path.join(os.tmpdir(), "rl-e2e-formd-"));
  const zipName = `2026q3_d-${tag}.zip`;
  const zip = await writeQuarterZip(path.join(dir, zipName), [filing, other], {
    // Line 4 of ISSUERS.tsv: a row cut short, rejected with its file, line and reason.
    extraLines: { "ISSUERS.tsv": ["0009999999-26-000001\tYES\t9\t0000000042\tOrphan Inc"] },
  });
  // A server of its own: the import adds companies that the shared server's other specs count.
  const server = await startPrivateServer({ port: E2E_PORT + 9, seedCount: 50, name: "admin-formd" });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await logIn(page, { admin: true });
    await gotoHydrated(page, "/admin/imports");
    await page.getByRole("radio", { name: /^SEC Form D/ }).check();
    await page.getByLabel("SEC Form D data set (.zip) or filing (.xml)").setInputFiles({
      name: zipName,
      mimeType: "application/zip",
      buffer: await readFile(zip),
    });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`imports-${width}.png`), fullPage: true });
    }
    await page.getByRole("button", { name: "Upload and check" }).click();

    const report = page.getByTestId("import-report");
    await expect(report.getByRole("heading", { name: `Dry run of ${zipName} (SEC Form D)` })).toBeVisible();
    await expect(report.getByText("Nothing was written.")).toBeVisible();
    await expect(report.getByTestId("import-count-rowsRead")).toHaveText("3");
    await expect(report.getByTestId("import-count-inserted")).toHaveText("2");
    await expect(report.getByTestId("import-count-rejected")).toHaveText("1");
    const rejected = report.getByRole("region", { name: "Rejected rows (1)" });
    await expect(rejected).toContainText(`${zipName}:2026Q3_d/ISSUERS.tsv: 5 cells where the header has 23`);
    await expect(rejected).toContainText("Row 4");
    expect(await seriousFindings(page, ["main"]), "the dry run's report").toEqual([]);
    await page.screenshot({ path: test.info().outputPath("dry-run-1280.png"), fullPage: true });

    await report.getByRole("button", { name: "Import these rows" }).click();
    await expect(page.getByRole("heading", { name: `Import of ${zipName} (SEC Form D)` })).toBeVisible();
    await expect(page.getByText("Imported. What each row did:")).toBeVisible();
    await expect(page.getByTestId("import-count-inserted")).toHaveText("2");
    await expect(page.getByTestId("import-run").first()).toContainText("SEC Form D");

    await gotoHydrated(page, `/company/${slugify(name)}`);
    const timeline = page.getByRole("list", { name: /funding rounds, newest first/ });
    const source = timeline.getByRole("link", { name: /^SEC Form D/ });
    await expect(source).toHaveAttribute(
      "href",
      "https://www.sec.gov/Archives/edgar/data/1900001/000190000126000001/",
    );
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(source).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`company-${width}.png`), fullPage: true });
    }
    await context.close();
  } finally {
    await server.remove();
    await rm(dir, { recursive: true, force: true });
  }
});
