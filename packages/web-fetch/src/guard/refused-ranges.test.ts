import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatIpv4, parseIp, parseIpv6 } from "./ip-address.js";
import { REFUSED_IPV4, refusedReason } from "./refused-ranges.js";

describe("refusedReason", () => {
  describe("when the address is internal", () => {
    it.each([
      ["0.0.0.0", "unspecified"],
      ["0.1.2.3", "unspecified"],
      ["10.0.0.1", "private (10.0.0.0/8)"],
      ["10.255.255.255", "private (10.0.0.0/8)"],
      ["100.64.0.1", "carrier-grade NAT"],
      ["100.127.255.254", "carrier-grade NAT"],
      ["127.0.0.1", "loopback"],
      ["127.255.0.9", "loopback"],
      ["169.254.169.254", "link-local (169.254.0.0/16, cloud metadata)"],
      ["172.16.0.1", "private (172.16.0.0/12)"],
      ["172.31.255.255", "private (172.16.0.0/12)"],
      ["192.0.0.8", "reserved (192.0.0.0/24)"],
      ["192.0.2.10", "documentation"],
      ["192.88.99.1", "reserved (192.88.99.0/24)"],
      ["192.168.1.1", "private (192.168.0.0/16)"],
      ["198.18.0.1", "benchmarking"],
      ["198.51.100.7", "documentation"],
      ["203.0.113.9", "documentation"],
      ["224.0.0.1", "multicast"],
      ["239.255.255.250", "multicast"],
      ["240.0.0.1", "reserved (240.0.0.0/4)"],
      ["255.255.255.255", "broadcast"],
      ["::", "unspecified (::)"],
      ["::1", "loopback (::1)"],
      ["0:0:0:0:0:0:0:1", "loopback (::1)"],
      ["::ffff:127.0.0.1", "IPv4-mapped 127.0.0.1: loopback"],
      ["::ffff:7f00:1", "IPv4-mapped 127.0.0.1: loopback"],
      ["::ffff:a9fe:a9fe", "IPv4-mapped 169.254.169.254: link-local"],
      ["::ffff:10.1.2.3", "IPv4-mapped 10.1.2.3: private"],
      ["::ffff:0.0.0.0", "IPv4-mapped 0.0.0.0: unspecified"],
      ["::127.0.0.1", "IPv4-compatible"],
      ["::8.8.8.8", "IPv4-compatible"],
      ["::ffff:0:127.0.0.1", "reserved (outside 2000::/3)"],
      ["64:ff9b::7f00:1", "NAT64 127.0.0.1: loopback"],
      ["64:ff9b::192.168.0.1", "NAT64 192.168.0.1: private"],
      ["64:ff9b:1::1", "local-use NAT64"],
      ["2002:7f00:1::1", "6to4 127.0.0.1: loopback"],
      ["2002:a9fe:a9fe::", "6to4 169.254.169.254"],
      ["fc00::1", "unique local"],
      ["fd12:3456:789a::1", "unique local"],
      ["fe80::1", "link-local (fe80::/10)"],
      ["fe80::1%eth0", "link-local (fe80::/10)"],
      ["febf::1", "link-local (fe80::/10)"],
      ["fec0::1", "site-local"],
      ["ff02::1", "multicast (ff00::/8)"],
      ["100::1", "reserved (outside 2000::/3)"],
      ["2001::1", "reserved (2001::/23"],
      ["2001:db8::1", "documentation (2001:db8::/32)"],
      ["3fff::1", "documentation (3fff::/20)"],
    ])("refuses %s (%s)", (address, reason) => {
      expect(refusedReason(address)).toContain(reason);
    });
  });

  describe("when the address is public", () => {
    it.each([
      "1.1.1.1",
      "8.8.8.8",
      "93.184.216.34",
      "100.63.255.255",
      "100.128.0.0",
      "172.15.255.255",
      "172.32.0.0",
      "192.167.255.255",
      "223.255.255.255",
      "2606:4700:4700::1111",
      "2a00:1450:4001:80b::200e",
      "::ffff:8.8.8.8",
      "64:ff9b::808:808",
      "2002:808:808::1",
    ])("lets %s through", (address) => {
      expect(refusedReason(address)).toBeUndefined();
    });
  });

  describe("when the text is not a canonical IP address", () => {
    it.each([
      "",
      "localhost",
      "127.1",
      "0x7f.0.0.1",
      "017700000001",
      "2130706433",
      "1.2.3.4.5",
      "01.2.3.4",
      ":::1",
      "1::2::3",
      "g::1",
    ])("refuses %j", (text) => {
      expect(refusedReason(text)).toBe("not an IP address");
    });
  });

  describe("for any address in a refused range", () => {
    const v4InRange = fc
      .constantFrom(...REFUSED_IPV4)
      .chain((range) =>
        fc
          .integer({ min: 0, max: 2 ** (32 - range.bits) - 1 })
          .map((offset) => formatIpv4(range.base + offset)),
      );

    it("refuses it as IPv4, as IPv4-mapped (dotted and hex), as NAT64 and as 6to4", () => {
      fc.assert(
        fc.property(v4InRange, (address) => {
          const value = (parseIp(address) as { value: number }).value;
          const hi = Math.floor(value / 65536).toString(16);
          const lo = (value % 65536).toString(16);
          for (const form of [
            address,
            `::ffff:${address}`,
            `::ffff:${hi}:${lo}`,
            `64:ff9b::${address}`,
            `2002:${hi}:${lo}::1`,
          ]) {
            expect(refusedReason(form), form).toBeDefined();
          }
        }),
        { numRuns: 500 },
      );
    });

    it("refuses every IPv6 address in fc00::/7, fe80::/10 and ff00::/8", () => {
      const group = fc.integer({ min: 0, max: 0xffff });
      const v6 = fc.tuple(
        fc.constantFrom<[number, number]>([0xfc00, 0xfe00], [0xfe80, 0xffc0], [0xff00, 0xff00]),
        fc.array(group, { minLength: 8, maxLength: 8 }),
      );
      fc.assert(
        fc.property(v6, ([[prefix, mask], groups]) => {
          const first = prefix | ((groups[0] ?? 0) & ~mask & 0xffff);
          const text = [first, ...groups.slice(1)].map((g) => g.toString(16)).join(":");
          expect(refusedReason(text), text).toBeDefined();
        }),
        { numRuns: 500 },
      );
    });
  });
});

describe("parseIpv6", () => {
  it.each([
    ["::", [0, 0, 0, 0, 0, 0, 0, 0]],
    ["1::", [1, 0, 0, 0, 0, 0, 0, 0]],
    ["::ffff:1.2.3.4", [0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]],
    ["[2001:db8::1]", [0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]],
  ])("reads %s", (text, groups) => {
    expect(parseIpv6(text)).toEqual(groups);
  });

  it.each(["1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "::1.2.3.4:5", "12345::", "1:::2"])("rejects %s", (text) => {
    expect(parseIpv6(text)).toBeUndefined();
  });
});
