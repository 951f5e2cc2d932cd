import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
const tsup = readFileSync(new URL("../../tsup.config.ts", import.meta.url), "utf8");
const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

describe("the @toolkit/mcp bin", () => {
  describe("when run as `npx @toolkit/mcp`", () => {
    it("is the package's only bin, so npm exec finds it by the package name", () => {
      expect(pkg.bin).toEqual({ "toolkit-mcp": "./dist/toolkit-mcp.js" });
      expect(tsup).toContain('"toolkit-mcp": "src/bin/toolkit-mcp.ts"');
      const source = readFileSync(new URL("./toolkit-mcp.ts", import.meta.url), "utf8");
      expect(source.startsWith("#!/usr/bin/env node\n")).toBe(true);
    });

    it("is documented that way, never as `npx toolkit-mcp`", () => {
      expect(readme).toContain("npx @toolkit/mcp --fs --search --shell --root ~/project");
      expect(readme).toContain('"args": ["-y", "@toolkit/mcp",');
      expect(readme).not.toMatch(/npx[^\n`]*"?toolkit-mcp"?[ ,]/);
    });
  });
});
