import { describe, expect, it } from "vitest";
import * as root from "../index.js";
import * as adapter from "./index.js";

const rootExports = new Map(Object.entries(root));

describe("@toolkit/registry/adapter", () => {
  describe("when imported from the root, as before 0.2", () => {
    it.each(Object.entries(adapter))("%s is the same function", (name, value) => {
      expect(rootExports.get(name)).toBe(value);
    });
  });
});
