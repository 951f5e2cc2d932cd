import { echoTool } from "@toolkit/test-kit";
import { FnTool, Think } from "@toolkit/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RegistryError } from "./registry-error.js";
import { type SurfaceDiff, ToolRegistry } from "./tool-registry.js";

function quiet() {
  const warnings: string[] = [];
  return { registry: new ToolRegistry({ logger: { warn: (m) => warnings.push(m) } }), warnings };
}

describe("ToolRegistry", () => {
  describe("when tools are registered", () => {
    it("keeps registration order for schemas and tools, alphabetical order for names", () => {
      const { registry } = quiet();
      for (const n of ["b", "a", "c"]) registry.register(echoTool(n));
      expect(registry.allSchemas().map((s) => s.tool)).toEqual(["b", "a", "c"]);
      expect(registry.allTools().map((t) => t.name)).toEqual(["b", "a", "c"]);
      expect(registry.toolNames()).toEqual(["a", "b", "c"]);
      expect(registry.size).toBe(3);
      expect(registry.contains("a")).toBe(true);
      expect(registry.get("zz")).toBeUndefined();
    });
    it("lists concurrency-safe tools", () => {
      const { registry } = quiet();
      registry.register(echoTool("w"));
      registry.register(new Think());
      registry.register(echoTool("r", { safe: true }));
      expect(registry.concurrentSafeTools().map((t) => t.name)).toEqual(["Think", "r"]);
    });
  });
  describe("when a name is registered again", () => {
    it("replaces the tool in its original slot and warns", () => {
      const { registry, warnings } = quiet();
      registry.register(echoTool("a"));
      registry.register(echoTool("b"));
      const replacement = echoTool("a", { safe: true });
      registry.register(replacement);
      expect(registry.allTools().map((t) => t.name)).toEqual(["a", "b"]);
      expect(registry.get("a")).toBe(replacement);
      expect(warnings).toEqual([
        "ToolRegistry: tool 'a' was registered again; the new definition replaces the old one in its slot",
      ]);
    });
  });
  describe("when a replacement is intended", () => {
    it("replaces in the slot without a warning and reports it as replaced", () => {
      const { registry, warnings } = quiet();
      const diffs: SurfaceDiff[] = [];
      registry.register(echoTool("a"));
      registry.onToolSurfaceChanged((d) => diffs.push(d));
      registry.register(echoTool("a", { safe: true }), { replace: true });
      expect(warnings).toEqual([]);
      expect(diffs).toEqual([{ version: 2, added: [], removed: [], replaced: ["a"] }]);
    });
  });
  describe("when a tool is removed", () => {
    it("forgets it and says whether it was there", () => {
      const { registry } = quiet();
      registry.register(echoTool("a"));
      expect(registry.remove("a")).toBe(true);
      expect(registry.remove("a")).toBe(false);
      expect(registry.size).toBe(0);
    });
  });
  describe("when the surface is read", () => {
    it("returns one cached pair until the next mutation", () => {
      const { registry } = quiet();
      registry.register(echoTool("a"));
      const first = registry.versionedSurface();
      expect(registry.versionedSurface()).toBe(first);
      expect(first).toEqual({ version: 1, schemas: [echoTool("a").schema()] });
      registry.register(echoTool("b"));
      const second = registry.versionedSurface();
      expect(second).not.toBe(first);
      expect(second.version).toBe(2);
      expect(first.schemas).toHaveLength(1);
      expect(Object.isFrozen(second.schemas)).toBe(true);
    });
  });
  describe("when listeners watch the surface", () => {
    it("sends a name-sorted diff per mutation and stops after unsubscribe", () => {
      const { registry } = quiet();
      const diffs: SurfaceDiff[] = [];
      const off = registry.onToolSurfaceChanged((d) => diffs.push(d));
      registry.register(echoTool("b"));
      registry.register(echoTool("b"));
      registry.remove("b");
      off();
      registry.register(echoTool("c"));
      expect(diffs).toEqual([
        { version: 1, added: ["b"], removed: [], replaced: [] },
        { version: 2, added: [], removed: [], replaced: ["b"] },
        { version: 3, added: [], removed: ["b"], replaced: [] },
      ]);
    });
    it("coalesces a batch into one version and one diff", () => {
      const { registry } = quiet();
      registry.register(echoTool("keep"));
      registry.register(echoTool("gone"));
      const diffs: SurfaceDiff[] = [];
      registry.onToolSurfaceChanged((d) => diffs.push(d));
      registry.batch(() => {
        registry.register(echoTool("z"));
        registry.register(echoTool("a"));
        registry.remove("gone");
        registry.register(echoTool("keep"));
        registry.register(echoTool("temp"));
        registry.remove("temp");
      });
      expect(diffs).toEqual([{ version: 3, added: ["a", "z"], removed: ["gone"], replaced: ["keep"] }]);
      expect(registry.version()).toBe(3);
    });
    it("keeps going when a listener throws, and logs it", () => {
      const { registry, warnings } = quiet();
      registry.onToolSurfaceChanged(() => {
        throw new Error("listener broke");
      });
      registry.register(echoTool("a"));
      expect(registry.contains("a")).toBe(true);
      expect(warnings).toEqual(["ToolRegistry: a surface listener threw: listener broke"]);
    });
  });
  describe("when a registration is malformed", () => {
    const base = echoTool("ok");
    it.each([
      [
        "a bad name",
        {
          name: "has space",
          description: "d",
          schema: () => ({ ...base.schema(), tool: "has space" }),
          call: base.call,
        },
        "InvalidName",
        /`name` must match .*"has space"/,
      ],
      [
        "a mismatched schema",
        {
          name: "ok",
          description: "d",
          schema: () => ({ ...base.schema(), tool: "other" }),
          call: base.call,
        },
        "SchemaMismatch",
        /`schema\(\).tool` must equal the name 'ok', got "other"/,
      ],
      [
        "an empty description",
        {
          name: "ok",
          description: "",
          schema: () => ({ tool: "ok", description: "", input_schema: {} }),
          call: base.call,
        },
        "InvalidDescription",
        /needs a non-empty `description`/,
      ],
      [
        "a non-object schema",
        {
          name: "ok",
          description: "d",
          schema: () => ({ tool: "ok", description: "d", input_schema: [] }),
          call: base.call,
        },
        "InvalidSchema",
        /must be a JSON Schema object/,
      ],
      ["not a tool", { name: "x" }, "InvalidTool", /must implement Tool/],
    ])("refuses %s with a RegistryError", (_label, tool, code, message) => {
      const { registry } = quiet();
      let caught: unknown;
      try {
        registry.register(tool as never);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(RegistryError);
      expect((caught as RegistryError).code).toBe(code);
      expect((caught as RegistryError).message).toMatch(message);
      expect(registry.size).toBe(0);
      expect(registry.version()).toBe(0);
    });
  });
  describe("when any sequence of registrations and removals runs", () => {
    it("keeps order, size and version invariants", () => {
      const op = fc.record({
        kind: fc.constantFrom("register", "remove"),
        name: fc.constantFrom("a", "b", "c", "d", "e"),
      });
      fc.assert(
        fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
          const { registry } = quiet();
          const model: string[] = [];
          let version = 0;
          for (const { kind, name } of ops) {
            if (kind === "register") {
              registry.register(new FnTool(name, "d", {}, () => ""));
              if (!model.includes(name)) model.push(name);
              version++;
            } else {
              const had = model.includes(name);
              expect(registry.remove(name)).toBe(had);
              if (had) {
                model.splice(model.indexOf(name), 1);
                version++;
              }
            }
            expect(registry.allTools().map((t) => t.name)).toEqual(model);
            expect(registry.toolNames()).toEqual([...model].sort());
            expect(registry.size).toBe(model.length);
            expect(registry.version()).toBe(version);
            expect(registry.versionedSurface().version).toBe(version);
          }
        }),
      );
    });
  });
  describe("when versionedSurface is read inside and outside batches", () => {
    it("shows the pre-batch pair until the batch ends", () => {
      const { registry } = quiet();
      registry.register(echoTool("a"));
      const before = registry.versionedSurface();
      registry.batch(() => {
        registry.register(echoTool("b"));
        expect(registry.versionedSurface()).toEqual(before);
        expect(registry.versionedSurface().schemas.map((x) => x.tool)).toEqual(["a"]);
      });
      expect(registry.versionedSurface().version).toBe(2);
      expect(registry.versionedSurface().schemas.map((x) => x.tool)).toEqual(["a", "b"]);
    });
    it("never pairs one version with two different sets of schemas", () => {
      const op = fc.record({
        kind: fc.constantFrom("register", "remove", "read"),
        name: fc.constantFrom("a", "b", "c"),
        batched: fc.boolean(),
      });
      fc.assert(
        fc.property(fc.array(fc.array(op, { maxLength: 5 }), { maxLength: 10 }), (groups) => {
          const { registry } = quiet();
          const seen = new Map<number, string>();
          const read = () => {
            const { version, schemas } = registry.versionedSurface();
            const names = schemas.map((x) => x.tool).join(",");
            expect(seen.get(version) ?? names, `version ${version}`).toBe(names);
            seen.set(version, names);
          };
          const apply = ({ kind, name }: { kind: string; name: string }) => {
            if (kind === "register") registry.register(new FnTool(name, "d", {}, () => ""));
            else if (kind === "remove") registry.remove(name);
            read();
          };
          for (const group of groups) {
            if (group[0]?.batched) registry.batch(() => group.forEach(apply));
            else group.forEach(apply);
            read();
          }
        }),
      );
    });
  });
});
