import { describe, expect, it } from "vitest";
import { PRODUCT_NAME } from "../../core/brand";
import { escapeHtml, renderMail, splitTextLinks } from "./mail-message";

const CONFIRM_URL = "https://app.example/confirm?token=abc123&next=%2Fsearch";

describe("escapeHtml", () => {
  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
  });

  it("leaves plain text alone", () => {
    expect(escapeHtml("Plain text, 100% safe.")).toBe("Plain text, 100% safe.");
  });
});

describe("renderMail", () => {
  const mail = renderMail({
    heading: "Confirm your email",
    paragraphs: ["Welcome aboard.", "The link expires in 24 hours."],
    action: { label: "Confirm email", url: CONFIRM_URL },
    footer: "Sent to you because you signed up.",
  });

  it("puts the product name, heading, paragraphs and footer in both bodies", () => {
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(PRODUCT_NAME);
      expect(body).toContain("Confirm your email");
      expect(body).toContain("Welcome aboard.");
      expect(body).toContain("The link expires in 24 hours.");
      expect(body).toContain("Sent to you because you signed up.");
    }
  });

  it("puts the action URL on its own line in the text body", () => {
    expect(mail.text.split("\n")).toContain(CONFIRM_URL);
    expect(mail.text).toContain("Confirm email:");
  });

  it("links the button and a plain copy of the URL in the HTML body, attribute-escaped", () => {
    const escapedUrl = "https://app.example/confirm?token=abc123&amp;next=%2Fsearch";
    expect(mail.html.split(`href="${escapedUrl}"`)).toHaveLength(3);
    expect(mail.html).toContain(`>${escapedUrl}</a>`);
    expect(mail.html).toContain(">Confirm email</a>");
    expect(mail.html).not.toContain("&next");
  });

  it("is an accessible document: language, title, layout tables marked as presentation", () => {
    expect(mail.html).toMatch(/^<!DOCTYPE html>/);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain("<title>Confirm your email</title>");
    expect(mail.html).not.toMatch(/<table(?![^>]*role="presentation")/);
  });

  it("escapes every interpolated value in the HTML body", () => {
    const hostile = renderMail({
      heading: "<script>alert(1)</script>",
      paragraphs: ['Hi <b>"Bob"</b> & co'],
      action: { label: "<img src=x onerror=alert(1)>", url: 'https://app.example/?q="><script>' },
      footer: "<i>footer</i>",
    });
    expect(hostile.html).not.toContain("<script>");
    expect(hostile.html).not.toContain("<img");
    expect(hostile.html).not.toContain("<b>");
    expect(hostile.html).not.toContain("<i>");
    expect(hostile.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(hostile.html).toContain("Hi &lt;b&gt;&quot;Bob&quot;&lt;/b&gt; &amp; co");
    expect(hostile.html).toContain('href="https://app.example/?q=&quot;&gt;&lt;script&gt;"');
    // The text body is not HTML: it keeps the characters as written.
    expect(hostile.text).toContain('Hi <b>"Bob"</b> & co');
  });

  it("rejects action URLs that are not http(s)", () => {
    for (const url of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,hi",
      "/relative/path",
      "",
    ]) {
      expect(() => renderMail({ heading: "h", paragraphs: [], action: { label: "Go", url } })).toThrow(
        /http\(s\)/,
      );
    }
  });

  it("accepts http URLs and works without an action", () => {
    expect(
      renderMail({ heading: "h", paragraphs: [], action: { label: "Go", url: "http://localhost:3000/x" } })
        .text,
    ).toContain("\nhttp://localhost:3000/x\n");
    const plain = renderMail({ heading: "Hello", paragraphs: ["No link here."] });
    expect(plain.html).not.toContain("<a ");
    expect(plain.text).not.toContain("http");
  });
});

describe("splitTextLinks", () => {
  it("splits text around http(s) URLs", () => {
    expect(splitTextLinks(`Confirm:\n${CONFIRM_URL}\nThanks`)).toEqual([
      { kind: "text", value: "Confirm:\n" },
      { kind: "link", url: CONFIRM_URL },
      { kind: "text", value: "\nThanks" },
    ]);
  });

  it("leaves sentence punctuation out of the link", () => {
    expect(splitTextLinks("See http://a.example/x. Or (https://b.example/y)!")).toEqual([
      { kind: "text", value: "See " },
      { kind: "link", url: "http://a.example/x" },
      { kind: "text", value: ". Or (" },
      { kind: "link", url: "https://b.example/y" },
      { kind: "text", value: ")!" },
    ]);
  });

  it("never links other schemes", () => {
    expect(splitTextLinks("javascript:alert(1) ftp://x.example")).toEqual([
      { kind: "text", value: "javascript:alert(1) ftp://x.example" },
    ]);
  });
});
