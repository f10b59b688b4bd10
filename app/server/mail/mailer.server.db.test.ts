import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { mailMessages } from "../db/schema";
import { type MailMessage, renderMail } from "./mail-message";
import { getMailboxMessage, listMailbox } from "./mailbox.server";
import { createLogMailer, createMailer, type MailLog } from "./mailer.server";

const database = setUpTestDatabase();

const FROM = "Roundlist <hello@roundlist.example>";

interface LogLine {
  level: "info" | "warn";
  details: Record<string, unknown>;
  message: string;
}

function recorder(): MailLog & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (details, message) => lines.push({ level: "info", details, message }),
    warn: (details, message) => lines.push({ level: "warn", details, message }),
  };
}

function message(to: string, subject: string): MailMessage {
  const { text, html } = renderMail({
    heading: subject,
    paragraphs: ["Your link is below."],
    action: { label: "Open", url: `https://app.example/confirm?token=secret-${to}` },
  });
  return { to, subject, text, html };
}

describe("the log mail driver", () => {
  it("stores the message: to, from, subject and both bodies", async () => {
    const log = recorder();
    const mailer = createLogMailer(database.db, { from: FROM, log });
    expect(mailer.driver).toBe("log");
    const sent = message("ada@example.com", "Confirm your email");

    await mailer.send(sent);

    const rows = await database.db.select().from(mailMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      toAddress: "ada@example.com",
      fromAddress: FROM,
      subject: "Confirm your email",
      textBody: sent.text,
      htmlBody: sent.html,
    });
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
  });

  it("logs one info line with the recipient and subject, never the body", async () => {
    const log = recorder();
    await createLogMailer(database.db, { from: FROM, log }).send(message("ada@example.com", "Confirm"));

    expect(log.lines).toHaveLength(1);
    const [line] = log.lines;
    expect(line?.level).toBe("info");
    expect(line?.details).toMatchObject({ to: "ada@example.com", subject: "Confirm" });
    expect(JSON.stringify(line)).not.toContain("secret-");
  });
});

describe("createMailer", () => {
  it("picks SMTP when SMTP_URL is set and the log driver otherwise", () => {
    const log = recorder();
    const base = { MAIL_FROM: FROM, APP_ENV: "development" } as const;
    expect(createMailer(database.db, { ...base, SMTP_URL: "smtp://127.0.0.1:2525" }, log).driver).toBe(
      "smtp",
    );
    expect(createMailer(database.db, { ...base, SMTP_URL: undefined }, log).driver).toBe("log");
    expect(log.lines).toEqual([]);
  });

  it("warns once in production without SMTP_URL, and still stores the mail", async () => {
    const log = recorder();
    const config = { MAIL_FROM: FROM, APP_ENV: "production", SMTP_URL: undefined } as const;

    const first = createMailer(database.db, config, log);
    createMailer(database.db, config, log);

    expect(first.driver).toBe("log");
    const warnings = log.lines.filter((line) => line.level === "warn");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toContain("SMTP_URL");
    await first.send(message("ada@example.com", "Hello"));
    expect(await listMailbox(database.db)).toHaveLength(1);
  });
});

describe("the mailbox", () => {
  it("lists messages newest first, by time and not by id", async () => {
    const mailer = createLogMailer(database.db, { from: FROM, log: recorder() });
    await mailer.send(message("first@example.com", "First"));
    await mailer.send(message("second@example.com", "Second"));
    // Inserted last but dated earliest: the order must follow the time.
    await database.db.insert(mailMessages).values({
      toAddress: "old@example.com",
      fromAddress: FROM,
      subject: "Old",
      textBody: "old",
      htmlBody: "<p>old</p>",
      createdAt: new Date("2020-01-01T00:00:00Z"),
    });

    const entries = await listMailbox(database.db);
    expect(entries.map((entry) => entry.subject)).toEqual(["Second", "First", "Old"]);
    expect(entries[0]).toEqual({
      id: expect.any(Number),
      toAddress: "second@example.com",
      subject: "Second",
      createdAt: expect.any(Date),
    });
    expect((await listMailbox(database.db, { limit: 2 })).map((entry) => entry.subject)).toEqual([
      "Second",
      "First",
    ]);
  });

  it("reads one message with its bodies, and null for a missing id", async () => {
    const sent = message("ada@example.com", "Confirm");
    await createLogMailer(database.db, { from: FROM, log: recorder() }).send(sent);
    const [entry] = await listMailbox(database.db);
    if (!entry) throw new Error("the mailbox is empty");

    expect(await getMailboxMessage(database.db, entry.id)).toMatchObject({
      id: entry.id,
      toAddress: "ada@example.com",
      fromAddress: FROM,
      subject: "Confirm",
      textBody: sent.text,
      htmlBody: sent.html,
    });
    expect(await getMailboxMessage(database.db, entry.id + 1000)).toBeNull();
  });
});
