// docs/product.md#security: every request gets an id, echoed on the response (X-Request-Id) and kept in the
// request's X-Request-Id header, and the rest of the request runs in the app's logging scope for it, so each
// line logged while serving the request names it (app/server/logger.server.ts). A proxy in TRUSTED_PROXIES may pass its own id on (one id from the edge to the logs); from anyone
// else the header is replaced, so a client cannot put words into our logs or impersonate another request.
import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "x-request-id";

/** What an id passed on by a proxy may look like: short, and safe in a header and a log line. */
const ACCEPTABLE_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * The request's id: the one a trusted proxy sent when it looks like an id, else a new UUID.
 * @param {string | string[] | undefined} offered the X-Request-Id header as received
 * @param {boolean} fromTrustedProxy whether the connection comes from one of TRUSTED_PROXIES
 * @param {() => string} [generate]
 */
export function chooseRequestId(offered, fromTrustedProxy, generate = randomUUID) {
  if (fromTrustedProxy && typeof offered === "string" && ACCEPTABLE_ID.test(offered)) return offered;
  return generate();
}

/**
 * Installs the id (after installClientIp, whose `trust proxy` setting decides who is trusted). The rest of
 * the request runs inside `runAs(id, next)`: the app's logger names the id of the request it serves
 * (withRequestId of app/server/logger.server.ts, reached through the build's entry module).
 * @param {import("express").Express} app
 * @param {(requestId: string, work: () => void) => void} [runAs]
 */
export function installRequestId(app, runAs = (_requestId, work) => work()) {
  app.use((req, res, next) => {
    /** @type {((address: string, hop: number) => boolean) | undefined} */
    const trust = req.app.get("trust proxy fn");
    const peer = req.socket.remoteAddress ?? "";
    const id = chooseRequestId(req.headers[REQUEST_ID_HEADER], Boolean(peer && trust?.(peer, 0)));
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader("X-Request-Id", id);
    runAs(id, next);
  });
}
