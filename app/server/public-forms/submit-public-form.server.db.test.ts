import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { HONEYPOT_FIELD } from "~/core/public-forms";
import { quietMailer } from "~tests/fixtures/accounts";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { queryRows } from "../db/query-rows.server";
import { companies, contactSubmissions, mailMessages } from "../db/schema";
import type { Mailer } from "../mail/mailer.server";
import { adminRecipients } from "./contact-address.server";
import { PUBLIC_FORM_RATE_LIMIT, takeFormSlot } from "./rate-limit.server";
import { submitDoNotSell } from "./submit-do-not-sell.server";
import { type PublicFormDeps, submitPublicForm } from "./submit-public-form.server";

const database = setUpTestDatabase();
const ADMINS = adminRecipients({
  ADMIN_EMAILS: ["ops@roundlist.example", "cto@roundlist.example"],
  MAIL_FROM: "",
});
const NOW = new Date("2026-11-21T12:00:00Z");

function deps(overrides: Partial<PublicFormDeps> = {}): PublicFormDeps {
  return {
    db: database.db,
    mailer: quietMailer(database.db),
    recipients: ADMINS,
    now: NOW,
    ...overrides,
  };
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const CONTACT = {
  name: "Grace Hopper",
  email: "Grace@Navy.example",
  company: "Navy Labs",
  message: "We sell cloud tooling to seed-stage startups. Can we talk about volume pricing?",
};

const TRIAL = {
  name: "Ada Lovelace",
  email: "ada@engines.example",
  company: "Analytical Engines",
  teamSize: "11-50",
  message: "Outbound to Series A fintechs in Europe, about 200 leads a month.",
};

describe("submitPublicForm: /contact (docs/product.md#public-pages)", () => {
  it("stores the message and mails it to every admin through the mail module", async () => {
    expect(await submitPublicForm(deps(), "contact", form(CONTACT), "203.0.113.7")).toEqual({
      status: "sent",
    });
    const [stored] = await database.db.select().from(contactSubmissions);
    expect(stored).toMatchObject({
      kind: "contact",
      name: "Grace Hopper",
      email: "grace@navy.example",
      company: "Navy Labs",
      message: CONTACT.message,
      ipAddress: "203.0.113.7",
    });
    const mails = await database.db.select().from(mailMessages).orderBy(mailMessages.toAddress);
    expect(mails.map((mail) => mail.toAddress)).toEqual(["cto@roundlist.example", "ops@roundlist.example"]);
    for (const mail of mails) {
      expect(mail.subject).toBe("Contact message from Grace Hopper");
      expect(mail.textBody).toContain("From: Grace Hopper <grace@navy.example>");
      expect(mail.textBody).toContain(CONTACT.message);
    }
  });

  it("answers per field and echoes what was typed when the input is invalid", async () => {
    const result = await submitPublicForm(
      deps(),
      "contact",
      form({ name: " ", email: "not-an-email", message: "short" }),
      "203.0.113.7",
    );
    expect(result).toEqual({
      status: "invalid",
      fieldErrors: {
        name: "Name is required",
        email: "Enter a valid email address",
        message: "Message needs at least 10 characters",
      },
      values: { name: " ", email: "not-an-email", message: "short" },
    });
    expect(await database.db.select().from(contactSubmissions)).toHaveLength(0);
    expect(await database.db.select().from(mailMessages)).toHaveLength(0);
  });

  it("keeps a name to one line, so it cannot add headers to the admin mail", async () => {
    await submitPublicForm(
      deps(),
      "contact",
      form({ ...CONTACT, name: "Eve\r\nBcc: all@x.example" }),
      "1.1.1.1",
    );
    const [mail] = await database.db.select().from(mailMessages).limit(1);
    expect(mail?.subject).toBe("Contact message from Eve Bcc: all@x.example");
  });

  it("says 'sent' to a bot that fills the honeypot, and stores and mails nothing", async () => {
    const result = await submitPublicForm(
      deps(),
      "contact",
      form({ ...CONTACT, [HONEYPOT_FIELD]: "https://spam.example" }),
      "203.0.113.7",
    );
    expect(result).toEqual({ status: "ignored" });
    expect(await database.db.select().from(contactSubmissions)).toHaveLength(0);
    expect(await database.db.select().from(mailMessages)).toHaveLength(0);
  });

  it("allows 5 messages per hour per IP, then says when to try again", async () => {
    for (let i = 0; i < PUBLIC_FORM_RATE_LIMIT.max; i++) {
      const at = new Date(NOW.getTime() + i * 60_000);
      expect(await submitPublicForm(deps({ now: at }), "contact", form(CONTACT), "198.51.100.1")).toEqual({
        status: "sent",
      });
    }
    const later = new Date(NOW.getTime() + 10 * 60_000);
    expect(await submitPublicForm(deps({ now: later }), "contact", form(CONTACT), "198.51.100.1")).toEqual({
      status: "rate-limited",
      retryAfterSeconds: 50 * 60,
      values: CONTACT,
    });
    // Another IP, and the other form, have their own allowance.
    expect(await submitPublicForm(deps({ now: later }), "contact", form(CONTACT), "198.51.100.2")).toEqual({
      status: "sent",
    });
    expect(await submitPublicForm(deps({ now: later }), "trial", form(TRIAL), "198.51.100.1")).toEqual({
      status: "sent",
    });
    // An hour after the first message, one slot is free again.
    const anHourOn = new Date(NOW.getTime() + 60 * 60_000 + 1_000);
    expect(await submitPublicForm(deps({ now: anHourOn }), "contact", form(CONTACT), "198.51.100.1")).toEqual(
      {
        status: "sent",
      },
    );
    expect(await database.db.select().from(contactSubmissions)).toHaveLength(8);
  });

  it("lets only 5 of many parallel submissions through", async () => {
    const verdicts = await Promise.all(
      Array.from({ length: 8 }, () => takeFormSlot(database.db, "contact", "192.0.2.9", { now: NOW })),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
  });

  it("stores the message even when mailing fails, and logs the failure", async () => {
    const failing: Mailer = {
      driver: "smtp",
      send: () => Promise.reject(new Error("SMTP down")),
    };
    const error = vi.fn();
    const result = await submitPublicForm(
      deps({ mailer: failing, log: { error } }),
      "contact",
      form(CONTACT),
      "1.1.1.1",
    );
    expect(result).toEqual({ status: "sent" });
    expect(await database.db.select().from(contactSubmissions)).toHaveLength(1);
    expect(error).toHaveBeenCalledTimes(ADMINS.length);
  });
});

describe("submitPublicForm: /request-trial (docs/product.md#public-pages)", () => {
  it("stores the request with its team size and mails the admins", async () => {
    expect(await submitPublicForm(deps(), "trial", form(TRIAL), "203.0.113.8")).toEqual({ status: "sent" });
    const [stored] = await database.db.select().from(contactSubmissions);
    expect(stored).toMatchObject({
      kind: "trial",
      company: "Analytical Engines",
      details: { teamSize: "11-50" },
    });
    const [mail] = await database.db.select().from(mailMessages).limit(1);
    expect(mail?.subject).toBe("Trial request from Ada Lovelace (Analytical Engines)");
    expect(mail?.textBody).toContain("Team size: 11-50");
    expect(mail?.htmlBody).toContain("Outbound to Series A fintechs");
  });

  it("requires the company and a known team size", async () => {
    const result = await submitPublicForm(
      deps(),
      "trial",
      form({ ...TRIAL, company: "", teamSize: "a million" }),
      "203.0.113.8",
    );
    expect(result).toMatchObject({
      status: "invalid",
      fieldErrors: { company: "Company is required", teamSize: "Choose your team size" },
    });
  });

  it("escapes what visitors typed in the HTML mail", async () => {
    await submitPublicForm(
      deps(),
      "trial",
      form({ ...TRIAL, message: "<script>alert('x')</script> and more words" }),
      "203.0.113.8",
    );
    const [mail] = await database.db.select().from(mailMessages).limit(1);
    expect(mail?.htmlBody).not.toContain("<script>");
    expect(mail?.htmlBody).toContain("&lt;script&gt;");
  });
});

describe("submitDoNotSell (docs/product.md#public-pages)", () => {
  beforeEach(async () => {
    await database.db.insert(companies).values(company("Quantix", { email: "ann@quantix.example" }));
  });

  async function hiddenCompanies(): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from suppressed_companies`,
    );
    return row?.n ?? 0;
  }

  it("needs an address and the confirmation box", async () => {
    const result = await submitDoNotSell({ db: database.db, now: NOW }, form({ email: "ann@" }), "1.1.1.1");
    expect(result).toEqual({
      status: "invalid",
      fieldErrors: { email: "Enter a valid email address", confirm: "Tick the box to confirm the request" },
      values: { email: "ann@" },
    });
    expect(await hiddenCompanies()).toBe(0);
  });

  it("suppresses a confirmed address", async () => {
    const result = await submitDoNotSell(
      { db: database.db, now: NOW },
      form({ email: "Ann@Quantix.example", confirm: "yes" }),
      "1.1.1.1",
    );
    expect(result).toEqual({ status: "done" });
    expect(await hiddenCompanies()).toBe(1);
  });

  it("ignores a filled honeypot", async () => {
    const result = await submitDoNotSell(
      { db: database.db, now: NOW },
      form({ email: "ann@quantix.example", confirm: "yes", [HONEYPOT_FIELD]: "x" }),
      "1.1.1.1",
    );
    expect(result).toEqual({ status: "ignored" });
    expect(await hiddenCompanies()).toBe(0);
  });

  it("is rate-limited per IP like the other public forms", async () => {
    const limit = { max: 1, windowSeconds: 3600 };
    const submit = () =>
      submitDoNotSell(
        { db: database.db, now: NOW, limit },
        form({ email: "x@y.example", confirm: "yes" }),
        "9.9.9.9",
      );
    expect(await submit()).toEqual({ status: "done" });
    expect(await submit()).toMatchObject({ status: "rate-limited", retryAfterSeconds: 3600 });
  });
});
