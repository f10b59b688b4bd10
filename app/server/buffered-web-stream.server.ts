import type { Readable } from "node:stream";

/**
 * A web ReadableStream of a Node readable that hands on, at each read, everything the readable holds by then
 * as one chunk. React's server renderer writes a page in pieces of at most 2 KB (a search page is dozens
 * of them; its size is measured in decision 011), and each piece used to travel alone: a web-stream read,
 * a `res.write` and a socket write each. Pages still stream: what React writes later (a Suspense boundary
 * resolving) is sent when it comes.
 */
export function bufferedWebStream(source: Readable): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // Always listened to: React destroys its destination with the error when rendering fails, and an
        // "error" event nobody listens to would end the process.
        source.on("error", (error) => controller.error(error));
      },
      pull(controller) {
        return new Promise<void>((resolve, reject) => {
          const stop = () => {
            source.off("readable", onReadable);
            source.off("end", onEnd);
            source.off("error", onError);
          };
          const readAll = (): boolean => {
            // With no size, read() gives everything buffered, joined; null when nothing is.
            const chunk: Buffer | string | null = source.read();
            if (chunk === null) return false;
            controller.enqueue(typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk);
            return true;
          };
          const onReadable = () => {
            if (!readAll()) return;
            stop();
            resolve();
          };
          const onEnd = () => {
            stop();
            controller.close();
            resolve();
          };
          const onError = (error: Error) => {
            stop();
            reject(error);
          };
          if (source.readableEnded) {
            controller.close();
            resolve();
            return;
          }
          if (readAll()) {
            resolve();
            return;
          }
          source.on("readable", onReadable);
          source.once("end", onEnd);
          source.once("error", onError);
        });
      },
      // The client went away: React sees its destination close and stops rendering.
      cancel() {
        source.destroy();
      },
    },
    // Nothing is read ahead of the consumer: the readable's own buffer is the only one.
    { highWaterMark: 0 },
  );
}
