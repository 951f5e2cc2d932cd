import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quote, seatbeltProfile } from "./seatbelt-profile.js";

const mounts = {
  writable: [
    { path: "/Users/u/repo", dir: true },
    { path: "/private/var/folders/x/T/toolkit-1", dir: true },
  ],
  denyWrite: [
    { path: "/Users/u/repo/.git/hooks", dir: true },
    { path: "/Users/u/repo/.git/config", dir: false },
  ],
  denyRead: [{ path: "/Users/u/.ssh", dir: true }],
};

describe("seatbeltProfile", () => {
  describe("with the default policy (network none)", () => {
    it("denies by default, reads everywhere, writes only in the writable places, then denies again", () => {
      expect(seatbeltProfile({ mounts, network: "none" })).toBe(
        [
          "(version 1)",
          "(deny default)",
          "(allow process-exec process-fork)",
          "(allow signal (target same-sandbox))",
          "(allow process-info* (target same-sandbox))",
          "(allow sysctl-read mach-lookup ipc-posix-shm file-ioctl pseudo-tty)",
          "(allow file-read*)",
          "(allow file-write*",
          '  (subpath "/Users/u/repo")',
          '  (subpath "/private/var/folders/x/T/toolkit-1")',
          '  (literal "/dev/null") (literal "/dev/zero") (literal "/dev/dtracehelper")',
          '  (regex #"^/dev/tty") (regex #"^/dev/fd/"))',
          "(deny file-write*",
          '  (subpath "/Users/u/repo/.git/hooks")',
          '  (subpath "/Users/u/repo/.git/config")',
          ")",
          "(deny file-read*",
          '  (subpath "/Users/u/.ssh")',
          ")",
          "",
        ].join("\n"),
      );
    });
  });

  describe("when the home is hidden", () => {
    it("denies reads below it, allows what it shows again, and lets the caches be written", () => {
      const profile = seatbeltProfile({
        mounts: {
          ...mounts,
          hiddenHomes: ["/Users/u"],
          homeShown: [
            { path: "/Users/u/.nvm", dir: true, writable: false },
            { path: "/Users/u/.npm", dir: true, writable: true },
          ],
        },
        network: "none",
      });
      expect(profile).toContain(
        [
          "(allow file-read*)",
          "(deny file-read*",
          '  (subpath "/Users/u")',
          ")",
          "(allow file-read*",
          '  (subpath "/Users/u/.nvm")',
          '  (subpath "/Users/u/.npm")',
          '  (subpath "/Users/u/repo")',
          ")",
          "(allow file-write*",
          '  (subpath "/Users/u/repo")',
          '  (subpath "/private/var/folders/x/T/toolkit-1")',
          '  (subpath "/Users/u/.npm")',
        ].join("\n"),
      );
      expect(profile.endsWith('(deny file-read*\n  (subpath "/Users/u/.ssh")\n)\n')).toBe(true);
    });
  });

  describe("with other networks", () => {
    it("allows every connection for host, and only the proxy port for an allow-list", () => {
      expect(seatbeltProfile({ mounts, network: "host" })).toContain("\n(allow network* system-socket)\n");
      const proxied = seatbeltProfile({ mounts, network: { proxyPort: 41234 } });
      expect(proxied).toContain('\n(allow network-outbound (remote ip "localhost:41234"))\n');
      expect(proxied).not.toContain("network*");
    });
  });

  describe("with allowUnixSockets", () => {
    it("allows no Unix socket by default, only the listed paths for a list, all for true", () => {
      expect(seatbeltProfile({ mounts, network: "none" })).not.toContain("unix-socket");
      expect(
        seatbeltProfile({ mounts, network: "none", allowUnixSockets: ["/var/run/docker.sock"] }),
      ).toContain(
        '(allow system-socket (socket-domain AF_UNIX))\n(allow network-outbound\n  (remote unix-socket (path-literal "/var/run/docker.sock"))\n)\n',
      );
      expect(seatbeltProfile({ mounts, network: "none", allowUnixSockets: true })).toContain(
        "(allow network-outbound (remote unix-socket))\n",
      );
    });
  });

  describe("when a path holds quotes or backslashes", () => {
    it("escapes them so that the path stays one string", () => {
      expect(quote('/a "b"\\c')).toBe('"/a \\"b\\"\\\\c"');
      fc.assert(
        fc.property(fc.stringMatching(/^[ -~]{0,40}$/), (path) => {
          const quoted = quote(path);
          // Reading the literal back (SBPL strings escape like C) gives the path.
          expect(JSON.parse(quoted)).toBe(path);
        }),
      );
    });

    it("refuses a control character", () => {
      expect(() => quote("/a\nb")).toThrow(
        'Seatbelt: a path with a control character cannot be written in a profile: "/a\\nb"',
      );
    });
  });
});
