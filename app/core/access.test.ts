import { describe, expect, it } from "vitest";
import {
  type AccessFlags,
  accessFlags,
  exportPrompt,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
  searchPrompt,
  VISITOR_ACCESS,
  viewerAccess,
} from "./access";
import { PLAN_IDS, type PlanId } from "./plans";

const PRO_PLANS: readonly PlanId[] = ["pro", "monthly", "lifetime"];

/** The rule written out independently of the implementation, case by case (docs/product.md#access). */
function expected(planId: PlanId | null, status: SubscriptionStatus | null, isAdmin: boolean): AccessFlags {
  const isCurrentStatus = status === "active" || status === "trialing";
  const hasProPlan = planId !== null && PRO_PLANS.includes(planId) && isCurrentStatus;
  const isTrialing = hasProPlan && status === "trialing";
  const hasProAccess = isAdmin || hasProPlan;
  return {
    hasProAccess,
    hasLpAccess: isAdmin || (planId === "lps" && isCurrentStatus),
    hasActiveAccess: hasProAccess || isTrialing,
    hasExportAccess: isAdmin || (hasProAccess && !isTrialing),
    isTrialing,
  };
}

describe("accessFlags: every plan x status x admin", () => {
  const cases: Array<[PlanId | null, SubscriptionStatus | null, boolean]> = [];
  for (const isAdmin of [false, true]) {
    cases.push([null, null, isAdmin]);
    for (const planId of PLAN_IDS) {
      for (const status of SUBSCRIPTION_STATUSES) cases.push([planId, status, isAdmin]);
    }
  }

  it.each(cases)("plan %s, status %s, admin %s", (planId, status, isAdmin) => {
    const subscriptions = planId && status ? [{ planId, status }] : [];
    expect(accessFlags(subscriptions, isAdmin)).toEqual(expected(planId, status, isAdmin));
  });
});

describe("accessFlags: the cases that matter most", () => {
  it("an active annual plan gives access and export", () => {
    expect(accessFlags([{ planId: "pro", status: "active" }], false)).toEqual({
      hasProAccess: true,
      hasLpAccess: false,
      hasActiveAccess: true,
      hasExportAccess: true,
      isTrialing: false,
    });
  });

  it("a trial gives access but no export (docs/product.md#roles)", () => {
    const flags = accessFlags([{ planId: "monthly", status: "trialing" }], false);
    expect(flags).toMatchObject({ hasActiveAccess: true, hasExportAccess: false, isTrialing: true });
  });

  it("past_due, canceled and incomplete give nothing", () => {
    for (const status of ["past_due", "canceled", "incomplete", "unpaid"] as const) {
      expect(accessFlags([{ planId: "pro", status }], false)).toMatchObject({
        hasActiveAccess: false,
        hasExportAccess: false,
      });
    }
  });

  it("admins get pro, LP and export access with no subscription", () => {
    expect(accessFlags([], true)).toEqual({
      hasProAccess: true,
      hasLpAccess: true,
      hasActiveAccess: true,
      hasExportAccess: true,
      isTrialing: false,
    });
  });

  it("a paid plan beside a trial is not trialing; an LP plan alone gives no search access", () => {
    const both = accessFlags(
      [
        { planId: "pro", status: "active" },
        { planId: "monthly", status: "trialing" },
      ],
      false,
    );
    expect(both).toMatchObject({ isTrialing: false, hasExportAccess: true });
    expect(accessFlags([{ planId: "lps", status: "active" }], false)).toMatchObject({
      hasLpAccess: true,
      hasActiveAccess: false,
    });
  });
});

describe("searchPrompt (docs/product.md#access, search page access logic)", () => {
  it("asks a visitor to sign up and a signed-in user without access to choose a plan", () => {
    expect(searchPrompt(VISITOR_ACCESS)).toBe("signup");
    expect(searchPrompt(viewerAccess({ isAdmin: false }, []))).toBe("pricing");
    expect(searchPrompt(viewerAccess({ isAdmin: false }, [{ planId: "pro", status: "canceled" }]))).toBe(
      "pricing",
    );
  });

  it("leaves users with active access (trial included) and admins alone", () => {
    expect(searchPrompt(viewerAccess({ isAdmin: false }, [{ planId: "pro", status: "trialing" }]))).toBe(
      "none",
    );
    expect(searchPrompt(viewerAccess({ isAdmin: false }, [{ planId: "monthly", status: "active" }]))).toBe(
      "none",
    );
    expect(searchPrompt(viewerAccess({ isAdmin: true }, []))).toBe("none");
  });
});

describe("exportPrompt (docs/product.md#access, export without export access)", () => {
  it("exports for export access and for admins", () => {
    expect(exportPrompt(viewerAccess({ isAdmin: false }, [{ planId: "pro", status: "active" }]))).toBe(
      "export",
    );
    expect(exportPrompt(viewerAccess({ isAdmin: true }, []))).toBe("export");
  });

  it("asks a visitor to sign up, a trial user to upgrade, anyone else to choose a plan", () => {
    expect(exportPrompt(VISITOR_ACCESS)).toBe("signup");
    expect(exportPrompt(viewerAccess({ isAdmin: false }, [{ planId: "pro", status: "trialing" }]))).toBe(
      "trial",
    );
    expect(exportPrompt(viewerAccess({ isAdmin: false }, []))).toBe("pricing");
    expect(exportPrompt(viewerAccess({ isAdmin: false }, [{ planId: "lps", status: "active" }]))).toBe(
      "pricing",
    );
  });

  it("offers the export exactly when the server's flag allows it, for every plan, status and role", () => {
    for (const isAdmin of [false, true]) {
      for (const planId of PLAN_IDS) {
        for (const status of SUBSCRIPTION_STATUSES) {
          const subscriptions = [{ planId, status }];
          const access = viewerAccess({ isAdmin }, subscriptions);
          expect(exportPrompt(access) === "export").toBe(accessFlags(subscriptions, isAdmin).hasExportAccess);
          expect(searchPrompt(access) === "none").toBe(accessFlags(subscriptions, isAdmin).hasActiveAccess);
        }
      }
    }
  });
});
