import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startDnsServer, type TestDnsServer } from "../../../tests/fixtures/dns-server";
import { localSmtpConfig, mxRecords } from "../../../tests/fixtures/mail-domains";
import { type MxBehaviour, type SmtpMx, startSmtpMx } from "../../../tests/fixtures/smtp-mx";
import { createVerifier, type Verifier } from "./verifier.server";
import type { VerifierConfigInput } from "./verifier-config.server";

const DOMAINS = new Map<string, MxBehaviour>([
  ["acme.test", { kind: "mailboxes", mailboxes: ["ada", "alan", "info", "grace.hopper"] }],
  ["flast.test", { kind: "mailboxes", mailboxes: ["alovelace", "aturing", "ghopper", "grace"] }],
  ["catchall.test", { kind: "accept_all" }],
  ["grey.test", { kind: "greylist", mailboxes: ["bob"] }],
  ["stall.test", { kind: "hang" }],
  ["aonly.test", { kind: "mailboxes", mailboxes: ["ada"] }],
  ["big.test", { kind: "mailboxes", mailboxes: Array.from({ length: 120 }, (_, index) => `person${index}`) }],
]);

let dns: TestDnsServer;
let mx: SmtpMx;
const verifiers: Verifier[] = [];

beforeAll(async () => {
  const records = mxRecords([
    "acme.test",
    "flast.test",
    "catchall.test",
    "grey.test",
    "stall.test",
    "big.test",
    // The MX knows no such domain: it answers 550 5.7.1 Relaying denied.
    "unlisted.test",
  ]);
  records.set("aonly.test", { a: ["127.0.0.1"] });
  records.set("nomail.test", {});
  records.set("nullmx.test", { mx: [{ exchange: "", priority: 0 }] });
  records.set("broken.test", { fails: true });
  dns = await startDnsServer({ records });
  // A real MX's pace, short: every reply waits 5 ms.
  mx = await startSmtpMx({ domains: DOMAINS, delayMs: () => 5 });
});

afterEach(async () => {
  await Promise.all(verifiers.splice(0).map((verifier) => verifier.close()));
});

afterAll(async () => {
  await mx?.close();
  await dns?.close();
});

function verifier(overrides: Partial<VerifierConfigInput> = {}): Verifier {
  const created = createVerifier(
    localSmtpConfig({ dnsAddress: dns.address, smtpPort: mx.port }, { retryAfterMs: 60_000, ...overrides }),
  );
  verifiers.push(created);
  return created;
}

/** RCPT TO commands the MX has seen for a domain so far. */
function rcptsAt(domain: string): string[] {
  return mx.rcptTo.filter((address) => address.endsWith(`@${domain}`));
}

describe("the smtp driver against a local MX (decision 032)", () => {
  it("confirms an accepted mailbox and refuses a rejected one, probing the domain once with a random address", async () => {
    const results = await verifier().verifyMany(["Ada@Acme.test", "nobody@acme.test", "alan@acme.test"]);
    expect(results.map((result) => [result.email, result.status, result.method])).toEqual([
      ["ada@acme.test", "valid", "mailbox"],
      ["nobody@acme.test", "invalid", "mailbox"],
      ["alan@acme.test", "valid", "mailbox"],
    ]);
    expect(results[1]?.detail).toContain("550");
    const asked = rcptsAt("acme.test");
    expect(asked).toHaveLength(4);
    expect(asked.slice(1)).toEqual(["ada@acme.test", "nobody@acme.test", "alan@acme.test"]);
    expect(["ada", "alan", "nobody", "info"]).not.toContain(asked[0]?.split("@")[0]);
  });

  it("says who is asking (the configured HELO name and sender) and never sends DATA", async () => {
    await verifier({ heloName: "probe-host.roundlist.test", mailFrom: "bounce@roundlist.test" }).verify(
      "ada@acme.test",
    );
    expect(mx.heloNames).toContain("probe-host.roundlist.test");
    expect(mx.mailFroms).toContain("bounce@roundlist.test");
    expect(mx.commands.get("DATA") ?? 0).toBe(0);
    expect(mx.commands.get("QUIT") ?? 0).toBeGreaterThan(0);
  });

  it("calls every address of a domain that accepts a random address accept_all, and remembers it", async () => {
    const checker = verifier();
    const first = await checker.verifyMany(["ceo@catchall.test", "anyone@catchall.test"]);
    expect(first.map((result) => result.status)).toEqual(["accept_all", "accept_all"]);
    const sessionsBefore = mx.sessions();
    const again = await checker.verify("someone.else@catchall.test");
    expect(again).toMatchObject({ status: "accept_all", method: "mailbox" });
    expect(mx.sessions()).toBe(sessionsBefore);
  });

  it("answers unknown with a time to retry while greylisted, then valid when asked again", async () => {
    const checker = verifier({ retryAfterMs: 60_000 });
    const before = Date.now();
    const first = await checker.verify("bob@grey.test");
    expect(first).toMatchObject({ status: "unknown", method: "mailbox" });
    expect(first.detail).toContain("450");
    expect(first.retryAt?.getTime()).toBeGreaterThanOrEqual(before + 60_000);
    const second = await checker.verify("bob@grey.test");
    expect(second.status).toBe("valid");
    expect(second.retryAt).toBeUndefined();
  });

  it("answers unknown with a time to retry when the MX stalls past the timeout", async () => {
    const results = await verifier({ timeoutMs: 300 }).verifyMany(["ada@stall.test", "alan@stall.test"]);
    for (const result of results) {
      expect(result).toMatchObject({ status: "unknown", method: "mailbox" });
      expect(result.detail).toContain("no answer within 300 ms");
      expect(result.retryAt).toBeInstanceOf(Date);
    }
  });

  it("drops a stalled session on close() instead of waiting out the timeout", async () => {
    const checker = createVerifier({
      driver: "smtp",
      dnsServers: [dns.address],
      smtpPort: mx.port,
      heloName: "verify.roundlist.test",
      mailFrom: "probe@roundlist.test",
      timeoutMs: 60_000,
    });
    const asked = rcptsAt("stall.test").length;
    const pending = checker.verify("grace@stall.test");
    await vi.waitFor(() => expect(rcptsAt("stall.test").length).toBeGreaterThan(asked));
    const closing = Date.now();
    await checker.close();
    const result = await pending;
    expect(result).toMatchObject({ status: "unknown", method: "mailbox" });
    expect(Date.now() - closing).toBeLessThan(5_000);
    await expect(checker.verify("ada@acme.test")).rejects.toThrow("closed");
  });

  it("calls a domain with no mail host invalid without connecting: no MX and no A, or a null MX", async () => {
    const sessionsBefore = mx.sessions();
    const results = await verifier().verifyMany(["ada@nomail.test", "ada@nullmx.test", "ada@nowhere.test"]);
    expect(results.map((result) => [result.status, result.method])).toEqual([
      ["invalid", "domain"],
      ["invalid", "domain"],
      ["invalid", "domain"],
    ]);
    expect(mx.sessions()).toBe(sessionsBefore);
  });

  it("answers unknown, not invalid, when the MX refuses us by policy (5.7.x) rather than the mailbox", async () => {
    const result = await verifier().verify("ada@unlisted.test");
    expect(result).toMatchObject({ status: "unknown", method: "mailbox" });
    expect(result.detail).toContain("5.7.1");
  });

  it("uses a domain's A record when it has no MX", async () => {
    expect(await verifier().verify("ada@aonly.test")).toMatchObject({ status: "valid", method: "mailbox" });
  });

  it("answers unknown (to retry) when the domain's DNS fails", async () => {
    const result = await verifier().verify("ada@broken.test");
    expect(result).toMatchObject({ status: "unknown", method: "domain" });
    expect(result.detail).toContain("SERVFAIL");
    expect(result.retryAt).toBeInstanceOf(Date);
  });

  it("calls disposable and role addresses so, refusing a role box that does not exist", async () => {
    const results = await verifier().verifyMany([
      "someone@mailinator.com",
      "info@acme.test",
      "sales@acme.test",
    ]);
    expect(results.map((result) => [result.status, result.method])).toEqual([
      ["disposable", "syntax"],
      ["role", "mailbox"],
      ["invalid", "mailbox"],
    ]);
    expect(rcptsAt("mailinator.com")).toEqual([]);
  });

  it("asks about one domain's addresses in one session, and splits a large group over at most two", async () => {
    const checker = verifier({ perDomainConnections: 2 });
    const before = mx.sessions();
    await checker.verifyMany(["ada@acme.test", "alan@acme.test", "grace.hopper@acme.test", "x@acme.test"]);
    expect(mx.sessions() - before).toBe(1);

    const addresses = Array.from({ length: 120 }, (_, index) => `person${index}@big.test`);
    const results = await checker.verifyMany([...addresses, "nobody@big.test"]);
    expect(results.slice(0, 120).every((result) => result.status === "valid")).toBe(true);
    expect(results[120]?.status).toBe("invalid");
    expect(mx.peakByDomain.get("big.test")).toBe(2);
  });

  it("keeps to the per-domain limit across concurrent calls", async () => {
    const checker = verifier({ perDomainConnections: 1 });
    await Promise.all([
      checker.verify("ada@flast.test"),
      checker.verify("alovelace@flast.test"),
      checker.verify("ghopper@flast.test"),
    ]);
    expect(mx.peakByDomain.get("flast.test")).toBe(1);
  });
});

describe("the smtp driver's transactions (decision 032)", () => {
  it("starts a new transaction (RSET, MAIL FROM) when the MX takes no more recipients in one", async () => {
    const strict = await startSmtpMx({ domains: DOMAINS, maxRecipients: 10 });
    try {
      const checker = verifier({ smtpPort: strict.port });
      const addresses = Array.from({ length: 30 }, (_, index) => `person${index}@big.test`);
      const results = await checker.verifyMany(addresses);
      expect(results.every((result) => result.status === "valid")).toBe(true);
      // 30 accepted recipients, 10 a transaction: three transactions in one session.
      expect(strict.commands.get("RSET")).toBe(2);
      expect(strict.commands.get("MAIL")).toBe(3);
      expect(strict.sessions()).toBe(1);
    } finally {
      await strict.close();
    }
  });
});

describe("findAddress (decision 032: found by pattern)", () => {
  it("tries the pattern learnt from two known addresses first and stops at a confirmed mailbox", async () => {
    const found = await verifier().findAddress({
      firstName: "Grace",
      lastName: "Hopper",
      domain: "flast.test",
      known: [
        { firstName: "Ada", lastName: "Lovelace", email: "alovelace@flast.test" },
        { firstName: "Alan", lastName: "Turing", email: "aturing@flast.test" },
      ],
    });
    expect(found).toMatchObject({
      email: "ghopper@flast.test",
      status: "valid",
      source: "pattern",
      pattern: "flast",
      isLearnt: true,
    });
    // The probe and the learnt candidate: grace@flast.test (pattern first) was not asked about.
    expect(rcptsAt("flast.test")).not.toContain("grace@flast.test");
  });

  it("falls back to the common patterns in order when nothing is learnt", async () => {
    const found = await verifier().findAddress({
      firstName: "Grace",
      lastName: "Hopper",
      domain: "acme.test",
    });
    expect(found).toMatchObject({
      email: "grace.hopper@acme.test",
      status: "valid",
      pattern: "first.last",
      isLearnt: false,
    });
  });

  it("never presents a guess as confirmed on an accept-all domain", async () => {
    const found = await verifier().findAddress({
      firstName: "José María",
      lastName: "O'Neil",
      domain: "catchall.test",
    });
    expect(found).toMatchObject({
      email: "jose.oneil@catchall.test",
      status: "accept_all",
      source: "pattern",
    });
  });

  it("finds nothing when every guess is refused", async () => {
    expect(
      await verifier().findAddress({ firstName: "Nobody", lastName: "Here", domain: "acme.test" }),
    ).toBeNull();
  });
});

describe("the syntax and dns drivers (decision 032)", () => {
  it("syntax checks the form alone and asks no server", async () => {
    const questions = dns.questions.length;
    const results = await verifier({ driver: "syntax" }).verifyMany([
      "ada@acme.test",
      "info@acme.test",
      "bad@",
      "x@mailinator.com",
    ]);
    expect(results.map((result) => [result.status, result.method])).toEqual([
      ["unknown", "syntax"],
      ["role", "syntax"],
      ["invalid", "syntax"],
      ["disposable", "syntax"],
    ]);
    expect(dns.questions.length).toBe(questions);
  });

  it("dns checks the domain's mail hosts but no mailbox", async () => {
    const sessions = mx.sessions();
    const results = await verifier({ driver: "dns" }).verifyMany(["nobody@acme.test", "ada@nomail.test"]);
    expect(results.map((result) => [result.status, result.method])).toEqual([
      ["unknown", "domain"],
      ["invalid", "domain"],
    ]);
    expect(mx.sessions()).toBe(sessions);
  });
});
