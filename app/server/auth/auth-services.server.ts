import { getDb } from "../app-database.server";
import { env } from "../env.server";
import { getMailer } from "../mail/mailer.server";
import type { AccountServices } from "./account.server";
import { createAuth } from "./auth.server";

let servicesPromise: Promise<AccountServices> | undefined;

/** The app's auth instance over its database and mailer, made once. */
export function getAuthServices(): Promise<AccountServices> {
  servicesPromise ??= (async () => {
    const [db, mailer] = await Promise.all([getDb(), getMailer()]);
    return { db, auth: createAuth({ db, config: env(), mailer }) };
  })().catch((error: unknown) => {
    servicesPromise = undefined;
    throw error;
  });
  return servicesPromise;
}
