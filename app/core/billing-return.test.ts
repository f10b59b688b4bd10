import { describe, expect, it } from "vitest";
import { paymentReturnMessage, paymentReturnPath } from "./billing-return";
import { PAYMENT_RETURN_TOASTS } from "./messages";

const messageOf = (path: string) => paymentReturnMessage(new URL(path, "http://x").searchParams);

describe("the return from checkout", () => {
  it("names what happened: a payment, a trial that started, or a cancel", () => {
    expect(messageOf(paymentReturnPath("paid"))).toBe(PAYMENT_RETURN_TOASTS.success);
    expect(messageOf(paymentReturnPath("trial-started"))).toBe(PAYMENT_RETURN_TOASTS.trialStarted);
    expect(messageOf(paymentReturnPath("canceled"))).toBe(PAYMENT_RETURN_TOASTS.canceled);
  });

  it("keeps success=true (docs/product.md#plans), and says nothing for other addresses", () => {
    expect(paymentReturnPath("paid")).toBe("/search?success=true");
    expect(messageOf("/search")).toBeNull();
    expect(messageOf("/search?trial=started")).toBeNull();
  });
});
