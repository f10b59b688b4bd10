import { describe, expect, it } from "vitest";
import { createMemoryDomainFactsStore } from "./domain-facts.server";

describe("createMemoryDomainFactsStore (decision 032)", () => {
  it("keeps a domain's facts for the TTL, then forgets them", async () => {
    let clock = 1_000;
    const store = createMemoryDomainFactsStore(500, () => clock);
    const facts = { mailHosts: [], acceptAll: true, probeLocalPart: "q7x" };
    await store.set("acme.test", facts);
    clock += 499;
    expect(await store.get("acme.test")).toEqual(facts);
    expect(await store.get("other.test")).toBeUndefined();
    clock += 1;
    expect(await store.get("acme.test")).toBeUndefined();
  });
});
