import { getCurrentUser } from "~/server/auth/session.server";
import {
  ConverterBusy,
  ConverterInputError,
  receiveConverterUpload,
  UploadRefused,
} from "~/server/converter/convert-upload.server";
import type { Route } from "./+types/converter-upload";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET: nothing here; the converter page posts files to this URL. */
export function loader() {
  return Response.json(
    { error: "POST a CSV file here (the body is the file, ?name= its name)." },
    { status: 405, headers: { ...NO_STORE, Allow: "POST" } },
  );
}

/**
 * docs/product.md#converter: POST /api/converter/upload?name=<file.csv>, the body the file itself (as the admin imports take
 * it). Any signed-in user may convert a file (401 otherwise). 201 with the file's columns, the lead field each
 * was recognised as, its encoding and separator; refused with `{ error }`: 400, 405, 413, 415, and 429 when
 * the user holds or runs their share of the converter already (docs/decisions/018).
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  if (!user) {
    return Response.json({ error: "Sign in to convert a file." }, { status: 401, headers: NO_STORE });
  }
  if (request.method !== "POST") {
    return Response.json(
      { error: "POST the file." },
      { status: 405, headers: { ...NO_STORE, Allow: "POST" } },
    );
  }
  try {
    const analysis = await receiveConverterUpload(request, user.id);
    return Response.json(analysis, { status: 201, headers: NO_STORE });
  } catch (error) {
    if (error instanceof UploadRefused || error instanceof ConverterBusy) {
      return Response.json({ error: error.message }, { status: error.status, headers: NO_STORE });
    }
    if (error instanceof ConverterInputError) {
      return Response.json({ error: error.message }, { status: 400, headers: NO_STORE });
    }
    throw error;
  }
}
