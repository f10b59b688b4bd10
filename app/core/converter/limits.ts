import { CONVERTER_LIMIT_ERRORS } from "../messages";

/**
 * What one person may hold and run in the converter at once (docs/decisions/018): each upload is up to
 * 100 MB on disk for an hour, and each upload or conversion streams a whole file on the thread that
 * serves every page, so a person's share is capped and the next request is refused with a 429 and a
 * message until one finishes, is downloaded or expires.
 */
export const MAX_HELD_FILES_PER_USER = 5;
export const MAX_RUNNING_PER_USER = 2;

/** Why a person may not start another upload now, or null. */
export function uploadLimitProblem(held: number, running: number): string | null {
  if (running >= MAX_RUNNING_PER_USER) return CONVERTER_LIMIT_ERRORS.tooManyRunning(running);
  if (held >= MAX_HELD_FILES_PER_USER) return CONVERTER_LIMIT_ERRORS.tooManyHeld(held);
  return null;
}

/** Why a person may not start another conversion now, or null (the upload it converts is held already). */
export function conversionLimitProblem(running: number): string | null {
  return running >= MAX_RUNNING_PER_USER ? CONVERTER_LIMIT_ERRORS.tooManyRunning(running) : null;
}
