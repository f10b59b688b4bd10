import { formatWithOptions } from "node:util";
import pino from "pino";
import { env } from "./env.server";
import { currentRequestId } from "./request-scope.server";

/**
 * Structured JSON logs on stdout. A line logged while serving a request carries its `requestId`
 * (request-scope.server.ts); pass `requestId: undefined` for an event that is no request's.
 */
export const logger = pino({
  level: env().LOG_LEVEL,
  base: { app: "roundlist" },
  mixin() {
    const requestId = currentRequestId();
    return requestId ? { requestId } : {};
  },
});

/**
 * docs/product.md#security: server.mjs sends what libraries print with console.error and console.warn (React,
 * better-auth) through the logger too, as JSON lines naming the request, never as bare stacks on stderr.
 */
export function captureConsole(): void {
  const toLogger =
    (level: "error" | "warn") =>
    (...args: unknown[]) => {
      const err = args.find((arg) => arg instanceof Error);
      const rest = args.filter((arg) => arg !== err);
      const message = rest.length > 0 ? formatWithOptions({ breakLength: Infinity }, ...rest) : String(err);
      logger[level]({ source: "console", ...(err ? { err } : {}) }, message);
    };
  console.error = toLogger("error");
  console.warn = toLogger("warn");
}
