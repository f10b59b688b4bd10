import { describe, expect, it } from "vitest";
import { acceptsAll, mailboxVerdict, rcptOutcome } from "./mailbox-verdict";

describe("rcptOutcome (decision 032)", () => {
  it("reads 2xx as accepted, 5xx as rejected and 4xx as deferred", () => {
    expect(rcptOutcome(250, "OK")).toEqual({ kind: "accepted", reply: "250 OK" });
    expect(rcptOutcome(251, "will forward").kind).toBe("accepted");
    expect(rcptOutcome(550, "5.1.1 no such user").kind).toBe("rejected");
    expect(rcptOutcome(553, "bad mailbox").kind).toBe("rejected");
    expect(rcptOutcome(450, "4.7.1 greylisted").kind).toBe("deferred");
    expect(rcptOutcome(421, "closing").kind).toBe("deferred");
  });

  it("does not take a policy refusal (5.7.x) for a missing mailbox", () => {
    expect(rcptOutcome(550, "5.7.1 Service unavailable, client host blocked").kind).toBe("deferred");
    expect(rcptOutcome(554, "5.7.1 Relaying denied").kind).toBe("deferred");
    expect(rcptOutcome(550, "5.1.1 User unknown").kind).toBe("rejected");
    expect(rcptOutcome(550, "Requested action not taken: mailbox unavailable").kind).toBe("rejected");
  });
});

describe("mailboxVerdict (decision 032)", () => {
  const accepted = rcptOutcome(250, "OK");

  it("confirms an accepted mailbox only where a random address is refused", () => {
    expect(mailboxVerdict(accepted, false)).toMatchObject({ status: "valid", isRetryable: false });
    expect(mailboxVerdict(accepted, true)).toMatchObject({ status: "accept_all", isRetryable: false });
    expect(mailboxVerdict(accepted, null)).toMatchObject({ status: "unknown", isRetryable: true });
  });

  it("calls a refused mailbox invalid and a deferred one unknown, to ask again", () => {
    expect(mailboxVerdict(rcptOutcome(550, "no"), false)).toMatchObject({
      status: "invalid",
      isRetryable: false,
    });
    expect(mailboxVerdict(rcptOutcome(550, "no"), true)).toMatchObject({ status: "invalid" });
    expect(mailboxVerdict(rcptOutcome(450, "later"), false)).toMatchObject({
      status: "unknown",
      isRetryable: true,
    });
  });

  it("takes the random-address probe's answer as the domain's accept-all fact", () => {
    expect(acceptsAll(rcptOutcome(250, "OK"))).toBe(true);
    expect(acceptsAll(rcptOutcome(550, "no"))).toBe(false);
    expect(acceptsAll(rcptOutcome(451, "later"))).toBeNull();
  });
});
