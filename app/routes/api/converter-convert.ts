import { getAuthServices } from "~/server/auth/auth-services.server";
import { handleConvertRequest } from "~/server/converter/convert-request.server";
import type { Route } from "./+types/converter-convert";

/** docs/product.md#converter: POST /api/converter/convert: see handleConvertRequest. */
export async function action({ request }: Route.ActionArgs) {
  return handleConvertRequest(await getAuthServices(), request);
}
