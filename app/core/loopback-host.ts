/**
 * Decision 019: whether a listening address (HOST) only accepts connections from this machine: `localhost`,
 * 127.0.0.0/8, `::1` (bracketed or not, or written out in full) or an IPv4-mapped 127.x address. Anything
 * else (0.0.0.0, ::, a network interface's address, a host name) may be reached from elsewhere.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  if (name === "localhost") return true;
  const ipv4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(name);
  if (ipv4) return ipv4.slice(1).every((part) => Number(part) <= 255) && ipv4[1] === "127";
  return /^(?:0{1,4}:){7}0{0,3}1$/.test(name) || name === "::1";
}
