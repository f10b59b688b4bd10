import { describe, expect, it } from "vitest";
import { REQUEST_BODY_ERRORS } from "~/core/messages";
import {
  DRAIN_LIMIT_BYTES,
  isJsonType,
  MAX_BODY_BYTES,
  mediaTypeOf,
  readForm,
  readJsonObject,
  readTextCapped,
} from "./read-body.server";

/** A request body that never ends (64 KB a pull), counting what was sent and whether the reader cancelled. */
function endlessBody() {
  const seen = { sent: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      seen.sent += 64 * 1024;
      controller.enqueue(new Uint8Array(64 * 1024));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

function post(body: BodyInit | null, contentType: string | null): Request {
  const headers = new Headers();
  if (contentType !== null) headers.set("content-type", contentType);
  // As bytes: a string body would be given a text/plain Content-Type by Request itself.
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  return new Request("http://localhost/auth", { method: "POST", headers, body: bytes });
}

/** The refusal readForm throws (a Response): its status and JSON body; null when the form was read. */
async function refusalOf(
  request: Request,
  read: (request: Request) => Promise<unknown> = readForm,
): Promise<{ status: number; body: unknown } | null> {
  try {
    await read(request);
    return null;
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    return { status: error.status, body: await error.json() };
  }
}

describe("readForm", () => {
  it("reads an urlencoded form", async () => {
    const form = await readForm(post("name=Ada&email=ada%40x.example", "application/x-www-form-urlencoded"));
    expect(form.get("name")).toBe("Ada");
    expect(form.get("email")).toBe("ada@x.example");
  });

  it("reads a multipart form", async () => {
    const body = new FormData();
    body.set("name", "Grace");
    const form = await readForm(new Request("http://localhost/contact", { method: "POST", body }));
    expect(form.get("name")).toBe("Grace");
  });

  it("reads a body without a Content-Type as urlencoded (docs/product.md#accounts: it was a 500 on /auth)", async () => {
    const form = await readForm(post("intent=signin&email=a%40b.example", null));
    expect(form.get("intent")).toBe("signin");
    expect((await readForm(post(null, null))).get("intent")).toBeNull();
  });

  it("takes the media type in any case, with parameters", async () => {
    const form = await readForm(post("a=1", "Application/X-WWW-Form-URLEncoded; charset=UTF-8"));
    expect(form.get("a")).toBe("1");
  });

  it.each([
    ["application/json", '{"intent":"signin"}'],
    ["application/json", "null"],
    ["text/plain", "intent=signin"],
    ["application/octet-stream", "\u0000\u0001"],
    ["nonsense", "a=1"],
  ])("refuses a %s body with 415 and a message", async (type, body) => {
    expect(await refusalOf(post(body, type))).toEqual({
      status: 415,
      body: { error: REQUEST_BODY_ERRORS.formType },
    });
  });

  it.each([
    ["multipart/form-data", "intent=signin"],
    ["multipart/form-data; boundary=zzz", "garbage"],
    ["multipart/form-data; boundary=zzz", '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1'],
    ["multipart/form-data; boundary=", "--\r\n"],
  ])("refuses a malformed multipart body (%s) with 400 and a message", async (type, body) => {
    expect(await refusalOf(post(body, type))).toEqual({
      status: 400,
      body: { error: REQUEST_BODY_ERRORS.formMalformed },
    });
  });

  it.each([
    ["a value", "message=hello%00world", "application/x-www-form-urlencoded"],
    ["a field name", "a%00b=1", "application/x-www-form-urlencoded"],
    [
      "a multipart value",
      '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\u0000da\r\n--b--\r\n',
      "multipart/form-data; boundary=b",
    ],
  ])(
    "refuses a NUL character in %s with 400 (PostgreSQL cannot store it: it was a 500)",
    async (_, body, type) => {
      expect(await refusalOf(post(body, type))).toEqual({
        status: 400,
        body: { error: REQUEST_BODY_ERRORS.formNul },
      });
    },
  );

  it("keeps other control characters and Unicode as they are (each field validates its own)", async () => {
    const form = await readForm(
      post("message=a%09b%0Ac%01%C3%BC%F0%9F%9A%80", "application/x-www-form-urlencoded"),
    );
    expect(form.get("message")).toBe("a\tb\nc\u0001ü🚀");
  });

  it("refuses a body larger than a form of ours with 413, by its declared length or while reading", async () => {
    const big = `message=${"x".repeat(MAX_BODY_BYTES + 1)}`;
    expect((await refusalOf(post(big, "application/x-www-form-urlencoded")))?.status).toBe(413);
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(8 * 1024).fill(120));
        controller.close();
      },
    });
    const request = new Request("http://localhost/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: streamed,
      duplex: "half",
    } as RequestInit);
    expect(await refusalOf(request)).toEqual({
      status: 413,
      body: { error: REQUEST_BODY_ERRORS.tooLarge },
    });
  });

  it("reads the rest of an oversized streamed body before refusing it, so the client gets the 413 (no reset)", async () => {
    // Closing the stream mid-upload made the Node adapter destroy the socket: the client saw a reset, no 413.
    let cancelled = false;
    let chunksLeft = 64; // 512 KB in 8 KB chunks: over MAX_BODY_BYTES, under DRAIN_LIMIT_BYTES
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (chunksLeft-- > 0) controller.enqueue(new Uint8Array(8 * 1024).fill(120));
        else controller.close();
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request("http://localhost/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect((await refusalOf(request))?.status).toBe(413);
    expect(chunksLeft).toBe(-1);
    expect(cancelled).toBe(false);
  });

  it("cuts off a body beyond DRAIN_LIMIT_BYTES instead of reading it forever", async () => {
    const { stream, seen } = endlessBody();
    const request = new Request("http://localhost/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect((await refusalOf(request))?.status).toBe(413);
    expect(seen.cancelled).toBe(true);
    expect(seen.sent).toBeLessThan(DRAIN_LIMIT_BYTES + 1024 * 1024);
  });

  it("answers its refusals uncached", async () => {
    try {
      await readForm(post("{}", "application/json"));
    } catch (error) {
      expect((error as Response).headers.get("cache-control")).toBe("no-store");
    }
    expect.assertions(1);
  });
});

describe("mediaTypeOf", () => {
  it("is the lower-cased type without parameters, or null", () => {
    expect(mediaTypeOf("Multipart/Form-Data; boundary=x")).toBe("multipart/form-data");
    expect(mediaTypeOf("  ")).toBeNull();
    expect(mediaTypeOf(null)).toBeNull();
  });
});

describe("readJsonObject", () => {
  it("reads a JSON object", async () => {
    expect(await readJsonObject(post('{"plan":"monthly"}', "application/json"))).toEqual({ plan: "monthly" });
  });

  it.each(["null", "[]", "[1]", "42", '"monthly"', "true"])(
    "refuses JSON %s with 400: the body must be an object (docs/product.md#plans: null was a 500 on /api/checkout)",
    async (json) => {
      expect(await refusalOf(post(json, "application/json"), readJsonObject)).toEqual({
        status: 400,
        body: { error: REQUEST_BODY_ERRORS.jsonObject },
      });
    },
  );

  it.each(["", "{", "{plan: monthly}", "\u0000"])("refuses %j (not JSON) with 400", async (text) => {
    expect(await refusalOf(post(text, "application/json"), readJsonObject)).toEqual({
      status: 400,
      body: { error: REQUEST_BODY_ERRORS.jsonInvalid },
    });
  });

  it("refuses a body over MAX_BODY_BYTES with 413", async () => {
    const big = JSON.stringify({ plan: "x".repeat(MAX_BODY_BYTES) });
    expect((await refusalOf(post(big, "application/json"), readJsonObject))?.status).toBe(413);
  });
});

describe("isJsonType", () => {
  it("is application/json with any parameters, and +json types", () => {
    expect(isJsonType("application/json")).toBe(true);
    expect(isJsonType("Application/JSON; charset=utf-8")).toBe(true);
    expect(isJsonType("application/merge-patch+json")).toBe(true);
    expect(isJsonType("text/json")).toBe(false);
    expect(isJsonType("application/x-www-form-urlencoded")).toBe(false);
    expect(isJsonType(null)).toBe(false);
  });
});

describe("readTextCapped (docs/decisions/018)", () => {
  const read = (request: Request) => readTextCapped(request, 1024, "too big for this");

  it("reads a body up to its cap exactly as sent", async () => {
    const text = `{"id":"evt_1","note":"caf\u00e9 ${"x".repeat(1000)}"}`.slice(0, 1000);
    expect(await read(post(text, "application/json"))).toBe(text);
  });

  it("refuses a larger body with 413 and its message from the declared length, reading none of it", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(512));
      },
    });
    const request = new Request("http://localhost/api/webhooks/stripe", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(100 * 1024 * 1024) },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(await refusalOf(request, read)).toEqual({ status: 413, body: { error: "too big for this" } });
    // The stream's first pull happens when it is made; nothing was read after it.
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("refuses a streamed body without a length once past the cap, never holding more than the cap", async () => {
    const { stream, seen } = endlessBody();
    const request = new Request("http://localhost/api/webhooks/stripe", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect((await refusalOf(request, read))?.status).toBe(413);
    expect(seen.cancelled).toBe(true);
    expect(seen.sent).toBeLessThan(DRAIN_LIMIT_BYTES + 1024 * 1024);
  });
});
