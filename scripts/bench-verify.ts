// `npm run bench:verify [-- --domains 2000 --addresses 10000 --concurrency 50] [--database postgres://...]`:
// decision 032's benchmark of the
// email verifier's smtp driver. Starts a local DNS server (dns-packet, UDP) and a local MX (smtp-server) that
// answer like real ones, slowly: every DNS answer after 10-30 ms, every reply of the MX (greeting, EHLO, MAIL
// FROM, each RCPT TO, RSET, QUIT) after 50-150 ms, in order. Then verifies
// `--addresses` addresses over `--domains` domains in one verifyMany call, with at most 2 sessions a domain, and
// prints the time against the 60 s target, the peak sessions per domain (must be <= 2) and the status counts.
// The mix (seeded, the same every run): 87.5% ordinary company domains (about 1 address in 7 refused, 1 in 15 a
// role box), 8% accept-all, 2% greylisting, 1.5% without mail hosts, 1% throwaway-mail domains; 1 to 9
// addresses a domain.

import { parseArgs } from "node:util";
import { disposableEmailBlocklist } from "disposable-email-domains-js";
import { createVerifier } from "../app/server/email-verify/verifier.server";
import { startDnsServer } from "../tests/fixtures/dns-server";
import { localSmtpConfig, mxRecords } from "../tests/fixtures/mail-domains";
import { type MxBehaviour, startSmtpMx } from "../tests/fixtures/smtp-mx";
import { serverPhase } from "./bench-verify-server";

const TARGET_SECONDS = 60;
const TARGET_PER_DOMAIN = 2;

const { values } = parseArgs({
  options: {
    domains: { type: "string", default: "2000" },
    addresses: { type: "string", default: "10000" },
    concurrency: { type: "string", default: "50" },
    seed: { type: "string", default: "32" },
    // The second part: the built server's own run on this PostgreSQL database, searches measured meanwhile.
    database: { type: "string" },
    port: { type: "string", default: "3952" },
    "before-seconds": { type: "string", default: "30" },
  },
});
const domainCount = Number(values.domains);
const addressCount = Number(values.addresses);
const concurrency = Number(values.concurrency);
if (
  !(domainCount >= 100 && addressCount >= domainCount && addressCount <= domainCount * 9 && concurrency >= 1)
) {
  console.error(
    "--domains must be at least 100, --addresses between --domains and 9 times it, --concurrency at least 1",
  );
  process.exit(2);
}

/** mulberry32: a small seeded generator, so every run verifies the same mix. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = seeded(Number(values.seed));
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));

const FIRST = [
  "ada",
  "alan",
  "grace",
  "linus",
  "margaret",
  "dennis",
  "barbara",
  "ken",
  "radia",
  "tim",
  "frances",
  "john",
];
const LAST = [
  "lovelace",
  "turing",
  "hopper",
  "torvalds",
  "hamilton",
  "ritchie",
  "liskov",
  "thompson",
  "perlman",
  "lee",
];
const ROLES = ["info", "sales", "hello", "support", "contact"];

type Kind = "ordinary" | "accept_all" | "greylist" | "no_mail" | "disposable";
const share = (fraction: number) => Math.round(domainCount * fraction);
const kinds: Kind[] = [
  ...Array<Kind>(share(0.08)).fill("accept_all"),
  ...Array<Kind>(share(0.02)).fill("greylist"),
  ...Array<Kind>(share(0.015)).fill("no_mail"),
  ...Array<Kind>(share(0.01)).fill("disposable"),
];
kinds.push(...Array<Kind>(domainCount - kinds.length).fill("ordinary"));
const throwaway = disposableEmailBlocklist().slice(0, share(0.01));

// Addresses per domain: 1 to 9, then nudged until they add up to --addresses.
const counts = kinds.map(() => between(1, 9));
let total = counts.reduce((sum, count) => sum + count, 0);
while (total !== addressCount) {
  const index = between(0, domainCount - 1);
  const count = counts[index] ?? 1;
  if (total > addressCount && count > 1) {
    counts[index] = count - 1;
    total--;
  } else if (total < addressCount && count < 9) {
    counts[index] = count + 1;
    total++;
  }
}

const behaviours = new Map<string, MxBehaviour>();
const mailDomains: string[] = [];
const noMailDomains: string[] = [];
const addresses: string[] = [];
let disposableIndex = 0;
kinds.forEach((kind, index) => {
  const domain =
    kind === "disposable" ? (throwaway[disposableIndex++] ?? "mailinator.com") : `company${index}.test`;
  const mailboxes: string[] = [];
  for (let person = 0; person < (counts[index] ?? 1); person++) {
    const isRole = kind !== "disposable" && random() < 1 / 15;
    const first = FIRST[between(0, FIRST.length - 1)] ?? "ada";
    const last = LAST[between(0, LAST.length - 1)] ?? "lovelace";
    const local = isRole ? (ROLES[between(0, ROLES.length - 1)] ?? "info") : `${first}.${last}${person}`;
    // About 1 address in 7 at an ordinary domain names a mailbox the MX refuses (left the company, a typo).
    if (isRole || random() >= 1 / 7) mailboxes.push(local);
    addresses.push(`${local}@${domain}`);
  }
  if (kind === "ordinary") behaviours.set(domain, { kind: "mailboxes", mailboxes });
  if (kind === "accept_all") behaviours.set(domain, { kind: "accept_all" });
  if (kind === "greylist") behaviours.set(domain, { kind: "greylist", mailboxes });
  if (kind === "no_mail") noMailDomains.push(domain);
  else if (kind !== "disposable") mailDomains.push(domain);
});

const records = mxRecords(mailDomains);
for (const domain of noMailDomains) records.set(domain, {});
const dns = await startDnsServer({ records, delayMs: () => between(10, 30) });
const mx = await startSmtpMx({ domains: behaviours, delayMs: () => between(50, 150) });
const verifier = createVerifier({
  ...localSmtpConfig({ dnsAddress: dns.address, smtpPort: mx.port }),
  perDomainConnections: TARGET_PER_DOMAIN,
  globalConnections: concurrency,
  timeoutMs: 10_000,
});

console.log(
  `verifying ${addresses.length} addresses over ${domainCount} domains ` +
    `(${kinds.filter((kind) => kind === "ordinary").length} ordinary, ${share(0.08)} accept-all, ${share(0.02)} greylisting, ` +
    `${share(0.015)} without mail hosts, ${share(0.01)} throwaway); ${concurrency} sessions at most, ${TARGET_PER_DOMAIN} a domain`,
);
const started = performance.now();
const results = await verifier.verifyMany(addresses);
const seconds = (performance.now() - started) / 1000;
const firstPass = {
  sessions: mx.sessions(),
  peakSessions: mx.peakSessions(),
  rcpt: mx.commands.get("RCPT") ?? 0,
  questions: dns.questions.length,
};
// What a job does at each result's retryAt: ask about those addresses again (the greylisting MX lets them by now).
const retried = results.filter((result) => result.retryAt !== undefined).map((result) => result.email);
const retryStarted = performance.now();
const retryResults = await verifier.verifyMany(retried);
const retrySeconds = (performance.now() - retryStarted) / 1000;
await verifier.close();
// The second part (`--database`): the same addresses through the built server's verification run.
let serverOk = true;
if (values.database) {
  ({ ok: serverOk } = await serverPhase({
    databaseUrl: values.database,
    addresses,
    dnsAddress: dns.address,
    smtpPort: mx.port,
    port: Number(values.port),
    beforeSeconds: Number(values["before-seconds"]),
  }));
}
await mx.close();
await dns.close();

function countStatuses(list: readonly { status: string }[]): string {
  const counts = new Map<string, number>();
  for (const result of list) counts.set(result.status, (counts.get(result.status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${status} ${count}`).join(", ");
}
const peakPerDomain = mx.peakPerDomain();
const timeOk = seconds < TARGET_SECONDS;
const peakOk = peakPerDomain <= TARGET_PER_DOMAIN;
const data = mx.commands.get("DATA") ?? 0;
const line = (label: string, text: string) => console.log(`${`${label}:`.padEnd(22)}${text}`);
line("time", `${seconds.toFixed(1)} s (target < ${TARGET_SECONDS} s) ${timeOk ? "OK" : "MISSED"}`);
line("peak sessions/domain", `${peakPerDomain} (target <= ${TARGET_PER_DOMAIN}) ${peakOk ? "OK" : "MISSED"}`);
line("sessions", `${firstPass.sessions} in all, ${firstPass.peakSessions} at once`);
line("RCPT TO", `${firstPass.rcpt} (accept-all probes included); DATA ever: ${data}`);
line("DNS questions", `${firstPass.questions}`);
line("statuses", countStatuses(results));
const unknownWhy = new Map<string, number>();
for (const result of results) {
  if (result.status !== "unknown") continue;
  const why = `${result.method}: ${result.detail.replace(/company\d+/g, "companyN").replace(/\d+ ms/, "N ms")}`;
  unknownWhy.set(why, (unknownWhy.get(why) ?? 0) + 1);
}
for (const [why, count] of unknownWhy) console.log(`  unknown, ${count}: ${why}`);
line(
  "asked again",
  `${retried.length} with a retryAt, in ${retrySeconds.toFixed(1)} s: ${countStatuses(retryResults)}`,
);
process.exit(timeOk && peakOk && data === 0 && serverOk ? 0 : 1);
