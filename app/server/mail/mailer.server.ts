import { createTransport } from "nodemailer";
import { getDb } from "../app-database.server";
import type { Db } from "../db/database.server";
import { mailMessages } from "../db/schema";
import { type Env, env } from "../env.server";
import { logger } from "../logger.server";
import type { MailMessage } from "./mail-message";

export type MailDriver = "smtp" | "log";

export interface Mailer {
  readonly driver: MailDriver;
  /** Resolves once the message is handed to the SMTP server or stored; rejects otherwise. */
  send(message: MailMessage): Promise<void>;
}

/** The part of a pino logger the mail module uses; tests pass a recorder. */
export interface MailLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export interface SmtpMailerOptions {
  /** smtp:// or smtps:// URL, credentials and options included (nodemailer's URL format). */
  url: string;
  from: string;
}

export function createSmtpMailer({ url, from }: SmtpMailerOptions): Mailer {
  const transport = createTransport(url);
  return {
    driver: "smtp",
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
  };
}

export interface LogMailerOptions {
  from: string;
  log?: MailLog;
}

/** Keeps messages in mail_messages (readable at /dev/mailbox) instead of sending them. */
export function createLogMailer(db: Db, { from, log = logger }: LogMailerOptions): Mailer {
  return {
    driver: "log",
    async send(message) {
      const [row] = await db
        .insert(mailMessages)
        .values({
          toAddress: message.to,
          fromAddress: from,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html,
        })
        .returning({ id: mailMessages.id });
      // Never the body: it can hold sign-in or confirmation tokens, and logs travel further than the database.
      log.info(
        { mailId: row?.id, to: message.to, subject: message.subject },
        "mail stored by the log driver",
      );
    },
  };
}

export type MailConfig = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "APP_ENV">;

let warnedAboutMissingSmtp = false;

/** SMTP when SMTP_URL is set, otherwise the log driver (the documented default, production included). */
export function createMailer(db: Db, config: MailConfig = env(), log: MailLog = logger): Mailer {
  if (config.SMTP_URL) return createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
  if (config.APP_ENV === "production" && !warnedAboutMissingSmtp) {
    warnedAboutMissingSmtp = true;
    log.warn(
      { driver: "log" },
      "SMTP_URL is not set: emails are NOT sent, they are only stored in the mail_messages table. Set SMTP_URL to deliver them.",
    );
  }
  return createLogMailer(db, { from: config.MAIL_FROM, log });
}

let mailerPromise: Promise<Mailer> | undefined;

/** The app's mailer, configured from the environment on first use. */
export function getMailer(): Promise<Mailer> {
  mailerPromise ??= getDb()
    .then((db) => createMailer(db))
    .catch((error: unknown) => {
      // Same as the database: a later call may succeed, so the failure is not cached.
      mailerPromise = undefined;
      throw error;
    });
  return mailerPromise;
}
