import { type RcptOutcome, rcptOutcome } from "~/core/email-check/mailbox-verdict";
import type { MailHost } from "./domain-facts.server";
import { SmtpClient, type SmtpReply, SmtpSilence } from "./smtp-client.server";

export interface MailboxSessionOptions {
  hosts: readonly MailHost[];
  port: number;
  heloName: string;
  mailFrom: string;
  timeoutMs: number;
  /** A random address at the domain to ask about first (the accept-all probe), if its answer is wanted. */
  probeAddress?: string;
  recipients: readonly string[];
  /** Called with each client while it is open, so the verifier can drop it on close(). */
  track?: (client: SmtpClient, isOpen: boolean) => void;
}

export interface MailboxSessionResult {
  /** The answer to each recipient that got one. */
  outcomes: Map<string, RcptOutcome>;
  probe?: RcptOutcome;
  /** Why the rest got no answer (no host reachable, sender refused, timeout...). */
  silence?: string;
}

/** Recipients per transaction: RFC 5321 section 4.5.3.1.8 lets a server refuse past 100; RSET starts a new one. */
export const RECIPIENTS_PER_TRANSACTION = 50;

const isPositive = (reply: SmtpReply) => reply.code >= 200 && reply.code < 300;

/**
 * Asks a domain's mail hosts about several mailboxes in one session (decision 032): EHLO (HELO if refused),
 * MAIL FROM, the probe's RCPT TO, one RCPT TO per recipient (RSET and MAIL FROM again every
 * RECIPIENTS_PER_TRANSACTION, or after "452 too many recipients"), then QUIT. Never DATA. Hosts are tried in
 * priority order until one greets; one that greets and then falls silent is not retried elsewhere: the
 * remaining recipients are reported as unanswered.
 */
export async function runMailboxSession(options: MailboxSessionOptions): Promise<MailboxSessionResult> {
  const outcomes = new Map<string, RcptOutcome>();
  const opened = await openFirstHost(options);
  if ("silence" in opened) return { outcomes, silence: opened.silence };
  const { client, hostName } = opened;
  options.track?.(client, true);
  let probe: RcptOutcome | undefined;
  try {
    let ehlo = await client.command(`EHLO ${options.heloName}`);
    if (!isPositive(ehlo)) ehlo = await client.command(`HELO ${options.heloName}`);
    if (!isPositive(ehlo))
      return { outcomes, silence: `${hostName} refused our greeting: ${ehlo.code} ${ehlo.text}` };
    const startTransaction = async (): Promise<string | null> => {
      const mail = await client.command(`MAIL FROM:<${options.mailFrom}>`);
      return isPositive(mail) ? null : `${hostName} refused our sender: ${mail.code} ${mail.text}`;
    };
    const refused = await startTransaction();
    if (refused) return { outcomes, silence: refused };
    let inTransaction = 0;
    const ask = async (address: string): Promise<RcptOutcome> => {
      if (inTransaction >= RECIPIENTS_PER_TRANSACTION) {
        await client.command("RSET");
        const again = await startTransaction();
        if (again) return { kind: "deferred", reply: again };
        inTransaction = 0;
      }
      const reply = await client.command(`RCPT TO:<${address}>`);
      if (reply.code === 452 && inTransaction > 0) {
        // 452 after other recipients: too many for one transaction; ask again in a new one.
        inTransaction = RECIPIENTS_PER_TRANSACTION;
        return ask(address);
      }
      if (isPositive(reply)) inTransaction++;
      return rcptOutcome(reply.code, reply.text);
    };
    if (options.probeAddress) probe = await ask(options.probeAddress);
    for (const recipient of options.recipients) outcomes.set(recipient, await ask(recipient));
    await client.quit();
    return { outcomes, probe };
  } catch (error) {
    client.destroy();
    if (!(error instanceof SmtpSilence)) throw error;
    return { outcomes, probe, silence: `${hostName}: ${error.message}` };
  } finally {
    options.track?.(client, false);
  }
}

async function openFirstHost(
  options: MailboxSessionOptions,
): Promise<{ client: SmtpClient; hostName: string } | { silence: string }> {
  const problems: string[] = [];
  for (const host of options.hosts) {
    for (const address of host.addresses) {
      try {
        const { client, greeting } = await SmtpClient.open(address, options.port, options.timeoutMs);
        if (isPositive(greeting)) return { client, hostName: host.name };
        problems.push(`${host.name} greeted ${greeting.code} ${greeting.text}`);
        await client.quit();
      } catch (error) {
        if (!(error instanceof SmtpSilence)) throw error;
        problems.push(`${host.name}: ${error.message}`);
      }
    }
  }
  return { silence: problems.join("; ") || "no mail host to ask" };
}
