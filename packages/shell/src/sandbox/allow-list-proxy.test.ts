import { describe, expect, it } from "vitest";
import { guardedLookup, isPrivateToHost } from "./allow-list-proxy.js";

describe("isPrivateToHost", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.255.0.9", true],
    ["0.0.0.0", true],
    ["169.254.169.254", true],
    ["::1", true],
    ["::", true],
    ["fe80::1", true],
    ["::ffff:127.0.0.1", true],
    ["::ffff:169.254.169.254", true],
    ["10.0.0.1", false],
    ["93.184.216.34", false],
    ["2606:4700::1111", false],
  ])("%s: %s", (address, expected) => {
    expect(isPrivateToHost(address)).toBe(expected);
  });
});

describe("guardedLookup", () => {
  describe("when a name resolves to this machine", () => {
    it("fails with EACCES and says why", async () => {
      const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
        guardedLookup("localhost", { all: true }, (err) => resolve(err)),
      );
      expect(error?.code).toBe("EACCES");
      expect(error?.message).toMatch(
        /^sandbox: localhost resolves to an address of this machine \(.*127\.0\.0\.1.*\); refused$/,
      );
    });
  });
});
