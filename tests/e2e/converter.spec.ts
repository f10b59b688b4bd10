import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { crunchbaseRecord, toCrunchbaseCsv } from "~tests/fixtures/crunchbase-csv";
import { gotoHydrated } from "./accounts-helpers";
import { expect, logIn, test } from "./fixtures";

/**
 * docs/product.md#converter: the converter. Any signed-in user converts a file (a free tool); the server refuses visitors,
 * and a converted file is its owner's alone. The browser path: upload, the columns recognised, a preview
 * and a report, the download.
 */

const FILE = toCrunchbaseCsv([
  crunchbaseRecord(1, { "First name": "Mary Ann", "Last name": "van der Berg", Email: "mary@one.example" }),
  crunchbaseRecord(2, { Email: "MARY@one.example" }),
  crunchbaseRecord(3, { Email: "jo@three.example" }),
]);

test("the server: visitors may not convert, and a converted file is only its owner's", async ({
  browser,
  request,
}) => {
  const refused = await request.post("/api/converter/upload?name=leads.csv", {
    headers: { "content-type": "text/csv" },
    data: FILE,
  });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toBe("Sign in to convert a file.");

  const owner = await (await browser.newContext()).newPage();
  await logIn(owner, {});
  const uploaded = await owner.request.post("/api/converter/upload?name=leads.csv", {
    headers: { "content-type": "text/csv" },
    data: FILE,
  });
  expect(uploaded.status()).toBe(201);
  const { uploadId, columns } = await uploaded.json();
  const bad = await owner.request.post("/api/converter/convert", {
    data: { uploadId, target: "no-such-tool", columns },
  });
  expect(bad.status()).toBe(400);
  const converted = await owner.request.post("/api/converter/convert", {
    data: { uploadId, target: "lemlist", columns },
  });
  expect(converted.status()).toBe(200);
  // JSON lines: progress, then the outcome.
  const lines = (await converted.text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  const { fileId, report } = lines.at(-1).outcome;
  // Decision 019: a user who is not an admin gets repeated and do-not-sell addresses as one count.
  expect(report).toMatchObject({ rowsRead: 3, written: 2, leftOut: 1 });
  expect(report).not.toHaveProperty("suppressed");

  const other = await (await browser.newContext()).newPage();
  await logIn(other, {});
  expect((await other.request.get(`/api/converter/download/${fileId}`)).status()).toBe(404);
  const download = await owner.request.get(`/api/converter/download/${fileId}`);
  expect(download.status()).toBe(200);
  const [header] = parse(await download.text()) as string[][];
  expect(header?.slice(0, 3)).toEqual(["email", "firstName", "lastName"]);
  // Deleted once downloaded.
  expect((await owner.request.get(`/api/converter/download/${fileId}`)).status()).toBe(404);
});

test("a user uploads a file, sees the columns, a preview and the report, and downloads it for Salesforce", async ({
  page,
}) => {
  await logIn(page, {});
  await gotoHydrated(page, "/converter");
  await page.getByLabel("Convert for").selectOption("salesforce-leads");
  await page.getByLabel("Leads file (CSV)").setInputFiles({
    name: "leads.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(FILE),
  });
  await expect(page.getByRole("group", { name: /Columns of leads\.csv/ })).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("email");
  await page.getByRole("button", { name: "Convert for Salesforce" }).click();
  await expect(page.getByRole("heading", { name: "2 of 3 rows ready for Salesforce" })).toBeVisible();
  // Decision 019: a user who is not an admin sees repeated and do-not-sell addresses as one count.
  await expect(page.getByTestId("conversion-report")).toContainText(
    "1 row left out: repeated email addresses (the first is kept) or addresses that cannot be included.",
  );
  await expect(page.getByTestId("conversion-report")).not.toContainText("do-not-sell");
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(3);
  await expect(page.getByRole("cell", { name: "van der Berg" })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByTestId("converter-download").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("leads-salesforce-leads.csv");
  const [header, ...rows] = parse(await readFile(await download.path())) as string[][];
  expect(header).toContain("Last Name");
  expect(rows).toHaveLength(2);

  // Another target converts the same file again (the upload went once converted).
  await page.getByLabel("Convert for").selectOption("instantly");
  await page.getByRole("button", { name: "Convert for Instantly" }).click();
  await expect(page.getByRole("heading", { name: "2 of 3 rows ready for Instantly" })).toBeVisible();
});
