import { data } from "react-router";
import { CLIENT_IP_HEADER } from "../auth/client-ip";

/** A public form is a few kB; anything much larger is not one of ours. */
export const MAX_FORM_BYTES = 64 * 1024;

function tooLarge(): never {
  throw data({ message: "The form is too large." }, { status: 413 });
}

/**
 * The posted form of a public page. Read with a cap: a body over MAX_FORM_BYTES is refused with 413 as soon as
 * it is seen to be larger (from its declared length, or while reading), never buffered whole.
 */
export async function readPublicForm(request: Request): Promise<FormData> {
  if (Number(request.headers.get("content-length") ?? "0") > MAX_FORM_BYTES) tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_FORM_BYTES) {
        await reader.cancel();
        tooLarge();
      }
      chunks.push(value);
    }
  }
  const headers = {
    "content-type": request.headers.get("content-type") ?? "application/x-www-form-urlencoded",
  };
  return new Request(request.url, { method: "POST", headers, body: Buffer.concat(chunks) }).formData();
}

/** The client's IP as server.mjs set it (never the client's say); one shared bucket when it is missing. */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER)?.trim() || "unknown";
}
