/**
 * Generators of hostile HTTP input for the fuzz tests (fuzz.spec.ts, docs/product.md#security), and the runner that
 * sends one request and records what came back. Every generated request is something a client can put on the
 * wire: header values are ASCII without CR/LF/NUL, and paths may carry malformed percent-encoding (fetch keeps
 * `%zz` as it is).
 */
import http from "node:http";
import fc from "fast-check";

// ------------------------------------------------------------------------------------------------
// Strings

const CONTROLS = [
  ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)),
  "\u007f",
  "\u0085",
  "\u00a0",
  "\u200b",
  "\u2028",
  "\u2029",
  "\ufeff",
  "\ufffd",
  "\ud800",
  "\udfff",
];
const UNICODE = ["é", "e\u0301", "İ", "ß", "Ω", "中文", "🚀", "👩‍👩‍👧", "\u202e", "\u0000", "ﷺ", "𝔘"];

/** Values that have broken parsers before: encodings, prototypes, injections, numbers as text. */
const SPECIAL = [
  "",
  " ",
  "%",
  "%zz",
  "%E0%A4%A",
  "%00",
  "%ED%A0%80",
  "__proto__",
  "constructor",
  "prototype",
  "continent:__proto__",
  "continent:",
  "country:",
  "state:",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "1e308",
  "99999999999999999999",
  "true",
  "[]",
  "{}",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "//evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  "data:text/html,<b>x</b>",
  "/\\evil.example",
  "\\\\evil.example",
  "a@b",
  "ada@example.com",
  "ADA@EXAMPLE.COM",
  "monthly",
  "pro",
  "lifetime",
  "on",
  "yes",
  "signin",
  "signup",
  "reset",
  "resend",
  "profile",
  "password",
  "cancel",
  "resume",
  "switch",
  "payment-method",
  "visa",
  "delete",
];

/** A long value of one repeated piece: over the field limits, sometimes over the 64 kB form cap. */
const longString = fc
  .tuple(
    fc.constantFrom("x", "é", "%", "\u0000", "🚀", "a ", "%E0%A4%A"),
    fc.integer({ min: 100, max: 70_000 }),
  )
  .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)));

/** Random text: ASCII, any code point (lone surrogates too), control characters, Unicode, specials, long. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.string({ unit: fc.constantFrom(...CONTROLS, ...UNICODE, "a", "%"), maxLength: 30 }),
  },
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL) },
  { weight: 2, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: longString },
);

/** A plausible value half the time, a nasty one otherwise: both the happy paths and the refusals run. */
export function plausible(...values: string[]): fc.Arbitrary<string> {
  return fc.oneof(fc.constantFrom(...values), nastyString);
}

/** A plausible email address, or a nasty string. */
export const emailish = fc.oneof(
  fc.emailAddress().map((email) => email.slice(0, 200)),
  fc.uuid().map((id) => `fuzz-${id}@e2e.example`),
  nastyString,
);

// ------------------------------------------------------------------------------------------------
// Bodies

export interface FuzzBody {
  /** What kind of body this is (reported with a failure). */
  kind: string;
  contentType: string | null;
  body: Uint8Array<ArrayBuffer> | FormData | null;
}

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text);

/** Fields of a form: the endpoint's own (plausible values) and, sometimes, random extra or missing ones. */
export type FieldsArbitrary = fc.Arbitrary<Array<[string, string]>>;

/** A form of the given fields (some dropped), plus random extra fields. */
export function formFields(fields: Record<string, fc.Arbitrary<string>>): FieldsArbitrary {
  const own = fc.record(
    Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, fc.option(value, { freq: 8 })])),
  ) as fc.Arbitrary<Record<string, string | null>>;
  const extra = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom(...Object.keys(fields)), nastyString), nastyString),
    {
      maxLength: 3,
    },
  );
  return fc
    .tuple(own, extra)
    .map(([values, more]) => [
      ...Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== null),
      ...more,
    ]);
}

const FORM_TYPE = fc.constantFrom(
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=UTF-8",
  "APPLICATION/X-WWW-FORM-URLENCODED",
);
const OTHER_TYPES = [
  "text/plain",
  "text/plain; charset=utf-8",
  "application/json",
  "application/json; charset=utf-8",
  "application/xml",
  "application/octet-stream",
  "multipart/mixed; boundary=x",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  'multipart/form-data; boundary=""',
  "image/png",
  "*/*",
  ";",
  "nonsense",
];
const asciiToken = fc
  .string({ unit: "binary-ascii", maxLength: 40 })
  .map((text) => text.replace(/[^\x20-\x7e]/g, ""));

function urlencoded(fields: Array<[string, string]>): string {
  return new URLSearchParams(fields).toString();
}

function multipartFormData(fields: Array<[string, string]>, withFile: boolean): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  if (withFile) form.append(fields[0]?.[0] ?? "file", new Blob([bytes("file\u0000content")]), "x.bin");
  return form;
}

/** A multipart body that is wrong in one way: no boundary, another boundary, cut off, or garbage. */
const brokenMultipart = fc
  .tuple(
    fc.constantFrom("missing", "other", "truncated", "garbage", "no-type-params"),
    fc
      .string({ unit: "grapheme-ascii", minLength: 1, maxLength: 20 })
      .map((text) => text.replace(/[^\w'()+,./:=?-]/g, "b") || "b"),
    nastyString,
  )
  .map(([how, boundary, text]): FuzzBody => {
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${text}\r\n`;
    switch (how) {
      case "missing":
        return { kind: "multipart-no-boundary", contentType: "multipart/form-data", body: bytes(part) };
      case "other":
        return {
          kind: "multipart-other-boundary",
          contentType: `multipart/form-data; boundary=${boundary}x`,
          body: bytes(`${part}--${boundary}--\r\n`),
        };
      case "truncated":
        return {
          kind: "multipart-truncated",
          contentType: `multipart/form-data; boundary=${boundary}`,
          body: bytes(part),
        };
      case "no-type-params":
        return { kind: "multipart-bare", contentType: "multipart/form-data;", body: bytes(text) };
      default:
        return {
          kind: "multipart-garbage",
          contentType: `multipart/form-data; boundary=${boundary}`,
          body: bytes(text),
        };
    }
  });

/** JSON of any shape: arrays, null, numbers, strings, objects (the fields as an object too). */
function jsonBodies(fields: FieldsArbitrary): fc.Arbitrary<FuzzBody> {
  return fc
    .tuple(
      fc.oneof(
        fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
        fields.map((entries) => JSON.stringify(Object.fromEntries(entries))),
        fc.constantFrom("null", "[]", "0", "-1", '"text"', "true", "{", '{"a":', "[1,2,3]"),
      ),
      fc.constantFrom("application/json", "application/json; charset=utf-8", "text/json", null),
    )
    .map(([json, type]) => ({ kind: `json:${type ?? "untyped"}`, contentType: type, body: bytes(json) }));
}

/**
 * Every kind of body a client can send to an endpoint that reads a form (or JSON): well-formed forms of
 * its fields (urlencoded, multipart, with a file part), raw urlencoded text, JSON of any shape, text/plain,
 * broken multipart, no Content-Type, an unknown Content-Type with random bytes, and no body at all.
 */
export function bodies(fields: FieldsArbitrary, extraJson?: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzBody> {
  const rawText = fc.oneof(
    nastyString,
    fc.constantFrom("a=%zz&&=&%", "=", "&&&", "a=1&a=2&a=3", "%E0%A4%A=x"),
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.tuple(fields, FORM_TYPE).map(([entries, type]) => ({
        kind: "form",
        contentType: type,
        body: bytes(urlencoded(entries)),
      })),
    },
    {
      weight: 3,
      arbitrary: fc.tuple(fields, fc.boolean()).map(([entries, withFile]) => ({
        kind: withFile ? "multipart+file" : "multipart",
        contentType: null,
        body: multipartFormData(entries, withFile),
      })),
    },
    {
      weight: 1,
      arbitrary: fields.map((entries) => ({
        kind: "form-untyped",
        contentType: null,
        body: bytes(urlencoded(entries)),
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(rawText, FORM_TYPE).map(([text, type]) => ({
        kind: "form-raw",
        contentType: type,
        body: bytes(text),
      })),
    },
    { weight: 2, arbitrary: jsonBodies(fields) },
    ...(extraJson
      ? [
          {
            weight: 4,
            arbitrary: extraJson.map((value) => ({
              kind: "json-shaped",
              contentType: "application/json",
              body: bytes(JSON.stringify(value) ?? "null"),
            })),
          },
        ]
      : []),
    {
      weight: 1,
      arbitrary: fc.tuple(fields, fc.constantFrom(...OTHER_TYPES)).map(([entries, type]) => ({
        kind: `typed:${type}`,
        contentType: type,
        body: bytes(urlencoded(entries)),
      })),
    },
    { weight: 2, arbitrary: brokenMultipart },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(asciiToken, fc.constantFrom(...OTHER_TYPES)), fc.uint8Array({ maxLength: 300 }))
        .map(([type, raw]) => ({ kind: "random-bytes", contentType: type || null, body: raw })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<FuzzBody>(
        { kind: "empty", contentType: null, body: null },
        { kind: "empty-form", contentType: "application/x-www-form-urlencoded", body: null },
        { kind: "empty-multipart", contentType: "multipart/form-data; boundary=x", body: null },
      ),
    },
  );
}

// ------------------------------------------------------------------------------------------------
// URLs

/** A query string of these parameters (plausible values) plus random ones; sometimes raw and malformed. */
export function queryStrings(params: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const encoded = formFields(params).map((entries) => new URLSearchParams(entries).toString());
  const raw = fc
    .tuple(fc.constantFrom(...Object.keys(params)), fc.oneof(fc.constantFrom(...SPECIAL), asciiToken))
    .map(([name, value]) => `${name}=${value.replace(/[#\s]/g, "")}`);
  return fc.oneof({ weight: 4, arbitrary: encoded }, { weight: 1, arbitrary: raw });
}

/** The text with lone surrogates replaced (encodeURIComponent throws on them). */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}

/** One path segment: percent-encoded text, or raw text that may be malformed percent-encoding. */
export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: nastyString.map((text) => encodeURIComponent(wellFormed(text)).slice(0, 4000)) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.constantFrom("%zz", "%E0%A4%A", "%", "%ED%A0%80", "%C3", "a", "%2F", "%00", "..", "."), {
        minLength: 1,
        maxLength: 300,
      })
      .map((pieces) => pieces.join("")),
  },
  {
    weight: 1,
    arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }).map((text) => text.replace(/[/?#]/g, "")),
  },
);

/** What the client says it is: usually the app's own origin (as a browser would), sometimes nothing. */
export const originChoice = fc.oneof(
  { weight: 9, arbitrary: fc.constant("self") },
  { weight: 1, arbitrary: fc.constant("none") },
);

// ------------------------------------------------------------------------------------------------
// The runner

export interface FuzzRequest {
  method: "GET" | "POST";
  /** The path and query, sent as they are (a malformed escape stays malformed; `..` is not resolved). */
  path: string;
  body?: FuzzBody;
  headers?: Record<string, string>;
  /** Whether to send Origin: the server's own origin (as a browser would), or nothing. */
  origin?: "self" | "none";
}

export interface EndpointStats {
  runs: number;
  /** Status code (or "reset", see sendAndCheck) -> how many answers. */
  statuses: Map<string, number>;
  maxLatencyMs: number;
  kinds: Map<string, number>;
}

export const MAX_LATENCY_MS = 2_000;
/** A request that has not answered by then is aborted and reported (it is far over MAX_LATENCY_MS anyway). */
const REQUEST_TIMEOUT_MS = 10_000;
/**
 * DRAIN_LIMIT_BYTES of app/server/read-body.server.ts: a body over the form cap is still read up to this size
 * before its 413 is sent, so the client gets the answer; only a larger upload is cut off (a TCP reset).
 */
const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * Node's limit on a request's line and headers (http.maxHeaderSize, 16 KB). A longer request target is
 * answered 431 by Node's own parser, which then destroys the connection: a client still writing the rest of
 * its request gets a TCP reset that can overtake the 431, as with a body over DRAIN_LIMIT_BYTES.
 */
const MAX_HEAD_BYTES = http.maxHeaderSize;

export function newStats(): EndpointStats {
  return { runs: 0, statuses: new Map(), maxLatencyMs: 0, kinds: new Map() };
}

/** What Node's HTTP client accepts as a request target: anything else percent-encoded (UTF-8). */
function requestTarget(path: string): string {
  return wellFormed(path).replace(/[^\x21-\x7e]/gu, (char) => encodeURIComponent(char));
}

async function bodyBytes(
  body: FuzzBody | undefined,
): Promise<{ bytes: Uint8Array | null; type: string | null }> {
  if (!body?.body) return { bytes: null, type: body?.contentType ?? null };
  if (body.body instanceof Uint8Array) return { bytes: body.body, type: body.contentType };
  // A FormData: serialized as fetch would, with its boundary.
  const response = new Response(body.body);
  return {
    bytes: new Uint8Array(await response.arrayBuffer()),
    type: body.contentType ?? response.headers.get("content-type"),
  };
}

function describeRequest(request: FuzzRequest, bytes: Uint8Array | null): string {
  const shown = bytes ? new TextDecoder().decode(bytes.slice(0, 200)) : "";
  const size = bytes ? `${bytes.byteLength} B` : "no body";
  return `${request.method} ${request.path.slice(0, 200)} [${request.body?.kind ?? "none"}; ${request.body?.contentType ?? "no type"}; ${size}] ${JSON.stringify(shown)}`;
}

interface Answer {
  /** The status, or "reset": the connection was reset before an answer arrived (see sendAndCheck). */
  status: number | "reset";
  text: string;
}

/** One request on a connection of its own (no keep-alive), its whole answer read. */
function exchange(
  baseUrl: string,
  request: FuzzRequest,
  headers: Record<string, string>,
  bytes: Uint8Array | null,
): Promise<Answer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let status: number | undefined;
    let text = "";
    const sent = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: requestTarget(request.path),
        headers: { ...headers, ...(bytes ? { "content-length": String(bytes.byteLength) } : {}) },
        agent: false,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        status = response.statusCode ?? 0;
        response.setEncoding("latin1");
        response.on("data", (chunk: string) => {
          if (text.length < 2_000) text += chunk;
        });
        response.on("end", () => resolve({ status: status as number, text }));
        // The answer arrived; the server closing the connection while it still had unread body is not an error.
        response.on("error", () => resolve({ status: status as number, text }));
      },
    );
    sent.on("timeout", () => sent.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    // The request's line and headers, as sent (the 431 rule below).
    const headBytes =
      Buffer.byteLength(`${request.method} ${requestTarget(request.path)} HTTP/1.1\r\n`) +
      Object.entries(sent.getHeaders()).reduce(
        (sum, [name, value]) => sum + Buffer.byteLength(`${name}: ${String(value)}\r\n`),
        0,
      );
    sent.on("error", (error: NodeJS.ErrnoException) => {
      if (status !== undefined) resolve({ status, text });
      // A body over the drain limit is cut off mid-upload, and a head over Node's limit is refused by its
      // parser: the peer's TCP reset can overtake the 413 or 431. Reported as "reset" (the server is then
      // checked to be up), never as a pass of a 5xx. A smaller request must get its answer.
      else if (
        (error.code === "ECONNRESET" || error.code === "EPIPE") &&
        ((bytes?.byteLength ?? 0) > DRAIN_LIMIT_BYTES || headBytes > MAX_HEAD_BYTES)
      ) {
        resolve({ status: "reset", text: "" });
      } else reject(error);
    });
    sent.end(bytes ?? undefined);
  });
}

async function isAlive(baseUrl: string): Promise<boolean> {
  return fetch(`${baseUrl}/healthz`).then(
    (response) => response.ok,
    () => false,
  );
}

/**
 * Sends one request (the whole answer read back), records its status and time in `stats`, and throws when the
 * server answered 5xx, took over MAX_LATENCY_MS, or did not answer: fast-check then reports (and shrinks) the
 * input. A body over the drain limit whose connection was reset before its 413 arrived counts as "reset",
 * once the server is seen to be up.
 */
export async function sendAndCheck(
  baseUrl: string,
  request: FuzzRequest,
  stats: EndpointStats,
  cookie?: string,
): Promise<void> {
  const { bytes, type } = await bodyBytes(request.body);
  const headers: Record<string, string> = { ...request.headers };
  if (type) headers["content-type"] = type;
  if (request.origin !== "none" && request.method === "POST") headers.origin = baseUrl;
  if (cookie) headers.cookie = cookie;
  const started = performance.now();
  let answer: Answer;
  try {
    answer = await exchange(baseUrl, request, headers, request.method === "POST" ? bytes : null);
  } catch (error) {
    throw new Error(`no answer (${String(error)}) to ${describeRequest(request, bytes)}`);
  }
  const latency = performance.now() - started;
  if (answer.status === "reset" && !(await isAlive(baseUrl))) {
    throw new Error(`the server went down after ${describeRequest(request, bytes)}`);
  }
  stats.runs += 1;
  const key = String(answer.status);
  stats.statuses.set(key, (stats.statuses.get(key) ?? 0) + 1);
  stats.maxLatencyMs = Math.max(stats.maxLatencyMs, latency);
  const kind = request.body?.kind ?? "none";
  stats.kinds.set(kind, (stats.kinds.get(kind) ?? 0) + 1);
  if (typeof answer.status === "number" && answer.status >= 500) {
    throw new Error(`${answer.status} for ${describeRequest(request, bytes)}: ${answer.text.slice(0, 300)}`);
  }
  if (latency > MAX_LATENCY_MS) {
    throw new Error(
      `${Math.round(latency)} ms (over ${MAX_LATENCY_MS}) for ${describeRequest(request, bytes)}`,
    );
  }
}

export function formatStats(name: string, stats: EndpointStats): string {
  const statuses = [...stats.statuses.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}:${count}`)
    .join(" ");
  const latency = `${String(Math.round(stats.maxLatencyMs)).padStart(4)} ms`;
  return `${name.padEnd(38)} runs ${String(stats.runs).padStart(5)}  max ${latency}  ${statuses}`;
}
