import { z } from "zod";

/**
 * zod for the code that also runs in the browser. docs/product.md#security: the pages' Content-Security-Policy
 * allows no `eval`, and zod's JIT probes for it with `new Function("")` on its first parse, which the
 * browser reports as a CSP violation (zod then falls back to this same interpreted mode). jitless skips the
 * probe; the schemas here are small, so nothing measurable is lost.
 */
z.config({ jitless: true });

export { z };
