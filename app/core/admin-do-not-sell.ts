import { emailAddressSchema } from "./email-address";
import { z } from "./zod";

/**
 * docs/product.md#admin: an admin adds an address to the do-not-sell list on a person's behalf (they asked by email or
 * by phone). The same address rule as the public form, and an explicit confirmation: the list holds only
 * a keyed hash, so an entry cannot be found again by address nor undone from the console.
 */
export const adminDoNotSellSchema = z.object({
  email: emailAddressSchema,
  confirm: z.literal("yes", { error: "Tick the box to confirm the person asked for this" }),
});

export type AdminDoNotSellInput = z.infer<typeof adminDoNotSellSchema>;
