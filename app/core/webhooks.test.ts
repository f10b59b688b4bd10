import { describe, expect, it } from "vitest";
import {
  FIRST_RETRY_DELAY_MS,
  isSlackWebhookUrl,
  MAX_RETRY_DELAY_MS,
  nextAttemptAt,
  RETRY_FOR_MS,
  shouldDisable,
  shownEndpointUrl,
} from "./webhooks";

const FIRST = new Date("2026-12-01T07:00:00Z");
const laterBy = (ms: number) => new Date(FIRST.getTime() + ms);

describe("nextAttemptAt", () => {
  it("waits a minute, then twice as long each time, at most six hours", () => {
    expect(nextAttemptAt(1, FIRST, FIRST)).toEqual(laterBy(FIRST_RETRY_DELAY_MS));
    expect(nextAttemptAt(2, FIRST, laterBy(1000))).toEqual(laterBy(1000 + 2 * FIRST_RETRY_DELAY_MS));
    expect(nextAttemptAt(5, FIRST, FIRST)).toEqual(laterBy(16 * FIRST_RETRY_DELAY_MS));
    expect(nextAttemptAt(12, FIRST, FIRST)).toEqual(laterBy(MAX_RETRY_DELAY_MS));
  });

  it("makes the last try on the day's deadline, then gives up", () => {
    const late = laterBy(RETRY_FOR_MS - 60_000);
    expect(nextAttemptAt(11, FIRST, late)).toEqual(laterBy(RETRY_FOR_MS));
    expect(nextAttemptAt(12, FIRST, laterBy(RETRY_FOR_MS))).toBeNull();
  });
});

describe("shouldDisable", () => {
  it("disables an endpoint failing for a whole day, not one failing for less or not at all", () => {
    expect(shouldDisable(null, laterBy(RETRY_FOR_MS * 2))).toBe(false);
    expect(shouldDisable(FIRST, laterBy(RETRY_FOR_MS - 1))).toBe(false);
    expect(shouldDisable(FIRST, laterBy(RETRY_FOR_MS))).toBe(true);
  });
});

describe("endpoint URLs", () => {
  it("shows a webhook's URL whole and a Slack URL shortened (it is a secret)", () => {
    expect(shownEndpointUrl("webhook", "https://api.acme.example/hooks/roundlist")).toBe(
      "https://api.acme.example/hooks/roundlist",
    );
    expect(shownEndpointUrl("slack", "https://hooks.slack.com/services/T01/B02/abcdSECRET9xyz")).toBe(
      "https://hooks.slack.com/…9xyz",
    );
  });

  it("tells a Slack incoming-webhook URL from others", () => {
    expect(isSlackWebhookUrl("https://hooks.slack.com/services/T01/B02/xyz")).toBe(true);
    expect(isSlackWebhookUrl("http://hooks.slack.com/services/T01/B02/xyz")).toBe(false);
    expect(isSlackWebhookUrl("https://hooks.slack.com.evil.example/services/x")).toBe(false);
    expect(isSlackWebhookUrl("not a url")).toBe(false);
  });
});
