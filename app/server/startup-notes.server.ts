import type { Env } from "./env.server";

type NotesConfig = Pick<Env, "APP_ENV" | "APP_URL" | "SMTP_URL" | "ADMIN_EMAILS" | "PAYMENT_PROVIDER">;

/**
 * What a person who just ran `npm start` needs next, printed once the server listens: where the app is,
 * where confirmation links go without SMTP, and (on the first start, with the demo data just seeded) how
 * to become an admin and a subscriber locally. Nothing in production, where the operator knows.
 */
export function startupNotes(config: NotesConfig, options: { isFirstStart: boolean }): string[] {
  if (config.APP_ENV === "production") return [];
  const notes = [`Open ${config.APP_URL}`];
  if (!config.SMTP_URL) {
    notes.push(
      `No SMTP_URL: emails (sign-up confirmation links, password resets) are kept in ${config.APP_URL}/dev/mailbox`,
    );
  }
  if (!options.isFirstStart) return notes;
  notes.push(
    config.ADMIN_EMAILS.length > 0
      ? `Admins: sign up as ${config.ADMIN_EMAILS.join(" or ")} to get the Admin Panel`
      : "To be an admin: stop the server, start it with ADMIN_EMAILS=you@example.com npm start, and sign up with that address",
  );
  if (config.PAYMENT_PROVIDER === "demo") {
    notes.push(
      "To subscribe: sign up, choose a plan, and press Pay on the demo checkout (no card; nobody is charged)",
    );
  }
  notes.push("Or grant a plan: stop the server, then npm run grant -- you@example.com lifetime");
  return notes;
}
