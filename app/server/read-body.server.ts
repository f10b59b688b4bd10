import { REQUEST_BODY_ERRORS } from "~/core/messages";

/** Every form and JSON body of ours is a few kB; anything much larger is not one of them. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * A body found too large while reading is still read (and thrown away) up to this many bytes before the 413
 * is sent: answering while the client is still uploading and then closing the stream reset the connection,
 * and the client saw no answer at all (a chunked upload of 2 MB got "connection reset by peer"). Beyond this,
 * the upload is cut off: nobody sends a form this large by mistake.
 */
export const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;

/** The two encodings an HTML form is sent in. */
const FORM_TYPES: ReadonlySet<string> = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * docs/product.md#security: a body that is not what the endpoint reads is the sender's mistake, so it is answered 4xx with a message,
 * never a 500. Thrown as a Response (JSON `{ error }`, no-store): a resource route (/auth) returns it as it is,
 * and a page route's action shows it in the root error boundary with its status.
 */
function refuse(status: 400 | 413 | 415, message: string): never {
  throw Response.json({ error: message }, { status, headers: { "Cache-Control": "no-store" } });
}

/** The media type of a Content-Type header, lower-cased and without its parameters; null when absent. */
export function mediaTypeOf(contentType: string | null): string | null {
  const type = contentType?.split(";", 1)[0]?.trim().toLowerCase();
  return type ? type : null;
}

/** Reads the rest of a body without keeping it, up to DRAIN_LIMIT_BYTES in all; cancels it beyond that. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, readSoFar: number): Promise<void> {
  let size = readSoFar;
  while (size <= DRAIN_LIMIT_BYTES) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
  }
  await reader.cancel();
}

async function readCapped(
  request: Request,
  maxBytes: number = MAX_BODY_BYTES,
  tooLarge: string = REQUEST_BODY_ERRORS.tooLarge,
): Promise<Buffer<ArrayBuffer>> {
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) refuse(413, tooLarge);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await drain(reader, size);
        refuse(413, tooLarge);
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

/**
 * The posted form of any route action (the auth dialog, password reset, profile, the public forms, the demo
 * checkout): the one place a form body is read, so every action answers the same way to a body that is not
 * one. A form is urlencoded or multipart; a body without a Content-Type is read as urlencoded (browsers always
 * send one with a form). Refused, each with a message:
 * - another Content-Type (JSON, text/plain, ...) is refused with 415;
 * - a body that cannot be parsed as its type (a multipart body without its boundary, a bogus boundary) with 400;
 * - a field (name or value) with a NUL character, which no field accepts and PostgreSQL cannot store, with 400;
 * - a body over MAX_BODY_BYTES with 413 as soon as it is seen to be larger (from its declared length, or
 *   while reading), never buffered whole.
 * Values may still be files or empty: each action validates its fields as before.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = mediaTypeOf(request.headers.get("content-type"));
  if (type !== null && !FORM_TYPES.has(type)) refuse(415, REQUEST_BODY_ERRORS.formType);
  const body = await readCapped(request);
  const headers = {
    "content-type":
      type === null ? "application/x-www-form-urlencoded" : (request.headers.get("content-type") as string),
  };
  let form: FormData;
  try {
    form = await new Request(request.url, { method: "POST", headers, body }).formData();
  } catch {
    refuse(400, REQUEST_BODY_ERRORS.formMalformed);
  }
  // PostgreSQL cannot store a NUL character in text: a value carrying one failed at the first write (a 500).
  // Nobody types one, so the form is refused rather than changed.
  for (const [name, value] of form) {
    if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) {
      refuse(400, REQUEST_BODY_ERRORS.formNul);
    }
  }
  return form;
}

/**
 * The JSON object posted to an API action (/api/checkout): refused with 400 when the body is not JSON, or is
 * JSON but not an object (`null`, an array, a number: reading a field of one was a 500), and with 413 over
 * MAX_BODY_BYTES. The caller has checked the Content-Type (isJsonType).
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const text = new TextDecoder().decode(await readCapped(request));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    refuse(400, REQUEST_BODY_ERRORS.jsonInvalid);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    refuse(400, REQUEST_BODY_ERRORS.jsonObject);
  return body as Record<string, unknown>;
}

/**
 * A body read whole as UTF-8 text, at most `maxBytes` (docs/decisions/018): refused with 413 and `tooLarge`
 * as soon as it is seen to be larger (its declared length, or while reading), never held whole. For an
 * endpoint that must see the exact bytes (a signed webhook) and takes bodies larger than a form's.
 */
export async function readTextCapped(request: Request, maxBytes: number, tooLarge: string): Promise<string> {
  return new TextDecoder().decode(await readCapped(request, maxBytes, tooLarge));
}

/** A body's bytes, at most `maxBytes`, refused as readTextCapped refuses (an upload read as a form: decision 032). */
export async function readBytesCapped(
  request: Request,
  maxBytes: number,
  tooLarge: string,
): Promise<Buffer<ArrayBuffer>> {
  return readCapped(request, maxBytes, tooLarge);
}

/** Whether a Content-Type is JSON: application/json, or a structured `+json` type. */
export function isJsonType(contentType: string | null): boolean {
  return /^application\/([\w.-]+\+)?json$/.test(mediaTypeOf(contentType) ?? "");
}
