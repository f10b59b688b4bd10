import { mkdtemp, readdir, readFile, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_HELD_FILES_PER_USER, MAX_RUNNING_PER_USER } from "~/core/converter/limits";
import { type Target, targetById } from "~/core/converter/targets";
import { CONVERTER_LIMIT_ERRORS } from "~/core/messages";
import { crunchbaseRecord, toCrunchbaseCsv } from "~tests/fixtures/crunchbase-csv";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import {
  ConverterBusy,
  ConverterInputError,
  convertUpload,
  receiveConverterUpload,
  startConversion,
  UploadRefused,
} from "./convert-upload.server";
import { dataPath, ownedRecord, runningCount } from "./converter-files.server";

const database = setUpTestDatabase();
const USER = "user-converter";
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "rl-converter-test-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function uploadRequest(body: BodyInit, name = "leads.csv", type = "text/csv"): Request {
  return new Request(`http://localhost/api/converter/upload?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { "content-type": type },
    body,
    duplex: "half",
  } as RequestInit);
}

function target(id: string): Target {
  const found = targetById(id);
  if (!found) throw new Error(id);
  return found;
}

/** Uploads `body`, converts it for `targetId` with the recognised columns, returns the outcome and the file. */
async function convertText(
  body: BodyInit,
  targetId: string,
  name?: string,
  onProgress?: (share: number) => void,
) {
  const analysis = await receiveConverterUpload(uploadRequest(body, name), USER, dir);
  const upload = await ownedRecord(analysis.uploadId, USER, ["upload"], dir);
  if (!upload) throw new Error("upload not recorded");
  const outcome = await convertUpload(
    database.db,
    USER,
    upload,
    target(targetId),
    analysis.columns,
    dir,
    onProgress,
  );
  const bytes = await readFile(dataPath(outcome.fileId, dir));
  return { analysis, outcome, bytes };
}

const ROWS = [
  crunchbaseRecord(1, { "First name": "Mary Ann", "Last name": "van der Berg", Email: "mary@one.example" }),
  crunchbaseRecord(2, { Email: "MARY@one.example " }),
  crunchbaseRecord(3, { "First name": null, "Last name": null, Founders: null, Email: "x@three.example" }),
  crunchbaseRecord(4, { Email: "=cmd@four.example" }),
];

describe("converting an upload", () => {
  it("writes the target's file with a report: required fields, repeated addresses, the preview", async () => {
    const { outcome, bytes } = await convertText(toCrunchbaseCsv(ROWS), "salesforce-leads");
    const [header, ...rows] = parse(bytes) as string[][];
    expect(header).toEqual(outcome.preview.headers);
    expect(header).toContain("Last Name");
    // Row 2 repeats row 1's address (case and spaces aside); row 3 has no person to give a Last Name.
    expect(outcome.report).toMatchObject({ rowsRead: 4, written: 2, duplicateEmails: 1, parts: 1 });
    expect(outcome.report.missingRequired).toEqual({ "Last name": 1 });
    expect(rows).toHaveLength(2);
    const first = Object.fromEntries(header?.map((name, index) => [name, rows[0]?.[index]]) ?? []);
    expect(first).toMatchObject({
      "First Name": "Mary Ann",
      "Last Name": "van der Berg",
      Email: "mary@one.example",
    });
    expect(outcome.preview.rows).toEqual(rows);
    expect(outcome.downloadName).toBe("leads-salesforce-leads.csv");
  });

  it("removes files left over for more than an hour when the next upload arrives", async () => {
    const { outcome } = await convertText(toCrunchbaseCsv(ROWS), "instantly");
    const old = new Date(Date.now() - 2 * 60 * 60_000);
    for (const name of await readdir(dir)) await utimes(path.join(dir, name), old, old);
    await receiveConverterUpload(uploadRequest(toCrunchbaseCsv(ROWS)), USER, dir);
    expect((await readdir(dir)).some((name) => name.startsWith(outcome.fileId))).toBe(false);
    expect(await readdir(dir)).toHaveLength(2);
  });

  it("deletes the upload once converted, and keeps the result for its owner only", async () => {
    const { analysis, outcome } = await convertText(toCrunchbaseCsv(ROWS), "instantly");
    expect(await ownedRecord(analysis.uploadId, USER, ["upload"], dir)).toBeNull();
    expect(await ownedRecord(outcome.fileId, USER, ["csv"], dir)).not.toBeNull();
    expect(await ownedRecord(outcome.fileId, "someone-else", ["csv"], dir)).toBeNull();
    expect((await readdir(dir)).sort()).toEqual([`${outcome.fileId}.data`, `${outcome.fileId}.json`].sort());
  });

  it("leaves out an address on the do-not-sell list", async () => {
    await requestDoNotSell(database.db, "mary@one.example");
    const { outcome } = await convertText(toCrunchbaseCsv(ROWS), "instantly");
    expect(outcome.report.suppressed).toBe(1);
    expect(outcome.preview.rows.flat()).not.toContain("mary@one.example");
  });

  it("reads a Windows-1252 file with a semicolon separator into correct UTF-8", async () => {
    const text =
      "Organization Name;First name;Last name;Email\r\nCafé Müller;José;Núñez;jose@cafe.example\r\n";
    const latin1 = Buffer.from(text, "latin1");
    const { analysis, bytes } = await convertText(latin1, "hubspot-contacts");
    expect(analysis).toMatchObject({ encoding: "windows-1252", delimiter: ";" });
    const [header, row] = parse(bytes) as string[][];
    const cells = Object.fromEntries(header?.map((name, index) => [name, row?.[index]]) ?? []);
    expect(cells).toMatchObject({
      "First Name": "José",
      "Last Name": "Núñez",
      "Company Name": "Café Müller",
    });
  });

  it("neutralises a formula and writes Excel for Europe with semicolons and a byte order mark", async () => {
    const { bytes } = await convertText(toCrunchbaseCsv(ROWS), "excel-eu");
    expect(bytes.subarray(0, 3).toString("hex")).toBe("efbbbf");
    const rows = parse(bytes, { bom: true, delimiter: ";" }) as string[][];
    expect(rows.flat()).toContain("'=cmd@four.example");
  });

  it("splits a file larger than the target takes into a zip of parts", async () => {
    const many = Array.from({ length: 10_005 }, (_, n) => crunchbaseRecord(n + 1));
    const progress: number[] = [];
    const { outcome, bytes } = await convertText(
      toCrunchbaseCsv(many),
      "apollo-contacts",
      undefined,
      (share) => progress.push(share),
    );
    // A large file reports how far it is, in order, short of done until the outcome.
    expect(progress.length).toBeGreaterThan(3);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(Math.max(...progress)).toBeLessThan(1);
    expect(outcome.report).toMatchObject({ written: 10_005, parts: 2 });
    expect(outcome.downloadName).toBe("leads-apollo-contacts.zip");
    // A zip: local file header first, the end-of-directory record naming 2 entries last.
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    const end = bytes.subarray(bytes.length - 22);
    expect(end.readUInt32LE(0)).toBe(0x06054b50);
    expect(end.readUInt16LE(10)).toBe(2);
    expect(bytes.includes(Buffer.from("leads-apollo-contacts-part-2.csv"))).toBe(true);
  });

  it("refuses bad files with a message: not CSV, empty, too large, no email column for a tool that needs one", async () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);
    await expect(receiveConverterUpload(uploadRequest(zip), USER, dir)).rejects.toBeInstanceOf(UploadRefused);
    await expect(receiveConverterUpload(uploadRequest(""), USER, dir)).rejects.toMatchObject({
      status: 400,
      message: "The file is empty.",
    });
    const huge = new Request("http://localhost/api/converter/upload?name=big.csv", {
      method: "POST",
      headers: { "content-type": "text/csv", "content-length": String(200 * 1024 * 1024) },
      body: "a,b\n",
    });
    await expect(receiveConverterUpload(huge, USER, dir)).rejects.toMatchObject({ status: 413 });
    await expect(
      receiveConverterUpload(uploadRequest("a,b\n1,2\n", "leads.xlsx"), USER, dir),
    ).rejects.toMatchObject({
      status: 400,
    });
    const noEmail = await receiveConverterUpload(uploadRequest("Company,City\nAcme,Berlin\n"), USER, dir);
    const upload = await ownedRecord(noEmail.uploadId, USER, ["upload"], dir);
    if (!upload) throw new Error("upload not recorded");
    await expect(
      convertUpload(database.db, USER, upload, target("instantly"), noEmail.columns, dir),
    ).rejects.toBeInstanceOf(ConverterInputError);
    expect(await readdir(dir)).toEqual([]);
  });

  it("refuses a file whose row never ends with a message naming the row, keeping nothing", async () => {
    // A quote opened in row 3 and never closed: 3 MB of one field, over the 1 MB a row may hold.
    const csv = `Company,Email\nAcme,ada@acme.example\n"Runaway,${"x".repeat(3 * 1024 * 1024)}\n`;
    const analysis = await receiveConverterUpload(uploadRequest(csv), USER, dir);
    const upload = await ownedRecord(analysis.uploadId, USER, ["upload"], dir);
    if (!upload) throw new Error("upload not recorded");
    await expect(
      convertUpload(database.db, USER, upload, target("instantly"), analysis.columns, dir),
    ).rejects.toMatchObject({
      name: "ConverterInputError",
      message: CONVERTER_LIMIT_ERRORS.rowTooLong(3),
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it("refuses a person's upload past the files they hold with a 429 and a message; others may upload", async () => {
    const csv = toCrunchbaseCsv(ROWS);
    for (let held = 0; held < MAX_HELD_FILES_PER_USER; held++) {
      await receiveConverterUpload(uploadRequest(csv), USER, dir);
    }
    const refused = receiveConverterUpload(uploadRequest(csv), USER, dir);
    await expect(refused).rejects.toBeInstanceOf(ConverterBusy);
    await expect(receiveConverterUpload(uploadRequest(csv), USER, dir)).rejects.toMatchObject({
      status: 429,
      message: CONVERTER_LIMIT_ERRORS.tooManyHeld(MAX_HELD_FILES_PER_USER),
    });
    // Nothing of the refused uploads was kept: five uploads, each a file and its record.
    expect(await readdir(dir)).toHaveLength(2 * MAX_HELD_FILES_PER_USER);
    await receiveConverterUpload(uploadRequest(csv), "another-user", dir);
    expect(runningCount(USER)).toBe(0);
  });

  it("refuses a person's upload or conversion past the ones they have running with a 429", async () => {
    // Two uploads whose bodies have not finished arriving.
    const finishers: Array<() => void> = [];
    const slowBody = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("Company,Email\n"));
          finishers.push(() => {
            controller.enqueue(new TextEncoder().encode("Acme,ada@acme.example\n"));
            controller.close();
          });
        },
      });
    const slow = Array.from({ length: MAX_RUNNING_PER_USER }, () =>
      receiveConverterUpload(uploadRequest(slowBody()), USER, dir),
    );
    await expect.poll(() => finishers.length).toBe(MAX_RUNNING_PER_USER);
    expect(runningCount(USER)).toBe(MAX_RUNNING_PER_USER);
    const message = CONVERTER_LIMIT_ERRORS.tooManyRunning(MAX_RUNNING_PER_USER);
    await expect(
      receiveConverterUpload(uploadRequest(toCrunchbaseCsv(ROWS)), USER, dir),
    ).rejects.toMatchObject({ status: 429, message });
    expect(() => startConversion(USER)).toThrow(message);
    for (const finish of finishers) finish();
    await Promise.all(slow);
    expect(runningCount(USER)).toBe(0);
    const done = startConversion(USER);
    expect(runningCount(USER)).toBe(1);
    done();
    done();
    expect(runningCount(USER)).toBe(0);
  });
});
