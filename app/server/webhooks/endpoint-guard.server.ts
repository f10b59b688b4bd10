import { lookup } from "node:dns/promises";
import net from "node:net";

/**
 * Where a customer's webhook may point. The app POSTs to URLs its users type in, from inside our network: an
 * unchecked URL would let anyone make the server call the cloud metadata service (169.254.169.254), the
 * database, or an admin port on a private address, and read its status back (server-side request forgery).
 * So every address the host resolves to must be a public internet address; deliver.server.ts then connects
 * to one of exactly these addresses, so a second DNS answer cannot swap in a private one.
 *
 * The ranges are node's `net.BlockList`: it is built in and its checks of an IPv4 rule also match the
 * IPv4-mapped IPv6 forms (::ffff:127.0.0.1, ::ffff:7f00:1), which hand-written prefix tests tend to miss.
 * ipaddr.js, the one IP package in node_modules, is only there through express (proxy-addr): not ours to
 * depend on.
 */

export type AddressKind =
  | "loopback"
  | "unspecified"
  | "private"
  | "link-local"
  | "unique-local"
  | "shared (carrier-grade NAT)"
  | "multicast"
  | "reserved"
  | "IPv4-embedding (NAT64, 6to4, Teredo or IPv4-compatible)";

type Subnet = readonly [network: string, prefix: number, family: "ipv4" | "ipv6"];

// Checked in this order, so `::1` is loopback before it is IPv4-compatible (::/96) and `::` unspecified.
const RANGES: ReadonlyArray<readonly [AddressKind, readonly Subnet[]]> = [
  [
    "loopback",
    [
      ["127.0.0.0", 8, "ipv4"],
      ["::1", 128, "ipv6"],
    ],
  ],
  [
    "unspecified",
    [
      // "This network": 0.0.0.0 itself reaches the local host on Linux.
      ["0.0.0.0", 8, "ipv4"],
      ["::", 128, "ipv6"],
    ],
  ],
  [
    "private",
    [
      ["10.0.0.0", 8, "ipv4"],
      ["172.16.0.0", 12, "ipv4"],
      ["192.168.0.0", 16, "ipv4"],
      // Deprecated site-local: still routed like a private range where it is configured.
      ["fec0::", 10, "ipv6"],
    ],
  ],
  [
    "link-local",
    [
      // Cloud metadata services (169.254.169.254) answer here.
      ["169.254.0.0", 16, "ipv4"],
      ["fe80::", 10, "ipv6"],
    ],
  ],
  ["unique-local", [["fc00::", 7, "ipv6"]]],
  ["shared (carrier-grade NAT)", [["100.64.0.0", 10, "ipv4"]]],
  [
    "multicast",
    [
      ["224.0.0.0", 4, "ipv4"],
      ["ff00::", 8, "ipv6"],
    ],
  ],
  [
    // Never a receiver on the public internet: protocol assignments, documentation, benchmarking, the old
    // 6to4 relay, class E and the broadcast address, IPv6 discard and documentation.
    "reserved",
    [
      ["192.0.0.0", 24, "ipv4"],
      ["192.0.2.0", 24, "ipv4"],
      ["192.88.99.0", 24, "ipv4"],
      ["198.18.0.0", 15, "ipv4"],
      ["198.51.100.0", 24, "ipv4"],
      ["203.0.113.0", 24, "ipv4"],
      ["240.0.0.0", 4, "ipv4"],
      ["100::", 64, "ipv6"],
      ["2001:db8::", 32, "ipv6"],
    ],
  ],
  [
    // These carry an IPv4 address inside an IPv6 one, and a gateway may forward them to it: 64:ff9b::10.0.0.1
    // is 10.0.0.1 behind NAT64. Which IPv4 address a relay will reach cannot be told here, so none pass.
    "IPv4-embedding (NAT64, 6to4, Teredo or IPv4-compatible)",
    [
      ["::", 96, "ipv6"],
      ["64:ff9b::", 96, "ipv6"],
      ["64:ff9b:1::", 48, "ipv6"],
      ["2001::", 32, "ipv6"],
      ["2002::", 16, "ipv6"],
    ],
  ],
];

const BLOCK_LISTS: ReadonlyArray<readonly [AddressKind, net.BlockList]> = RANGES.map(([kind, subnets]) => {
  const list = new net.BlockList();
  for (const [network, prefix, family] of subnets) list.addSubnet(network, prefix, family);
  return [kind, list] as const;
});

/** What kind of non-public address `address` is, null for a public one, "invalid" for no IP address at all. */
export function addressKind(address: string): AddressKind | "invalid" | null {
  // A zone (fe80::1%eth0) names the interface, not the address.
  const bare = address.split("%")[0] ?? "";
  const family = net.isIP(bare);
  if (family === 0) return "invalid";
  for (const [kind, list] of BLOCK_LISTS) {
    if (list.check(bare, family === 4 ? "ipv4" : "ipv6")) return kind;
  }
  return null;
}

export type Resolve = (host: string) => Promise<string[]>;

export interface EndpointGuardOptions {
  /** In production only https, and only public addresses. Outside it http too, and loopback for local receivers. */
  production: boolean;
  /** Every address of a host name; node's resolver (getaddrinfo, as a connection would use) by default. */
  resolve?: Resolve;
}

/**
 * A refusal's `reason` is what the user is told. For a host name it is one sentence whatever went wrong
 * (NOT_PUBLIC_NAME): "not found" and "resolves to 10.1.2.3, a private address" told apart would let anyone
 * probe through our resolver which internal names exist and where they point. `detail` says which, for the
 * server's log and the tests.
 */
export type EndpointCheck =
  | { ok: true; url: URL; addresses: string[] }
  | { ok: false; reason: string; detail?: string };

/** The one refusal of a host name that does not exist or does not resolve to public addresses only. */
export function notPublicName(host: string): string {
  return `The host ${host} could not be found, or does not resolve only to public internet addresses: webhooks go only to public internet addresses.`;
}

const MAX_URL_LENGTH = 2048;

async function resolveWithNode(host: string): Promise<string[]> {
  const answers = await lookup(host, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}

function articleOf(kind: AddressKind): "a" | "an" {
  return kind === "unspecified" || kind.startsWith("IPv4") ? "an" : "a";
}

function errorCode(error: unknown): string {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : "an error";
}

/**
 * Whether `url` may receive webhooks, with the addresses to connect to. Any port is allowed: receivers run on
 * 8443 or 3000 as often as on 443, and the address rules are what keep requests off internal networks.
 */
export async function checkEndpointUrl(
  url: string,
  { production, resolve = resolveWithNode }: EndpointGuardOptions,
): Promise<EndpointCheck> {
  if (url.length > MAX_URL_LENGTH)
    return { ok: false, reason: `The URL is longer than ${MAX_URL_LENGTH} characters.` };
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return { ok: false, reason: "That is not a valid URL." };
  }
  if (production && parsed.protocol !== "https:")
    return { ok: false, reason: "The URL must start with https://, so deliveries are encrypted." };
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    return { ok: false, reason: "The URL must start with https:// or http://." };
  // A password in a URL ends up in logs and on screens; the signing secret is how a receiver knows us.
  if (parsed.username !== "" || parsed.password !== "")
    return { ok: false, reason: "The URL may not contain a user name or password." };

  // The URL parser already turned 2130706433, 0x7f.1 and 127.1 into 127.0.0.1; IPv6 keeps its brackets.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  if (host === "") return { ok: false, reason: "The URL has no host." };
  const isLiteral = net.isIP(host) !== 0;
  let addresses: string[];
  if (isLiteral) addresses = [host];
  else {
    try {
      addresses = [...new Set(await resolve(host))];
    } catch (error) {
      return {
        ok: false,
        reason: notPublicName(host),
        detail: `The host ${host} could not be found (${errorCode(error)}).`,
      };
    }
    if (addresses.length === 0)
      return { ok: false, reason: notPublicName(host), detail: `The host ${host} has no address.` };
  }

  // Any one bad address refuses the URL: the connection could go to any of them.
  for (const address of addresses) {
    const kind = addressKind(address);
    if (kind === null) continue;
    if (kind === "loopback" && !production) continue;
    const what = isLiteral ? address : `${host} resolves to ${address}, which`;
    const detail =
      kind === "invalid"
        ? `${what} is not an IP address.`
        : `${what} is ${articleOf(kind)} ${kind} address: webhooks go only to public internet addresses.`;
    return isLiteral ? { ok: false, reason: detail } : { ok: false, reason: notPublicName(host), detail };
  }
  return { ok: true, url: parsed, addresses };
}
