import { Readable } from "node:stream";
import { getCurrentUser } from "~/server/auth/session.server";
import { claimDownload, deleteConverterFile } from "~/server/converter/converter-files.server";
import type { Route } from "./+types/converter-download";

/**
 * docs/product.md#converter: GET /api/converter/download/:fileId, the converted file (a CSV, or a zip of parts), for its owner
 * only; sent once (claimDownload), then deleted. 404 for anyone else, or once it is gone.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (!user) return Response.json({ error: "Sign in to download a converted file." }, { status: 401 });
  const claimed = await claimDownload(params.fileId, user.id);
  if (!claimed) {
    return Response.json(
      { error: "That file is gone (downloaded already, or over an hour old). Convert the file again." },
      { status: 404, headers: { "Cache-Control": "no-store" } },
    );
  }
  const { record, file, size } = claimed;
  const stream = file.createReadStream();
  // Deleted once read to the end, or when the download stops.
  stream.on("close", () => void deleteConverterFile(record.id));
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": record.kind === "zip" ? "application/zip" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${record.fileName}"`,
      "Content-Length": String(size),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
