import { type Env, env, PLAIN_EMAIL_ADDRESS } from "../env.server";

/** The address inside a From header: "Roundlist <hello@roundlist.example>" -> "hello@roundlist.example". */
export function mailboxOf(from: string): string {
  const bracketed = /<([^<>\s]+@[^<>\s]+)>/.exec(from);
  return (bracketed?.[1] ?? from).trim();
}

/**
 * Who hears about contact and trial requests: the admins (ADMIN_EMAILS). Without admins configured, the
 * product's own mailbox (MAIL_FROM's address), so a message is never dropped on the floor.
 */
export function adminRecipients(config: Pick<Env, "ADMIN_EMAILS" | "MAIL_FROM"> = env()): string[] {
  return config.ADMIN_EMAILS.length > 0 ? config.ADMIN_EMAILS : [mailboxOf(config.MAIL_FROM)];
}

/**
 * The address the terms and privacy pages give for questions and privacy requests: CONTACT_EMAIL when set,
 * else MAIL_FROM's address (a From address may be a no-reply mailbox, hence the separate setting). The env
 * module refuses a CONTACT_EMAIL that is not an address at start; an override is held to the same rule.
 */
export function contactAddress(
  config: Pick<Env, "MAIL_FROM" | "CONTACT_EMAIL"> = env(),
  override: string | undefined = config.CONTACT_EMAIL,
): string {
  const configured = override?.trim();
  return configured && PLAIN_EMAIL_ADDRESS.test(configured) ? configured : mailboxOf(config.MAIL_FROM);
}
