import { describe, expect, it } from "vitest";
import { Shell } from "../tools/shell.js";
import { UnixBackend } from "../process/unix-backend.js";
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
        "Shell: `sandbox.allow` is not a policy field; known fields: writable, denyRead, denyWrite, network, replaceDefaults, protect, maxScanEntries, readable",
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
