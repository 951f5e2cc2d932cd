import { fnTool, registryWith, runOne } from "@toolkit/test-kit";
import { describe, expect, it, vi } from "vitest";
import { trace } from "./index.js";

// A user who never installed @opentelemetry/api: the loader finds nothing.
const load = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock("./load-otel.js", () => ({ loadOtelApi: load }));

describe("trace without @opentelemetry/api", () => {
  describe("when no tracer is given", () => {
    it("passes every call through unchanged, looking for the API once", async () => {
      const reg = registryWith(
        fnTool("ok", () => "fine"),
        fnTool("boom", () => {
          throw new Error("bad");
        }),
      );
      const layer = trace();
      const ok = await runOne(reg, [layer], { name: "ok", input: {} });
      const boom = await runOne(reg, [layer], { name: "boom", input: {} });
      expect(ok.output.textContent()).toBe("fine");
      expect(boom.output.isError).toBe(true);
      expect(boom.output.textContent()).toContain("bad");
      expect(load).toHaveBeenCalledTimes(1);
    });
  });

  describe("when a tracer is given", () => {
    it("uses it without looking for the API", async () => {
      load.mockClear();
      const names: string[] = [];
      const tracer = {
        startActiveSpan: <F extends (span: never) => unknown>(name: string, _o: unknown, fn: F) => {
          names.push(name);
          return fn({ setAttribute() {}, setStatus() {}, end() {} } as never) as ReturnType<F>;
        },
      };
      await runOne(registryWith(fnTool("ok", () => "fine")), [trace({ tracer })], { name: "ok", input: {} });
      expect(names).toEqual(["execute_tool ok"]);
      expect(load).not.toHaveBeenCalled();
    });
  });
});
