import { parseColumnMapping } from "~/core/converter/mapping-input";
import { conversionReportFor } from "~/core/converter/report-view";
import { targetById } from "~/core/converter/targets";
import type { AccountServices } from "../auth/account.server";
import { lookUpSession } from "../auth/session.server";
import { logger } from "../logger.server";
import { readJsonObject } from "../read-body.server";
import {
  ConverterBusy,
  ConverterInputError,
  conversionProblem,
  convertUpload,
  startConversion,
} from "./convert-upload.server";
import { converterDir, ownedRecord } from "./converter-files.server";

const NO_STORE = { "Cache-Control": "no-store" };

function refuse(status: number, error: string) {
  return Response.json({ error }, { status, headers: NO_STORE });
}

/**
 * docs/product.md#converter: POST /api/converter/convert `{ uploadId, target, columns }` converts an upload for a target:
 * 200 with JSON lines, progress then `{ outcome }` (the report, a 10-row preview and the converted file's id
 * for /api/converter/download/:id) or `{ error }`. The upload is deleted once converted. Refused with
 * `{ error }`: 400 (an unknown target, a bad mapping, a file with no email column for a tool that needs one),
 * 401, 404 (no such upload of this user's), 429 (the user's conversions already running, decision 018). The
 * report names do-not-sell rows to admins only (decision 019).
 */
export async function handleConvertRequest(
  { db, auth }: AccountServices,
  request: Request,
  dir: string = converterDir(),
): Promise<Response> {
  const { user } = await lookUpSession(auth, request);
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
    typeof body.uploadId === "string" ? await ownedRecord(body.uploadId, user.id, ["upload"], dir) : null;
  if (!upload)
    return refuse(
      404,
      "That upload is gone (converted already, or over an hour old). Upload the file again.",
    );
  const mapping = parseColumnMapping(body.columns ?? {}, upload.columnCount ?? 0);
  if (!mapping.ok) return refuse(400, mapping.message);
  const problem = conversionProblem(target, mapping.columns);
  if (problem !== null) return refuse(400, problem);
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
        const outcome = await convertUpload(db, user.id, upload, target, mapping.columns, dir, (share) =>
          send({ progress: Math.round(share * 100) / 100 }),
        );
        send({ outcome: { ...outcome, report: conversionReportFor(outcome.report, user.isAdmin) } });
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
