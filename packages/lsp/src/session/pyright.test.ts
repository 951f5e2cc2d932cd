import { useLspProject } from "../testing/test-projects.js";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { createFsTools } from "@toolkit/fs";
import { describe, expect, it } from "vitest";
import { withDiagnostics } from "../middleware/with-diagnostics.js";
import { findInNodeModules } from "../server/find-command.js";
import { createLspTools } from "../tools/create-lsp-tools.js";

const PY_FILES = {
  "pyrightconfig.json": JSON.stringify({ include: ["app"], typeCheckingMode: "standard" }),
  "app/__init__.py": "",
  "app/a.py": "def add(a: int, b: int) -> int:\n    return a + b\n",
  "app/b.py": "from app.a import add\n\nthree: int = add(1, 2)\n",
  "app/c.py": "from .a import add\nfrom .b import three\n\nsix: int = add(three, three)\n",
};

const fixture = useLspProject(PY_FILES);

function session() {
  const lsp = fixture.lsp();
  const call = fixture.session([...createFsTools(), ...createLspTools(lsp)], () => [withDiagnostics(lsp)]);
  return async (name: string, input: unknown) => (await call(name, input)).textContent();
}

// Real servers start cold on a loaded machine: more time than the shared 30 s.
describe("pyright", { timeout: 90_000 }, () => {
  it("reports exactly the error an Edit introduced, then none once fixed", async () => {
    const run = session();
    await run("Read", { file_path: "app/a.py" });
    const broken = await run("Edit", {
      file_path: "app/a.py",
      old_string: "return a + b",
      new_string: 'return "sum"',
    });
    expect(broken.slice(broken.indexOf("\n\nThis edit"))).toBe(
      [
        "",
        "",
        "This edit introduced 1 error:",
        'app/a.py:2:12 error reportReturnType Type "Literal[\'sum\']" is not assignable to return type "int"',
      ].join("\n"),
    );
    const fixed = await run("Edit", {
      file_path: "app/a.py",
      old_string: 'return "sum"',
      new_string: "return a + b",
    });
    expect(fixed).not.toContain("error");
  });

  it("finds definition and references across three files", async () => {
    const run = session();
    expect(await run("Definition", { path: "app/c.py", symbol: "add" })).toBe(
      "app/a.py:1:5: def add(a: int, b: int) -> int:",
    );
    expect(await run("References", { path: "app/a.py", symbol: "add" })).toBe(
      [
        "5 references:",
        "app/a.py:1:5: def add(a: int, b: int) -> int:",
        "app/b.py:1:19: from app.a import add",
        "app/b.py:3:14: three: int = add(1, 2)",
        "app/c.py:1:16: from .a import add",
        "app/c.py:4:12: six: int = add(three, three)",
      ].join("\n"),
    );
  });

  it("renames across files and pyright still finds no error", async () => {
    const run = session();
    expect(await run("Rename", { path: "app/b.py", symbol: "add", newName: "total" })).toBe(
      [
        "Renamed to total: 5 edits in 3 files.",
        "M app/a.py (1 edit)",
        "M app/b.py (2 edits)",
        "M app/c.py (2 edits)",
      ].join("\n"),
    );
    const pyright = findInNodeModules([fixture.project().root], ".bin/pyright") as string;
    const { stdout } = await promisify(execFile)(pyright, [
      "-p",
      join(fixture.project().root, "pyrightconfig.json"),
    ]);
    expect(stdout).toContain("0 errors");
  });
});
