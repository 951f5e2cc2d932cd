import "./otel-test-setup.js";
import { describe, expect, it, vi } from "vitest";
import { loadOtelApi } from "./load-otel.js";

// See otel-test-setup.ts: every import of the API gets the CommonJS build loaded there.
vi.mock("@opentelemetry/api", async () => (await import("./otel-test-setup.js")).otelApi);

const failing = (error: unknown) => () => Promise.reject(error);

describe("loadOtelApi", () => {
  describe("when @opentelemetry/api is installed", () => {
    it("loads it", async () => {
      const { otelApi } = await import("./otel-test-setup.js");
      const api = await loadOtelApi();
      expect(api?.trace).toBe(otelApi.trace);
    });
  });

  describe("when it is not installed", () => {
    it.each(["ERR_MODULE_NOT_FOUND", "MODULE_NOT_FOUND"])("answers undefined for %s", async (code) => {
      const missing = Object.assign(new Error("Cannot find package '@opentelemetry/api'"), { code });
      expect(await loadOtelApi(failing(missing))).toBeUndefined();
    });
  });

  describe("when it fails to load for another reason", () => {
    it("throws that error", async () => {
      const broken = new SyntaxError("Unexpected token");
      await expect(loadOtelApi(failing(broken))).rejects.toBe(broken);
    });
  });
});
