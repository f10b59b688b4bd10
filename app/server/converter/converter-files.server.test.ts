import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  claimDownload,
  dataPath,
  deleteConverterFile,
  newFileId,
  saveRecord,
} from "./converter-files.server";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "rl-converter-files-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A converted CSV of `userId`'s, as a conversion leaves it. */
async function convertedFile(userId: string, body = "email\nmary@one.example\n"): Promise<string> {
  const id = newFileId();
  await writeFile(dataPath(id, dir), body);
  await saveRecord(
    { id, userId, fileName: "leads-lemlist.csv", kind: "csv", createdAt: new Date().toISOString() },
    dir,
  );
  return id;
}

describe("claimDownload: a converted file is sent once, to its owner", () => {
  it("gives the owner the file once; a second claim, even while the first is being read, finds it gone", async () => {
    const id = await convertedFile("u_ada");
    expect(await claimDownload(id, "u_bob", dir)).toBeNull();
    const claimed = await claimDownload(id, "u_ada", dir);
    expect(claimed?.size).toBe(Buffer.byteLength("email\nmary@one.example\n"));
    expect(await claimDownload(id, "u_ada", dir)).toBeNull();
    // The claimed file is still whole for the first download, however the second one went.
    expect(String(await claimed?.file.readFile())).toBe("email\nmary@one.example\n");
    await claimed?.file.close();
    await deleteConverterFile(id, dir);
    expect(await readdir(dir)).toEqual([]);
  });

  it("hands the file to exactly one of several downloads started at the same moment", async () => {
    const id = await convertedFile("u_ada");
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimDownload(id, "u_ada", dir)));
    const winners = claims.filter((claim) => claim !== null);
    expect(winners).toHaveLength(1);
    await winners[0]?.file.close();
  });

  it("answers null, not an error, when the data is gone but the record is left", async () => {
    const id = await convertedFile("u_ada");
    await rm(dataPath(id, dir));
    expect(await claimDownload(id, "u_ada", dir)).toBeNull();
    expect(await readdir(dir)).toEqual([]);
    expect(await claimDownload("not-an-id", "u_ada", dir)).toBeNull();
  });
});
