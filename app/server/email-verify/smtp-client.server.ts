import net from "node:net";

export interface SmtpReply {
  code: number;
  /** The reply's lines' texts, joined by spaces. */
  text: string;
}

/** No answer in time, the connection lost or refused, or a reply that is not SMTP: the host said nothing. */
export class SmtpSilence extends Error {
  override name = "SmtpSilence";
}

// A reply longer than this is not an MX talking; the session stops rather than buffer it.
const MAX_REPLY_BYTES = 64 * 1024;
const MAX_REPLY_LINES = 200;
const REPLY_LINE = /^(\d{3})([ -])(.*)$/;

/**
 * A minimal SMTP client for probing mailboxes (decision 032): one command at a time, each reply awaited for
 * at most `timeoutMs`. It sends no DATA: it has no command for it. nodemailer's SMTPConnection only offers
 * `send` (MAIL, RCPT, then DATA with a message), so it cannot ask about a mailbox without mailing it.
 */
export class SmtpClient {
  private buffer = "";
  private lines: string[] = [];
  private waiter: { resolve: (reply: SmtpReply) => void; reject: (error: Error) => void } | null = null;
  private failure: Error | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly closed: Promise<void>;

  private constructor(
    private readonly socket: net.Socket,
    private readonly timeoutMs: number,
  ) {
    this.closed = new Promise((resolve) => socket.once("close", () => resolve()));
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => this.onData(chunk));
    socket.on("error", (error) => this.fail(new SmtpSilence(`connection error: ${error.message}`)));
    socket.on("close", () => this.fail(new SmtpSilence("connection closed")));
  }

  /** Connects and reads the greeting. */
  static async open(
    host: string,
    port: number,
    timeoutMs: number,
  ): Promise<{ client: SmtpClient; greeting: SmtpReply }> {
    const socket = net.connect({ host, port });
    const client = new SmtpClient(socket, timeoutMs);
    const greeting = await client.nextReply();
    return { client, greeting };
  }

  /** Sends one command line and waits for its reply. */
  async command(line: string): Promise<SmtpReply> {
    if (this.failure) throw this.failure;
    if (/[\r\n]/.test(line)) throw new Error("an SMTP command is one line");
    const reply = this.nextReply();
    this.socket.write(`${line}\r\n`);
    return reply;
  }

  /** Says QUIT without waiting for its reply, and resolves once the connection is closed (or after the timeout). */
  async quit(): Promise<void> {
    if (!this.failure && !this.socket.destroyed) {
      this.socket.end("QUIT\r\n");
      const timer = setTimeout(() => this.socket.destroy(), this.timeoutMs);
      await this.closed;
      clearTimeout(timer);
      return;
    }
    this.destroy();
    await this.closed;
  }

  /** Drops the connection at once. */
  destroy(): void {
    this.fail(new SmtpSilence("session dropped"));
    this.socket.destroy();
  }

  private nextReply(): Promise<SmtpReply> {
    if (this.failure) return Promise.reject(this.failure);
    const ready = this.takeReply();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
      this.timer = setTimeout(() => {
        this.fail(new SmtpSilence(`no answer within ${this.timeoutMs} ms`));
        this.socket.destroy();
      }, this.timeoutMs);
    });
  }

  /** The first complete reply among the lines read, removed from them; null while it is incomplete. */
  private takeReply(): SmtpReply | null {
    for (let index = 0; index < this.lines.length; index++) {
      const match = REPLY_LINE.exec(this.lines[index] ?? "") ?? /^(\d{3})()$/.exec(this.lines[index] ?? "");
      if (!match) {
        this.fail(new SmtpSilence(`not an SMTP reply: ${(this.lines[index] ?? "").slice(0, 80)}`));
        this.socket.destroy();
        return null;
      }
      if (match[2] === "-") continue;
      const replyLines = this.lines.splice(0, index + 1);
      const text = replyLines.map((replyLine) => replyLine.slice(4).trim()).join(" ");
      return { code: Number(match[1]), text };
    }
    return null;
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    if (this.buffer.length > MAX_REPLY_BYTES) {
      this.fail(new SmtpSilence("reply too long"));
      this.socket.destroy();
      return;
    }
    const parts = this.buffer.split(/\r?\n/);
    this.buffer = parts.pop() ?? "";
    this.lines.push(...parts);
    if (this.lines.length > MAX_REPLY_LINES) {
      this.fail(new SmtpSilence("reply too long"));
      this.socket.destroy();
      return;
    }
    if (this.waiter === null) return;
    const reply = this.takeReply();
    if (reply === null) return;
    const waiter = this.waiter;
    this.settle();
    waiter.resolve(reply);
  }

  private settle(): void {
    this.waiter = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    const waiter = this.waiter;
    this.settle();
    waiter?.reject(this.failure);
  }
}
