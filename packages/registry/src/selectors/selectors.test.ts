import { echoTool } from "@toolkit/test-kit";
import { Think } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { advertisedSurface, selectByNames, selectReadOnly, selectWhere } from "./selectors.js";
import { ToolRegistry } from "../registry/tool-registry.js";

const registry = new ToolRegistry();
registry.register(echoTool("write"));
registry.register(new Think());
registry.register(echoTool("read", { safe: true }).readOnly());

describe("selectors", () => {
  describe("when no selector is given", () => {
    it("advertises every tool in registration order with the surface version", () => {
      expect(advertisedSurface(registry, undefined, 1)).toEqual({
        version: 3,
        schemas: registry.allSchemas(),
        names: ["write", "Think", "read"],
      });
    });
  });
  describe("when selecting by names", () => {
    it("keeps the selector's order and drops unknown names and duplicates", () => {
      const s = advertisedSurface(registry, selectByNames(["read", "ghost", "write", "read"]), 1);
      expect(s.names).toEqual(["read", "write"]);
      expect(s.schemas.map((x) => x.tool)).toEqual(["read", "write"]);
    });
  });
  describe("when selecting read-only tools or by predicate", () => {
    it("keeps registration order", () => {
      expect(advertisedSurface(registry, selectReadOnly(), 1).names).toEqual(["Think", "read"]);
      expect(
        advertisedSurface(
          registry,
          selectWhere((_t, turn) => turn.turn > 1),
          1,
        ).names,
      ).toEqual([]);
      expect(
        advertisedSurface(
          registry,
          selectWhere((t, turn) => turn.turn > 1 && t.name !== "Think"),
          2,
        ).names,
      ).toEqual(["write", "read"]);
    });
  });
});
