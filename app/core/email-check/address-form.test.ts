import { describe, expect, it } from "vitest";
import { addressForm, statusOfRoleAddress } from "./address-form";
import { addressParts } from "./address-parts";
import { isDisposableDomain } from "./disposable-domain";
import { isRoleLocalPart } from "./role-address";

describe("addressParts (decision 032)", () => {
  it("splits a valid address, lower-cased and trimmed", () => {
    expect(addressParts(" Ada.Lovelace@Acme.TEST ")).toEqual({
      email: "ada.lovelace@acme.test",
      local: "ada.lovelace",
      domain: "acme.test",
    });
  });

  it("refuses what is not an address, as the forms do", () => {
    for (const bad of [
      "",
      "ada",
      "ada@",
      "@acme.test",
      "ada@localhost",
      "a..b@acme.test",
      "ada lovelace@acme.test",
    ]) {
      expect(addressParts(bad), bad).toBeNull();
    }
  });
});

describe("isDisposableDomain (decision 032)", () => {
  it("knows throwaway-mail domains and their subdomains from the maintained list", () => {
    expect(isDisposableDomain("mailinator.com")).toBe(true);
    expect(isDisposableDomain("eu.mailinator.com")).toBe(true);
    expect(isDisposableDomain("guerrillamail.com")).toBe(true);
  });

  it("leaves company and webmail domains alone", () => {
    expect(isDisposableDomain("acme.test")).toBe(false);
    expect(isDisposableDomain("gmail.com")).toBe(false);
    expect(isDisposableDomain("com")).toBe(false);
  });
});

describe("isRoleLocalPart (decision 032)", () => {
  it("flags shared boxes whatever their separators or +tag", () => {
    for (const local of [
      "info",
      "sales",
      "no-reply",
      "no_reply",
      "noreply",
      "support+eu",
      "Hello",
      "post.master",
    ]) {
      expect(isRoleLocalPart(local), local).toBe(true);
    }
  });

  it("does not flag people", () => {
    for (const local of ["ada", "ada.lovelace", "infoada", "salesforce.ada", "jsales"]) {
      expect(isRoleLocalPart(local), local).toBe(false);
    }
  });
});

describe("addressForm (decision 032)", () => {
  it("calls a malformed address invalid and a throwaway one disposable, before any look-up", () => {
    expect(addressForm("not an address")).toMatchObject({ isCheckable: false, status: "invalid" });
    expect(addressForm("Someone@Mailinator.com")).toMatchObject({
      isCheckable: false,
      status: "disposable",
      email: "someone@mailinator.com",
    });
  });

  it("passes other addresses on, flagging role boxes", () => {
    expect(addressForm("info@acme.test")).toMatchObject({ isCheckable: true, isRole: true });
    expect(addressForm("ada@acme.test")).toMatchObject({ isCheckable: true, isRole: false });
  });

  it("keeps a role box's status role unless its domain or mailbox was refused", () => {
    expect(statusOfRoleAddress("valid")).toBe("role");
    expect(statusOfRoleAddress("accept_all")).toBe("role");
    expect(statusOfRoleAddress("unknown")).toBe("role");
    expect(statusOfRoleAddress("invalid")).toBe("invalid");
  });
});
