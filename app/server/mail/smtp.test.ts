import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseMime } from "~tests/fixtures/mime";
import { renderMail } from "./mail-message";
import { createSmtpMailer } from "./mailer.server";

interface ReceivedMail {
  mailFrom: string | null;
  rcptTo: string[];
  raw: string;
}

let received: ReceivedMail[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        raw += chunk;
      });
      stream.on("end", () => {
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          rcptTo: session.envelope.rcptTo.map((address) => address.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  if (address === null || typeof address === "string") throw new Error("the SMTP server has no TCP port");
  port = address.port;
});

beforeEach(() => {
  received = [];
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("createSmtpMailer", () => {
  it("delivers the message with its envelope, headers and both bodies", async () => {
    const url = "https://app.example/confirm?token=tok_3f9a&next=%2Fsearch";
    const { text, html } = renderMail({
      heading: "Confirm your email",
      paragraphs: ["Click the button below to confirm the address of your account."],
      action: { label: "Confirm email", url },
    });
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${port}`,
      from: "Roundlist <hello@roundlist.example>",
    });
    expect(mailer.driver).toBe("smtp");

    await mailer.send({ to: "ada@example.com", subject: "Confirm your email", text, html });

    expect(received).toHaveLength(1);
    const [mail] = received;
    if (!mail) throw new Error("no mail received");
    expect(mail.mailFrom).toBe("hello@roundlist.example");
    expect(mail.rcptTo).toEqual(["ada@example.com"]);

    const message = parseMime(mail.raw);
    expect(message.headers.get("subject")).toBe("Confirm your email");
    expect(message.headers.get("to")).toBe("ada@example.com");
    expect(message.headers.get("from")).toBe("Roundlist <hello@roundlist.example>");
    expect(message.headers.get("content-type")).toMatch(/^multipart\/alternative;/);

    const textPart = message.parts.find((part) => part.contentType.startsWith("text/plain"));
    const htmlPart = message.parts.find((part) => part.contentType.startsWith("text/html"));
    expect(textPart?.body).toBe(text);
    expect(htmlPart?.body).toBe(html);
    expect(textPart?.body).toContain(`\n${url}\n`);
  });

  it("rejects when the server refuses the connection", async () => {
    // Port 1 on loopback refuses connections at once.
    const mailer = createSmtpMailer({ url: "smtp://127.0.0.1:1", from: "hello@roundlist.example" });
    await expect(
      mailer.send({ to: "ada@example.com", subject: "s", text: "t", html: "<p>t</p>" }),
    ).rejects.toThrow();
  });
});
