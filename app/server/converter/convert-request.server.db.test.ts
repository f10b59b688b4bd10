/**
 * Decision 019: POST /api/converter/convert names the rows left out for being on the do-not-sell list to
 * admins only; anyone else gets them counted together with repeated addresses, so a file of one's own
 * making cannot ask who opted out.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_RUNNING_PER_USER } from "~/core/converter/limits";
import { CONVERTER_LIMIT_ERRORS } from "~/core/messages";
import { signedUpCookie, TEST_APP_URL, testAccountServices, testAuthConfig } from "~tests/fixtures/accounts";
import { crunchbaseRecord, toCrunchbaseCsv } from "~tests/fixtures/crunchbase-csv";
import { setUpTestDatabase } from "~tests/fixtures/database";
import type { AccountServices } from "../auth/account.server";
import { lookUpSession } from "../auth/session.server";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import { handleConvertRequest } from "./convert-request.server";
import { receiveConverterUpload, startConversion } from "./convert-upload.server";

const database = setUpTestDatabase();
let dir: string;
let accounts: AccountServices;

// Row 2 repeats row 1's address; row 3's address opted out.
const FILE = toCrunchbaseCsv([
  crunchbaseRecord(1, { Email: "mary@one.example" }),
  crunchbaseRecord(2, { Email: "MARY@one.example" }),
  crunchbaseRecord(3, { Email: "opted-out@two.example" }),
  crunchbaseRecord(4, { Email: "jo@three.example" }),
]);

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "rl-convert-request-test-"));
  accounts = testAccountServices(database.db, testAuthConfig({ AUTH_RATE_LIMIT_MAX: 1_000 }));
  await requestDoNotSell(database.db, "opted-out@two.example");
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Signs `email` up, uploads FILE as them, and converts it for Instantly: the answer's last line. With
 * `running`, that many conversions of theirs are counted as running first, and the refusal is returned.
 */
async function convertAs(email: string, running = 0): Promise<Record<string, unknown>> {
  const cookie = await signedUpCookie(accounts, email, "violet-harbor-71", "10.0.19.2");
  const { user } = await lookUpSession(accounts.auth, new Request(TEST_APP_URL, { headers: { cookie } }));
  if (!user) throw new Error("not signed in");
  const upload = new Request(`${TEST_APP_URL}/api/converter/upload?name=leads.csv`, {
    method: "POST",
    headers: { "content-type": "text/csv" },
    body: FILE,
  });
  const analysis = await receiveConverterUpload(upload, user.id, dir);
  const held = Array.from({ length: running }, () => startConversion(user.id));
  const response = await handleConvertRequest(
    accounts,
    new Request(`${TEST_APP_URL}/api/converter/convert`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: TEST_APP_URL },
      body: JSON.stringify({ uploadId: analysis.uploadId, target: "instantly", columns: analysis.columns }),
    }),
    dir,
  );
  for (const done of held) done();
  if (running > 0) return { status: response.status, ...((await response.json()) as object) };
  expect(response.status).toBe(200);
  const lines = (await response.text()).trim().split("\n");
  return JSON.parse(lines.at(-1) ?? "{}") as Record<string, unknown>;
}

describe("the conversion report", () => {
  it("tells a user how many rows were left out, not which were on the do-not-sell list", async () => {
    const answer = await convertAs("user@example.com");
    const outcome = answer.outcome as { report: Record<string, unknown> };
    expect(outcome.report).toMatchObject({ rowsRead: 4, written: 2, leftOut: 2 });
    expect(outcome.report).not.toHaveProperty("suppressed");
    expect(outcome.report).not.toHaveProperty("duplicateEmails");
    expect(JSON.stringify(answer)).not.toMatch(/suppress|do-not-sell|opted-out/);
  });

  it("tells an admin each reason", async () => {
    const answer = await convertAs("boss@example.com");
    const outcome = answer.outcome as { report: Record<string, unknown> };
    expect(outcome.report).toMatchObject({ rowsRead: 4, written: 2, duplicateEmails: 1, suppressed: 1 });
    expect(outcome.report).not.toHaveProperty("leftOut");
  });

  it("refuses a conversion with 429 and a message while the user runs their share already", async () => {
    expect(await convertAs("busy@example.com", MAX_RUNNING_PER_USER)).toEqual({
      status: 429,
      error: CONVERTER_LIMIT_ERRORS.tooManyRunning(MAX_RUNNING_PER_USER),
    });
  });

  it("still refuses a visitor with 401", async () => {
    const response = await handleConvertRequest(
      accounts,
      new Request(`${TEST_APP_URL}/api/converter/convert`, { method: "POST", body: "{}" }),
      dir,
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Sign in to convert a file." });
  });
});
