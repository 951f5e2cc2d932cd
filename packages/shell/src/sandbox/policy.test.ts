import { describe, expect, it } from "vitest";
import { Shell } from "../tools/shell.js";
import { UnixBackend } from "../process/unix-backend.js";
import { DEFAULT_LIMITS } from "./limits/limits-option.js";
import { DEFAULT_DENY_READ, DEFAULT_DENY_WRITE, normalizeSandboxSetting } from "./policy.js";
import { DEFAULT_PROTECT } from "./protected-paths.js";

describe("normalizeSandboxSetting", () => {
  describe("when given a mode", () => {
    it("keeps the mode and uses the default policy", () => {
      expect(normalizeSandboxSetting("auto")).toEqual({
        mode: "auto",
        policy: {
          writable: [],
          denyRead: DEFAULT_DENY_READ,
          denyWrite: DEFAULT_DENY_WRITE,
          network: "none",
          protect: DEFAULT_PROTECT,
          maxScanEntries: 1_000_000,
          readable: [],
          allowUnixSockets: false,
          limits: DEFAULT_LIMITS,
        },
      });
    });
  });

  describe("when given a policy", () => {
    it("requires the sandbox and adds to the default lists", () => {
      const { mode, policy } = normalizeSandboxSetting({
        writable: ["~/.cache"],
        denyRead: ["~/secrets"],
        network: { allow: ["*.github.com"] },
      });
      expect(mode).toBe("required");
      expect(policy.writable).toEqual(["~/.cache"]);
      expect(policy.denyRead).toEqual([...DEFAULT_DENY_READ, "~/secrets"]);
      expect(policy.network).toEqual({ allow: ["*.github.com"] });
    });

    it("replaces the default lists on request", () => {
      const { policy } = normalizeSandboxSetting({
        replaceDefaults: true,
        denyWrite: ["x"],
        protect: [".jj"],
      });
      expect(policy.denyRead).toEqual([]);
      expect(policy.denyWrite).toEqual(["x"]);
      expect(policy.protect).toEqual([".jj"]);
    });

    it("adds protected names, a scan budget and readable paths", () => {
      const { policy } = normalizeSandboxSetting({
        protect: [".tool-versions"],
        maxScanEntries: 5000,
        readable: ["~/.gitconfig"],
      });
      expect(policy.protect).toEqual([...DEFAULT_PROTECT, ".tool-versions"]);
      expect(policy.maxScanEntries).toBe(5000);
      expect(policy.readable).toEqual(["~/.gitconfig"]);
    });
  });

  describe("when it names Unix sockets and caps", () => {
    it("keeps a boolean, and allows them by default with network host", () => {
      expect(normalizeSandboxSetting({ allowUnixSockets: true }).policy.allowUnixSockets).toBe(true);
      expect(normalizeSandboxSetting({ network: "host" }).policy.allowUnixSockets).toBe(true);
      expect(normalizeSandboxSetting({ network: { allow: ["a.test"] } }).policy.allowUnixSockets).toBe(false);
    });

    it("keeps a list of socket paths on macOS only", () => {
      const { policy } = normalizeSandboxSetting({ allowUnixSockets: ["/var/run/docker.sock"] }, "darwin");
      expect(policy.allowUnixSockets).toEqual(["/var/run/docker.sock"]);
      expect(() => normalizeSandboxSetting({ allowUnixSockets: ["run/x.sock"] }, "darwin")).toThrow(
        new TypeError(
          'Shell: `sandbox.allowUnixSockets[0]` must be an absolute socket path, got "run/x.sock"',
        ),
      );
    });

    it("fills in the caps not given", () => {
      const { policy } = normalizeSandboxSetting({ limits: { processes: 20 } });
      expect(policy.limits).toEqual({ ...DEFAULT_LIMITS, processes: 20 });
    });
  });

  describe("when the setting is wrong", () => {
    it.each([
      ["on", 'Shell: `sandbox` must be "off", "auto", "required" or a policy object, got "on"'],
      [null, 'Shell: `sandbox` must be "off", "auto", "required" or a policy object, got null'],
      [
        { network: "all" },
        'Shell: `sandbox.network` must be "none", "host" or { allow: ["host", "*.domain"] }, got "all"',
      ],
      [
        { network: { allow: ["*"] } },
        'Shell: `sandbox.network.allow[0]`: "*" is not a host name; use "example.com" or "*.example.com"',
      ],
      [{ writable: "/x" }, 'Shell: `sandbox.writable` must be an array of paths, got "/x"'],
      [{ denyRead: [""] }, 'Shell: `sandbox.denyRead[0]` must be a non-empty path, got ""'],
      [
        { allow: [] },
        "Shell: `sandbox.allow` is not a policy field; known fields: writable, denyRead, denyWrite, network, replaceDefaults, protect, maxScanEntries, readable, allowUnixSockets, limits",
      ],
      [
        { allowUnixSockets: ["/run/user/1000/bus"] },
        'Shell: `sandbox.allowUnixSockets` must be true or false on linux: the seccomp filter sees no socket paths, so a list (["/run/user/1000/bus"]) cannot be enforced; use true, or list paths only on macOS',
      ],
      [{ allowUnixSockets: "yes" }, 'Shell: `sandbox.allowUnixSockets` must be true, false, got "yes"'],
      [{ limits: 5 }, "Shell: `sandbox.limits` must be an object of caps, got 5"],
      [
        { limits: { cpus: 2 } },
        "Shell: `sandbox.limits.cpus` is not a cap; known caps: processes, memoryBytes, tempBytes, shmBytes, fileBytes",
      ],
      [
        { limits: { processes: 2 } },
        "Shell: `sandbox.limits.processes` must be a whole number of at least 8, got 2",
      ],
      [
        { limits: { memoryBytes: 1.5e9 + 0.5 } },
        "Shell: `sandbox.limits.memoryBytes` must be a whole number of at least 16777216, got 1500000000.5",
      ],
      [
        { protect: [".git/hooks"] },
        'Shell: `sandbox.protect[0]` must be a file or folder name (no "/"), e.g. ".tool-versions", got ".git/hooks"',
      ],
      [{ protect: [""] }, 'Shell: `sandbox.protect[0]` must be a non-empty path, got ""'],
      [{ maxScanEntries: 0 }, "Shell: `sandbox.maxScanEntries` must be a positive integer, got 0"],
      [{ maxScanEntries: "9" }, 'Shell: `sandbox.maxScanEntries` must be a positive integer, got "9"'],
      [{ readable: "~/.x" }, 'Shell: `sandbox.readable` must be an array of paths, got "~/.x"'],
    ])("%j throws a TypeError naming the field", (setting, message) => {
      expect(() => normalizeSandboxSetting(setting)).toThrow(new TypeError(message));
    });

    it("refuses a backend together with a sandbox", () => {
      expect(() => new Shell({ backend: new UnixBackend(), sandbox: "required" })).toThrow(
        'Shell: pass `backend` or `sandbox`, not both: a backend given here runs commands as it sees fit (got sandbox "required")',
      );
    });
  });
});
