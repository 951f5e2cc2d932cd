import { describe, expect, it } from "vitest";
import { jsImportsTarget, pyImportsTarget, pyModuleOf } from "./imports-target.js";

describe("jsImportsTarget", () => {
  it.each([
    ['import { a } from "./a.js";', true],
    ['import { a } from "./a";', true],
    ['export * from "./a.ts";', true],
    ['const m = await import("./a.js");', true],
    ['const m = require("./a");', true],
    ['import "./a.js";', true],
    ['import { a } from "../src/a.js";', true],
    ['import { a } from "./ab.js";', false],
    ['import { a } from "a";', false],
    ['// "./a.js" in a comment string only', false],
  ])("%s → %s", (text, expected) => {
    expect(jsImportsTarget("/w/src/b.ts", text, "/w/src/a.ts")).toBe(expected);
  });

  it("resolves a folder to its index", () => {
    expect(jsImportsTarget("/w/src/b.ts", 'import { x } from "./lib";', "/w/src/lib/index.ts")).toBe(true);
  });
});

describe("pyImportsTarget", () => {
  it.each([
    ["import app.a", true],
    ["import app.a as m", true],
    ["from app.a import add", true],
    ["from app import a", true],
    ["from . import a", true],
    ["from .a import add", true],
    ["from app.ab import add", false],
    ["import app", false],
  ])("%s → %s", (text, expected) => {
    expect(pyImportsTarget("/w/app/b.py", text, "/w/app/a.py", "/w")).toBe(expected);
  });

  it("names packages by their __init__", () => {
    expect(pyModuleOf("/w/app/__init__.py", "/w")).toBe("app");
    expect(pyModuleOf("/x/a.py", "/w")).toBeUndefined();
  });
});
