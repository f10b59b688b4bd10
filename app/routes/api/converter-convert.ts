import { parseColumnMapping } from "~/core/converter/mapping-input";
import { targetById } from "~/core/converter/targets";
import { getDb } from "~/server/app-database.server";
import { getCurrentUser } from "~/server/auth/session.server";
import {
  ConverterBusy,
  ConverterInputError,
  conversionProblem,
  convertUpload,
  startConversion,
} from "~/server/converter/convert-upload.server";
import { ownedRecord } from "~/server/converter/converter-files.server";
import { logger } from "~/server/logger.server";
import { readJsonObject } from "~/server/read-body.server";
import type { Route } from "./+types/converter-convert";

const NO_STORE = { "Cache-Control": "no-store" };

function refuse(status: number, error: string) {
  return Response.json({ error }, { status, headers: NO_STORE });
}

/**
 * Issue 18: POST /api/converter/convert `{ uploadId, target, columns }` converts an upload for a target:
 * 200 with JSON lines, progress then `{ outcome }` (the report, a 10-row preview and the converted file's id
 * for /api/converter/download/:id) or `{ error }`. The
 * upload is deleted once converted. Refused with `{ error }`: 400 (an unknown target, a bad mapping, a file
 * with no email column for a tool that needs one), 401, 404 (no such upload of this user's), 429 (the user's
 * conversions already running, docs/decisions/018).
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  if (!user) return refuse(401, "Sign in to convert a file.");
  let body: Record<string, unknown>;
  try {
    body = await readJsonObject(request);
  } catch {
    return refuse(400, "Send the conversion as a JSON object: { uploadId, target, columns }.");
  }
  const target = typeof body.target === "string" ? targetById(body.target) : null;
  if (!target) return refuse(400, "Choose what to convert the file for.");
  const upload =
    typeof body.uploadId === "string" ? await ownedRecord(body.uploadId, user.id, ["upload"]) : null;
  if (!upload)
    return refuse(
      404,
      "That upload is gone (converted already, or over an hour old). Upload the file again.",
    );
  const mapping = parseColumnMapping(body.columns ?? {}, upload.columnCount ?? 0);
  if (!mapping.ok) return refuse(400, mapping.message);
  const problem = conversionProblem(target, mapping.columns);
  if (problem !== null) return refuse(400, problem);
  const db = await getDb();
  let done: () => void;
  try {
    done = startConversion(user.id);
  } catch (error) {
    if (error instanceof ConverterBusy) return refuse(error.status, error.message);
    throw error;
  }
  // The answer is a stream of JSON lines: progress while the file converts ({"progress":0.42}), then the
  // outcome ({"outcome":…}) or what went wrong ({"error":…}), so a large file shows how far it is.
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: unknown) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      try {
        const outcome = await convertUpload(
          db,
          user.id,
          upload,
          target,
          mapping.columns,
          undefined,
          (share) => send({ progress: Math.round(share * 100) / 100 }),
        );
        send({ outcome });
      } catch (error) {
        if (!(error instanceof ConverterInputError))
          logger.error({ err: error, userId: user.id }, "conversion failed");
        send({
          error: error instanceof ConverterInputError ? error.message : "The conversion failed. Try again.",
        });
      } finally {
        done();
        controller.close();
      }
    },
  });
  return new Response(stream, {
    headers: {
      ...NO_STORE,
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
