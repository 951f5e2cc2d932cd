import { type IpAddress, formatIpv4, parseIp } from "./ip-address.js";

interface Ipv4Range {
  readonly base: number;
  readonly bits: number;
  readonly label: string;
}

function v4(cidr: string, label: string): Ipv4Range {
  const [base = "", bits = "32"] = cidr.split("/");
  const parsed = parseIp(base);
  if (parsed?.family !== 4) throw new Error(`bad built-in range ${cidr}`);
  return { base: parsed.value, bits: Number(bits), label };
}

/** IPv4 ranges never fetched unless the guard is lifted (IANA special-purpose registry, not globally reachable). */
export const REFUSED_IPV4: readonly Ipv4Range[] = [
  v4("0.0.0.0/8", "unspecified (0.0.0.0/8)"),
  v4("10.0.0.0/8", "private (10.0.0.0/8)"),
  v4("100.64.0.0/10", "carrier-grade NAT (100.64.0.0/10)"),
  v4("127.0.0.0/8", "loopback (127.0.0.0/8)"),
  v4("169.254.0.0/16", "link-local (169.254.0.0/16, cloud metadata)"),
  v4("172.16.0.0/12", "private (172.16.0.0/12)"),
  v4("192.0.0.0/24", "reserved (192.0.0.0/24)"),
  v4("192.0.2.0/24", "documentation (192.0.2.0/24)"),
  v4("192.88.99.0/24", "reserved (192.88.99.0/24)"),
  v4("192.168.0.0/16", "private (192.168.0.0/16)"),
  v4("198.18.0.0/15", "benchmarking (198.18.0.0/15)"),
  v4("198.51.100.0/24", "documentation (198.51.100.0/24)"),
  v4("203.0.113.0/24", "documentation (203.0.113.0/24)"),
  v4("224.0.0.0/4", "multicast (224.0.0.0/4)"),
  v4("255.255.255.255/32", "broadcast (255.255.255.255)"),
  v4("240.0.0.0/4", "reserved (240.0.0.0/4)"),
];

function inV4(value: number, range: Ipv4Range): boolean {
  const size = 2 ** (32 - range.bits);
  return Math.floor(value / size) === Math.floor(range.base / size);
}

function ipv4Reason(value: number): string | undefined {
  return REFUSED_IPV4.find((range) => inV4(value, range))?.label;
}

/** The IPv4 address held in groups 6 and 7 (or `at` and `at + 1`). */
function embedded(groups: readonly number[], at = 6): number {
  return (groups[at] ?? 0) * 65536 + (groups[at + 1] ?? 0);
}

function ipv6Reason(g: readonly number[]): string | undefined {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroPrefix && g5 === 0 && g6 === 0 && g7 === 0) return "unspecified (::)";
  if (zeroPrefix && g5 === 0 && g6 === 0 && g7 === 1) return "loopback (::1)";
  if (zeroPrefix && g5 === 0xffff) return mapped("IPv4-mapped", embedded(g));
  if (zeroPrefix && g5 === 0) return `IPv4-compatible (deprecated, ::${formatIpv4(embedded(g))})`;
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return mapped("NAT64", embedded(g));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return "local-use NAT64 (64:ff9b:1::/48)";
  if ((g0 & 0xfe00) === 0xfc00) return "unique local (fc00::/7)";
  if ((g0 & 0xffc0) === 0xfe80) return "link-local (fe80::/10)";
  if ((g0 & 0xffc0) === 0xfec0) return "site-local (fec0::/10)";
  if ((g0 & 0xff00) === 0xff00) return "multicast (ff00::/8)";
  if ((g0 & 0xe000) !== 0x2000) return "reserved (outside 2000::/3)";
  if (g0 === 0x2001 && g1 < 0x200) return "reserved (2001::/23, Teredo and protocol assignments)";
  if (g0 === 0x2001 && g1 === 0xdb8) return "documentation (2001:db8::/32)";
  if (g0 === 0x3fff && g1 < 0x1000) return "documentation (3fff::/20)";
  if (g0 === 0x2002) return mapped("6to4", embedded(g, 1));
  return undefined;
}

function mapped(form: string, value: number): string | undefined {
  const reason = ipv4Reason(value);
  return reason === undefined ? undefined : `${form} ${formatIpv4(value)}: ${reason}`;
}

/**
 * Why an address must not be fetched, or undefined for a public unicast
 * address. Text that is not an IP address in canonical form is refused too
 * (fail closed).
 */
export function refusedReason(address: string | IpAddress): string | undefined {
  const ip = typeof address === "string" ? parseIp(address) : address;
  if (ip === undefined) return "not an IP address";
  return ip.family === 4 ? ipv4Reason(ip.value) : ipv6Reason(ip.groups);
}
