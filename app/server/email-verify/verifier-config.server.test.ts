import { describe, expect, it } from "vitest";
import { ConfigError } from "../env.server";
import { verifierConfig, verifierConfigFromEnv } from "./verifier-config.server";

describe("verifierConfigFromEnv (decision 032)", () => {
  it("is the syntax driver with its defaults when nothing is set", () => {
    expect(verifierConfigFromEnv({})).toMatchObject({
      driver: "syntax",
      smtpPort: 25,
      perDomainConnections: 2,
      globalConnections: 50,
    });
  });

  it("reads every variable", () => {
    expect(
      verifierConfigFromEnv({
        EMAIL_VERIFY_DRIVER: "smtp",
        EMAIL_VERIFY_DNS_SERVERS: "127.0.0.1:5353, 10.0.0.2",
        EMAIL_VERIFY_SMTP_PORT: "2525",
        EMAIL_VERIFY_HELO: "verify.roundlist.test",
        EMAIL_VERIFY_FROM: "probe@roundlist.test",
        EMAIL_VERIFY_PER_DOMAIN: "1",
        EMAIL_VERIFY_CONCURRENCY: "20",
        EMAIL_VERIFY_TIMEOUT_MS: "5000",
      }),
    ).toMatchObject({
      driver: "smtp",
      dnsServers: ["127.0.0.1:5353", "10.0.0.2"],
      smtpPort: 2525,
      heloName: "verify.roundlist.test",
      mailFrom: "probe@roundlist.test",
      perDomainConnections: 1,
      globalConnections: 20,
      timeoutMs: 5000,
    });
  });

  it("refuses the smtp driver without a HELO name and a sender, naming both variables", () => {
    expect(() => verifierConfigFromEnv({ EMAIL_VERIFY_DRIVER: "smtp" })).toThrow(ConfigError);
    expect(() => verifierConfigFromEnv({ EMAIL_VERIFY_DRIVER: "smtp" })).toThrow(
      /EMAIL_VERIFY_HELO[\s\S]*EMAIL_VERIFY_FROM/,
    );
    expect(() => verifierConfig({ driver: "smtp", heloName: "verify.roundlist.test" })).toThrow(/mailFrom/);
  });

  it("names a bad value's variable", () => {
    expect(() => verifierConfigFromEnv({ EMAIL_VERIFY_DRIVER: "carrier-pigeon" })).toThrow(
      /EMAIL_VERIFY_DRIVER/,
    );
    expect(() => verifierConfigFromEnv({ EMAIL_VERIFY_SMTP_PORT: "twenty-five" })).toThrow(
      /EMAIL_VERIFY_SMTP_PORT/,
    );
    expect(() => verifierConfigFromEnv({ EMAIL_VERIFY_PER_DOMAIN: "0" })).toThrow(/EMAIL_VERIFY_PER_DOMAIN/);
    expect(() => verifierConfigFromEnv({ EMAIL_VERIFY_DNS_SERVERS: "dns.example" })).toThrow(
      /EMAIL_VERIFY_DNS_SERVERS/,
    );
    expect(() =>
      verifierConfigFromEnv({
        EMAIL_VERIFY_DRIVER: "smtp",
        EMAIL_VERIFY_HELO: "h",
        EMAIL_VERIFY_FROM: "nope",
      }),
    ).toThrow(/EMAIL_VERIFY_FROM/);
  });
});
