import { createToolContext } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import type { Middleware } from "../dispatch/middleware.js";
import { type AdapterOptions, resolveAdapterOptions } from "./resolve-adapter-options.js";
import { selectReadOnly } from "../selectors/selectors.js";

const fn = "toHostTools";

describe("resolveAdapterOptions", () => {
  describe("when the options are empty", () => {
    it("applies the defaults, `strict` from the settings", () => {
      const resolved = resolveAdapterOptions({}, { fn, strict: true });
      expect(resolved).toMatchObject({
        middleware: [],
        selector: undefined,
        strict: true,
        needsApproval: false,
      });
      expect(typeof resolved.ctx.withSignal).toBe("function");
    });
  });

  describe("when every option is given", () => {
    it("returns them as they came", () => {
      const ctx = createToolContext({ cwd: "/tmp" });
      const pass: Middleware = async function pass(call, next) {
        return next(call);
      };
      const selector = selectReadOnly();
      const options = { middleware: [pass], ctx, selector, strict: false, needsApproval: "writes" } as const;
      expect(resolveAdapterOptions(options, { fn, strict: true })).toEqual(options);
    });
  });

  describe("when the host has no strict mode or approval flow", () => {
    it("does not read `strict` or `needsApproval`", () => {
      const options = { strict: "yes", needsApproval: "always" };
      // @ts-expect-error deliberately wrong option types, ignored without a `strict` setting
      const resolved = resolveAdapterOptions(options, { fn });
      expect(resolved).toMatchObject({ strict: false, needsApproval: false });
    });
  });

  describe("when an option is invalid", () => {
    it.each([
      [null, "toHostTools: `options` must be an object, got null"],
      ["x", "toHostTools: `options` must be an object, got string"],
      [{ middleware: "x" }, "toHostTools: `middleware` must be an array of middleware functions"],
      [{ middleware: [1] }, "toHostTools: `middleware` must be an array of middleware functions"],
      [{ ctx: {} }, "toHostTools: `ctx` must be a ToolContext from createToolContext()"],
      [{ ctx: null }, "toHostTools: `ctx` must be a ToolContext from createToolContext()"],
      [{ selector: 3 }, "toHostTools: `selector` must be a function (turn) => string[], got number"],
      [{ strict: "yes" }, "toHostTools: `strict` must be a boolean, got string"],
      [
        { needsApproval: "always" },
        'toHostTools: `needsApproval` must be true, false, "writes" or a function returning a boolean, got "always"',
      ],
    ])("throws a TypeError naming it (%j)", (options, message) => {
      expect(() => resolveAdapterOptions(options as AdapterOptions, { fn, strict: false })).toThrow(
        new TypeError(message),
      );
    });
  });
});
