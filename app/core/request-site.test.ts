import { describe, expect, it } from "vitest";
import { exportMayRecord, requestSiteOf } from "./request-site";

const APP = "https://roundlist.example";

describe("requestSiteOf", () => {
  it("believes Sec-Fetch-Site first", () => {
    expect(requestSiteOf({ fetchSite: "same-origin", origin: null }, APP)).toBe("ours");
    expect(requestSiteOf({ fetchSite: "none", origin: null }, APP)).toBe("ours");
    expect(requestSiteOf({ fetchSite: "cross-site", origin: APP }, APP)).toBe("another-site");
    expect(requestSiteOf({ fetchSite: "same-site", origin: null }, APP)).toBe("another-site");
  });

  it("compares Origin with the app's without Sec-Fetch-Site, and knows nothing without either", () => {
    expect(requestSiteOf({ fetchSite: null, origin: APP }, APP)).toBe("ours");
    expect(requestSiteOf({ fetchSite: null, origin: "https://evil.example" }, APP)).toBe("another-site");
    expect(requestSiteOf({ fetchSite: null, origin: "null" }, APP)).toBe("another-site");
    expect(requestSiteOf({ fetchSite: null, origin: null }, APP)).toBe("unknown");
  });
});

describe("exportMayRecord", () => {
  it("records a POST unless it came from another site", () => {
    expect(exportMayRecord("POST", "ours")).toBe(true);
    expect(exportMayRecord("POST", "unknown")).toBe(true);
    expect(exportMayRecord("POST", "another-site")).toBe(false);
  });

  it("records a GET only when it is known to come from a page of ours or the person", () => {
    expect(exportMayRecord("GET", "ours")).toBe(true);
    expect(exportMayRecord("GET", "unknown")).toBe(false);
    expect(exportMayRecord("GET", "another-site")).toBe(false);
  });
});
