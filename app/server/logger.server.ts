import pino from "pino";
import { env } from "./env.server";

/** Structured JSON logs on stdout. */
export const logger = pino({ level: env().LOG_LEVEL, base: { app: "roundlist" } });
