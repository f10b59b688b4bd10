import { describe, expect, it } from "vitest";
import { adminRecipients, contactAddress, mailboxOf } from "./contact-address.server";

describe("mailboxOf", () => {
  it("takes the address out of a From header, or the whole value when it is a bare address", () => {
    expect(mailboxOf("Roundlist <hello@roundlist.example>")).toBe("hello@roundlist.example");
    expect(mailboxOf(" hello@roundlist.example ")).toBe("hello@roundlist.example");
  });
});

describe("adminRecipients", () => {
  it("mails the admins", () => {
    expect(
      adminRecipients({ ADMIN_EMAILS: ["a@x.example", "b@x.example"], MAIL_FROM: "R <r@x.example>" }),
    ).toEqual(["a@x.example", "b@x.example"]);
  });

  it("falls back to the product's own mailbox when no admin is configured", () => {
    expect(adminRecipients({ ADMIN_EMAILS: [], MAIL_FROM: "Roundlist <hello@roundlist.example>" })).toEqual([
      "hello@roundlist.example",
    ]);
  });
});

describe("contactAddress", () => {
  it("is CONTACT_EMAIL when it is an address, else MAIL_FROM's address", () => {
    const config = { MAIL_FROM: "Roundlist <hello@roundlist.example>" };
    expect(contactAddress(config, "privacy@roundlist.example")).toBe("privacy@roundlist.example");
    expect(contactAddress(config, undefined)).toBe("hello@roundlist.example");
    expect(contactAddress(config, "  ")).toBe("hello@roundlist.example");
    expect(contactAddress(config, "not an address")).toBe("hello@roundlist.example");
  });

  it("reads CONTACT_EMAIL from the configuration", () => {
    expect(
      contactAddress({
        MAIL_FROM: "Roundlist <hello@roundlist.example>",
        CONTACT_EMAIL: "privacy@roundlist.example",
      }),
    ).toBe("privacy@roundlist.example");
    expect(contactAddress({ MAIL_FROM: "Roundlist <hello@roundlist.example>" })).toBe(
      "hello@roundlist.example",
    );
  });
});
