import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostAllowed, hostPatternProblem, matchesHostPattern } from "./host-pattern.js";

describe("matchesHostPattern", () => {
  describe("when the pattern is an exact name", () => {
    it.each([
      ["registry.npmjs.org", "registry.npmjs.org", true],
      ["registry.npmjs.org", "REGISTRY.npmjs.ORG", true],
      ["registry.npmjs.org", "registry.npmjs.org.", true],
      ["registry.npmjs.org", "registry.npmjs.org.evil.com", false],
      ["registry.npmjs.org", "evilregistry.npmjs.org", false],
      ["registry.npmjs.org", "sub.registry.npmjs.org", false],
      ["registry.npmjs.org", "npmjs.org", false],
      ["registry.npmjs.org", "", false],
      ["::1", "[::1]", true],
      ["127.0.0.1", "127.0.0.2", false],
    ])("%s allows %s: %s", (pattern, host, allowed) => {
      expect(matchesHostPattern(pattern, host)).toBe(allowed);
    });
  });

  describe("when the pattern is a wildcard", () => {
    it.each([
      ["*.github.com", "api.github.com", true],
      ["*.github.com", "a.b.github.com", true],
      ["*.github.com", "API.GitHub.com.", true],
      ["*.github.com", "github.com", false],
      ["*.github.com", "evilgithub.com", false],
      ["*.github.com", "github.com.evil.com", false],
      ["*.github.com", "api.github.com.evil.com", false],
      ["*.github.com", ".github.com", false],
      ["*.github.com", "api.github.co", false],
    ])("%s allows %s: %s", (pattern, host, allowed) => {
      expect(matchesHostPattern(pattern, host)).toBe(allowed);
    });

    it("allows exactly the names that end in a dot and the suffix", () => {
      const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
      fc.assert(
        fc.property(
          fc.array(label, { minLength: 1, maxLength: 4 }),
          fc.array(label, { minLength: 1, maxLength: 3 }),
          (suffix, sub) => {
            const domain = suffix.join(".");
            const pattern = `*.${domain}`;
            expect(matchesHostPattern(pattern, `${sub.join(".")}.${domain}`)).toBe(true);
            expect(matchesHostPattern(pattern, domain)).toBe(false);
            expect(matchesHostPattern(pattern, `${sub.join(".")}${domain}`)).toBe(false);
            expect(matchesHostPattern(pattern, `${sub.join(".")}.${domain}.evil`)).toBe(false);
          },
        ),
      );
    });
  });

  describe("hostAllowed", () => {
    it("is true when any pattern matches and false on an empty list", () => {
      expect(hostAllowed(["a.test", "*.b.test"], "x.b.test")).toBe(true);
      expect(hostAllowed([], "a.test")).toBe(false);
    });
  });
});

describe("hostPatternProblem", () => {
  it.each([
    ["example.com", undefined],
    ["*.example.com", undefined],
    ["::1", undefined],
    ["*", '"*" is not a host name; use "example.com" or "*.example.com"'],
    ["*.*.com", '"*.*.com" is not a host name; use "example.com" or "*.example.com"'],
    ["a*.com", '"a*.com" is not a host name; use "example.com" or "*.example.com"'],
    [
      "https://example.com",
      '"https://example.com" is not a host name (letters, digits and "-" between dots)',
    ],
    ["exa mple.com", '"exa mple.com" is not a host name (letters, digits and "-" between dots)'],
    ["-a.com", '"-a.com" is not a host name (letters, digits and "-" between dots)'],
  ])("%s: %s", (pattern, problem) => {
    expect(hostPatternProblem(pattern)).toBe(problem);
  });
});
