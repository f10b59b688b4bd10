import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
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

interface MimePart {
  contentType: string;
  body: string;
}

/**
 * Just enough MIME for the test (mailparser is not a dependency): unfolded headers, one level of
 * multipart, 7bit/quoted-printable/base64 bodies. Line endings come back as "\n", as the mailer was given.
 */
function parseMime(raw: string): { headers: Map<string, string>; parts: MimePart[] } {
  const { headers, body } = splitHeaders(raw.replace(/\r\n/g, "\n"));
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get("content-type") ?? "")?.[1];
  if (!boundary) throw new Error("not a multipart message");
  const chunks = body.split(`--${boundary}`).slice(1, -1);
  const parts = chunks.map((chunk) => {
    const part = splitHeaders(chunk.replace(/^\n/, "").replace(/\n$/, ""));
    return {
      contentType: part.headers.get("content-type") ?? "text/plain",
      body: decodeBody(part.body, part.headers.get("content-transfer-encoding") ?? "7bit"),
    };
  });
  return { headers, parts };
}

function splitHeaders(text: string): { headers: Map<string, string>; body: string } {
  const end = text.indexOf("\n\n");
  const head = end === -1 ? text : text.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end === -1 ? "" : text.slice(end + 2) };
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case "quoted-printable": {
      const bytes = body
        .replace(/=\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    }
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8").replace(/\r\n/g, "\n");
    default:
      return body;
  }
}
