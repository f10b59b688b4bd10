import { describe, expect, it } from "vitest";
import { addressKind, checkEndpointUrl, notPublicName, type Resolve } from "./endpoint-guard.server";

/** A resolver that knows only these names, so no test asks real DNS. */
function resolver(names: Record<string, string[]>): Resolve {
  return async (host) => {
    const addresses = names[host];
    if (addresses === undefined) throw Object.assign(new Error(`unknown ${host}`), { code: "ENOTFOUND" });
    return addresses;
  };
}

const resolve = resolver({
  "hooks.example.com": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
  "loopback.example.com": ["127.0.0.1"],
  "private.example.com": ["10.0.0.1"],
  "metadata.example.com": ["169.254.169.254"],
  "v6loop.example.com": ["::1"],
  "mixed.example.com": ["93.184.215.14", "192.168.1.20"],
  "mapped.example.com": ["::ffff:127.0.0.1"],
  "empty.example.com": [],
});

/** Why `url` was refused: the detail for the log (a name's user-facing reason is one sentence, tested below). */
async function reasonFor(url: string, production = true): Promise<string> {
  const result = await checkEndpointUrl(url, { production, resolve });
  if (result.ok) throw new Error(`${url} was allowed`);
  return result.detail ?? result.reason;
}

describe("checkEndpointUrl in production", () => {
  it("allows an https URL whose host resolves only to public addresses, on any port", async () => {
    const result = await checkEndpointUrl("https://hooks.example.com:8443/roundlist?x=1", {
      production: true,
      resolve,
    });
    expect(result).toMatchObject({
      ok: true,
      addresses: ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
    });
    if (result.ok) expect(result.url.port).toBe("8443");
  });

  it("refuses http, other schemes, credentials and what is no URL", async () => {
    expect(await reasonFor("http://hooks.example.com/")).toContain("https://");
    expect(await reasonFor("ftp://hooks.example.com/")).toContain("https://");
    expect(await reasonFor("https://user:pw@hooks.example.com/")).toContain("user name or password");
    expect(await reasonFor("https://user@hooks.example.com/")).toContain("user name or password");
    expect(await reasonFor("not a url")).toBe("That is not a valid URL.");
    expect(await reasonFor(`https://hooks.example.com/${"a".repeat(3000)}`)).toContain("longer than");
  });

  it.each([
    ["loopback.example.com", "127.0.0.1", "loopback"],
    ["private.example.com", "10.0.0.1", "private"],
    ["metadata.example.com", "169.254.169.254", "link-local"],
    ["v6loop.example.com", "::1", "loopback"],
    ["mapped.example.com", "::ffff:127.0.0.1", "loopback"],
  ])("refuses %s, which resolves to %s (%s)", async (host, address, kind) => {
    expect(await reasonFor(`https://${host}/hook`)).toBe(
      `${host} resolves to ${address}, which is a ${kind} address: webhooks go only to public internet addresses.`,
    );
  });

  it("tells the user one sentence for a name, whether it is unknown or points inside: no address echoed", async () => {
    for (const host of [
      "private.example.com",
      "metadata.example.com",
      "nowhere.example.com",
      "empty.example.com",
    ]) {
      const result = await checkEndpointUrl(`https://${host}/hook`, { production: true, resolve });
      expect(result).toMatchObject({ ok: false, reason: notPublicName(host) });
    }
    const shown = await checkEndpointUrl("https://private.example.com/", { production: true, resolve });
    expect(shown.ok ? "" : shown.reason).not.toContain("10.0.0.1");
  });

  it("refuses a host when any one of its addresses is private", async () => {
    expect(await reasonFor("https://mixed.example.com/")).toContain(
      "192.168.1.20, which is a private address",
    );
  });

  it.each([
    ["https://127.0.0.1/", "127.0.0.1 is a loopback address"],
    ["https://[::1]:8443/", "::1 is a loopback address"],
    ["https://169.254.169.254/latest/meta-data/", "169.254.169.254 is a link-local address"],
    ["https://10.0.0.1/", "10.0.0.1 is a private address"],
    ["https://0.0.0.0/", "0.0.0.0 is an unspecified address"],
    ["https://2130706433/", "127.0.0.1 is a loopback address"],
    ["https://0x7f.1/", "127.0.0.1 is a loopback address"],
    ["https://[::ffff:127.0.0.1]/", "::ffff:7f00:1 is a loopback address"],
    ["https://[::ffff:a9fe:a9fe]/", "::ffff:a9fe:a9fe is a link-local address"],
    ["https://[fd00::1]/", "fd00::1 is a unique-local address"],
    ["https://[fe80::1]/", "fe80::1 is a link-local address"],
    ["https://100.64.0.1/", "100.64.0.1 is a shared (carrier-grade NAT) address"],
    ["https://224.0.0.1/", "224.0.0.1 is a multicast address"],
    ["https://[64:ff9b::a00:1]/", "64:ff9b::a00:1 is an IPv4-embedding"],
  ])("refuses the literal address in %s", async (url, reason) => {
    expect(await reasonFor(url)).toContain(reason);
  });

  it("looks up no literal address, and says when a name has no address", async () => {
    const asked: string[] = [];
    const spy: Resolve = async (host) => {
      asked.push(host);
      return ["93.184.215.14"];
    };
    expect(
      await checkEndpointUrl("https://93.184.215.14/", { production: true, resolve: spy }),
    ).toMatchObject({
      ok: true,
      addresses: ["93.184.215.14"],
    });
    expect(asked).toEqual([]);
    expect(await reasonFor("https://nowhere.example.com/")).toBe(
      "The host nowhere.example.com could not be found (ENOTFOUND).",
    );
    expect(await reasonFor("https://empty.example.com/")).toBe("The host empty.example.com has no address.");
  });

  it("uses node's resolver by default: localhost is refused", async () => {
    const result = await checkEndpointUrl("https://localhost/", { production: true });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.detail).toContain("is a loopback address");
  });
});

describe("checkEndpointUrl outside production", () => {
  it("allows http and loopback receivers, as tests and local development use", async () => {
    expect(await checkEndpointUrl("http://127.0.0.1:4000/hook", { production: false })).toMatchObject({
      ok: true,
      addresses: ["127.0.0.1"],
    });
    expect((await checkEndpointUrl("http://[::1]:4000/", { production: false })).ok).toBe(true);
    expect((await checkEndpointUrl("https://loopback.example.com/", { production: false, resolve })).ok).toBe(
      true,
    );
  });

  it("still refuses private, link-local and every other non-public address", async () => {
    expect(await reasonFor("http://10.0.0.1/", false)).toContain("private");
    expect(await reasonFor("http://169.254.169.254/", false)).toContain("link-local");
    expect(await reasonFor("http://metadata.example.com/", false)).toContain("link-local");
    expect(await reasonFor("http://[fd12::1]/", false)).toContain("unique-local");
    expect(await reasonFor("ftp://127.0.0.1/", false)).toContain("https:// or http://");
  });
});

describe("addressKind", () => {
  it.each([
    ["8.8.8.8", null],
    ["2a00:1450:4001:80b::200e", null],
    ["::ffff:8.8.8.8", null],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.1", null],
    ["192.168.0.1", "private"],
    ["100.127.255.255", "shared (carrier-grade NAT)"],
    ["100.128.0.1", null],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["255.255.255.255", "reserved"],
    ["192.0.2.1", "reserved"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:a00:1", "private"],
    ["::ffff:0.0.0.0", "unspecified"],
    ["fe80::1%eth0", "link-local"],
    ["ff02::1", "multicast"],
    ["fc00::1", "unique-local"],
    ["::127.0.0.1", "IPv4-embedding (NAT64, 6to4, Teredo or IPv4-compatible)"],
    ["2002:a00:1::1", "IPv4-embedding (NAT64, 6to4, Teredo or IPv4-compatible)"],
    ["example.com", "invalid"],
  ])("%s is %s", (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });
});
