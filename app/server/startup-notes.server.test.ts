import { describe, expect, it } from "vitest";
import { startupNotes } from "./startup-notes.server";

const DEV = {
  APP_ENV: "development" as const,
  APP_URL: "http://localhost:3000",
  SMTP_URL: undefined,
  ADMIN_EMAILS: [] as string[],
  PAYMENT_PROVIDER: "demo" as const,
};

describe("startupNotes", () => {
  it("on the first start: the URL, the mailbox, and how to become admin and subscriber", () => {
    const notes = startupNotes(DEV, { isFirstStart: true });
    expect(notes[0]).toBe("Open http://localhost:3000");
    expect(notes.join("\n")).toContain("http://localhost:3000/dev/mailbox");
    expect(notes.join("\n")).toContain("ADMIN_EMAILS=you@example.com npm start");
    expect(notes.join("\n")).toContain("demo checkout");
    expect(notes.join("\n")).toContain("npm run grant -- you@example.com lifetime");
  });

  it("names the configured admins, and leaves out the mailbox with SMTP and the demo with Stripe", () => {
    const notes = startupNotes(
      {
        ...DEV,
        SMTP_URL: "smtp://mail.example:587",
        ADMIN_EMAILS: ["ops@x.example"],
        PAYMENT_PROVIDER: "stripe",
      },
      { isFirstStart: true },
    ).join("\n");
    expect(notes).toContain("sign up as ops@x.example");
    expect(notes).not.toContain("/dev/mailbox");
    expect(notes).not.toContain("demo checkout");
  });

  it("later starts say only where to go; production says nothing", () => {
    expect(startupNotes(DEV, { isFirstStart: false })).toEqual([
      "Open http://localhost:3000",
      "No SMTP_URL: emails (sign-up confirmation links, password resets) are kept in http://localhost:3000/dev/mailbox",
    ]);
    expect(startupNotes({ ...DEV, APP_ENV: "production" }, { isFirstStart: true })).toEqual([]);
  });
});
