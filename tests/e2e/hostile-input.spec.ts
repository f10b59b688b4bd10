/**
 * docs/decisions/018: the requests that cost the server far more than they cost the sender, through the
 * production server: each worst input of the largest size the server accepts is refused early with a message,
 * or answered with work bounded by its size. A server of this spec's own (Stripe configured with a test key,
 * so the webhook answers; test routes on for a signed-in account).
 */
import { request as httpRequest } from "node:http";
import { CONVERTER_LIMIT_ERRORS, STRIPE_WEBHOOK_TOO_LARGE } from "~/core/messages";
import { E2E_PORT } from "./e2e-config";
import { expect, test } from "./fixtures";
import { type PrivateServer, startPrivateServer } from "./private-server";

test.describe.configure({ mode: "serial" });

let server: PrivateServer;
let cookie = "";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startPrivateServer({
    port: E2E_PORT + 8,
    seedCount: 30,
    name: "hostile",
    env: {
      ENABLE_TEST_ROUTES: "true",
      LOG_LEVEL: "fatal",
      STRIPE_SECRET_KEY: "sk_test_hostile",
      STRIPE_WEBHOOK_SECRET: "whsec_hostile_0123456789",
      STRIPE_PRICE_MONTHLY: "price_hostile_monthly",
      STRIPE_PRICE_ANNUAL: "price_hostile_annual",
    },
  });
  const response = await fetch(`${server.url}/__test/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ email: "hostile@e2e.example", password: "hostile-secret-0a9c" }),
  });
  expect(response.status, await response.text()).toBe(200);
  cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
});

test.afterAll(async () => {
  await server?.remove();
});

test("a compare path of 15 KB of '-vs-' is a 404 like any unknown pair", async () => {
  const response = await fetch(`${server.url}/compare/a${"-vs".repeat(5_000)}-b`);
  expect(response.status).toBe(404);
});

test("the Stripe webhook refuses a body over 1 MB with 413 and a message, declared or streamed", async () => {
  const body = new Uint8Array(2 * 1024 * 1024).fill(0x20);
  const streamed = await fetch(`${server.url}/api/webhooks/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
    body: new Blob([body]).stream(),
    duplex: "half",
  } as RequestInit);
  expect(streamed.status).toBe(413);
  expect(await streamed.json()).toEqual({ error: STRIPE_WEBHOOK_TOO_LARGE });
  // On a connection of its own (refused before its body is read, that connection then ends).
  const declared = await postAlone(`${server.url}/api/webhooks/stripe`, body, {
    "content-type": "application/json",
    "stripe-signature": "t=1,v1=00",
  });
  expect(declared.status).toBe(413);
  expect(JSON.parse(declared.text)).toEqual({ error: STRIPE_WEBHOOK_TOO_LARGE });
});

/** A POST on a connection of its own, its answer read even when the server stops reading the body early. */
function postAlone(
  url: string,
  body: Uint8Array,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: "POST", agent: false, headers: { ...headers, "content-length": String(body.byteLength) } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    // The server may close the connection while the body is still being written: the answer counts.
    request.on("error", (error) => setTimeout(() => reject(error), 1_000));
    request.end(body);
  });
}

test("the converter refuses a row that never ends with its message, and a sixth file held with a 429", async () => {
  const upload = (body: string) =>
    fetch(`${server.url}/api/converter/upload?name=leads.csv`, {
      method: "POST",
      headers: { "content-type": "text/csv", cookie, origin: server.url },
      body,
    });
  // One quoted field open from row 3 to the end of a 4 MB file.
  const runaway = `First Name,Email\nAda,ada@lead.example\n"${"x".repeat(4 * 1024 * 1024)}`;
  const uploaded = await upload(runaway);
  expect(uploaded.status).toBe(201);
  const analysis = (await uploaded.json()) as { uploadId: string; columns: unknown };
  const converted = await fetch(`${server.url}/api/converter/convert`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: server.url },
    body: JSON.stringify({ uploadId: analysis.uploadId, target: "instantly", columns: analysis.columns }),
  });
  const lines = (await converted.text()).trim().split("\n");
  expect(JSON.parse(lines.at(-1) ?? "{}")).toEqual({ error: CONVERTER_LIMIT_ERRORS.rowTooLong(3) });

  for (let held = 0; held < 5; held++) expect((await upload("Email\nada@lead.example\n")).status).toBe(201);
  const refused = await upload("Email\nada@lead.example\n");
  expect(refused.status).toBe(429);
  expect(await refused.json()).toEqual({ error: CONVERTER_LIMIT_ERRORS.tooManyHeld(5) });
});
