// The README's Claude Code hook script and settings, run unchanged through a real Shell call.
import { execFileSync } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import { Shell } from "@toolkit/shell";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadHooks } from "./config/load-hooks.js";
import { type Project, project } from "./testing/test-helpers.js";
import { MemoryTrustStore } from "./trust/trust-store.js";

const readme = await readFile(new URL("../README.md", import.meta.url), "utf8");
const fences = [...readme.matchAll(/```(\w+)[^\n]*\n([\s\S]*?)```/g)];
const script = fences.find((f) => f[1] === "sh" && f[2]?.includes("block-rm.sh"))?.[2] ?? "";
const settings = fences.find((f) => f[1] === "json" && f[2]?.includes("PreToolUse"))?.[2] ?? "";

let hasJq = true;
try {
  execFileSync("jq", ["--version"], { stdio: "ignore" });
} catch {
  hasJq = false;
}
if (!hasJq && process.env.CI !== "true") {
  console.log("skipping the README's hook script: install the Debian package jq");
}

let p: Project;
beforeEach(async () => {
  p = await project();
});
afterEach(async () => {
  await p.cleanup();
});

describe.runIf(hasJq || process.env.CI === "true")("the README's Claude Code hook", () => {
  it("is found in the README", () => {
    expect(script).toContain("exit 2");
    expect(JSON.parse(settings).hooks.PreToolUse[0].matcher).toBe("Bash");
  });

  it("blocks rm -rf through loadHooks with Claude Code's files, and lets other commands run", async () => {
    if (!hasJq) throw new Error("jq is required in CI (apt-get install -y jq)");
    await mkdir(join(p.dir, ".claude", "hooks"), { recursive: true });
    await p.script(".claude/hooks/block-rm.sh", script);
    await writeFile(join(p.dir, ".claude", "settings.json"), settings);
    const { hooks, untrusted } = await loadHooks({
      projectDir: p.dir,
      homeDir: join(p.dir, "..", "home"),
      claudeCode: true,
      trust: new MemoryTrustStore(),
      confirm: () => true,
    });
    expect(untrusted).toEqual([]);
    const registry = new ToolRegistry();
    registry.register(new Shell({ sandbox: "off" }));
    await writeFile(join(p.dir, "keep.txt"), "x");
    const [blocked, ran] = await dispatch(
      registry,
      [
        { id: "c1", name: "Shell", input: { command: "rm -rf keep.txt" } },
        { id: "c2", name: "Shell", input: { command: "echo fine" } },
      ],
      { ctx: p.ctx, middleware: [hooks.middleware()] },
    );
    expect(blocked?.output.textContent().split("\n")[0]).toBe(
      "Permission denied: a PreToolUse hook refused this call: Blocked: rm -rf is not allowed here",
    );
    expect(await readFile(join(p.dir, "keep.txt"), "utf8")).toBe("x");
    expect(ran?.output.textContent()).toMatch(/^fine\n/);
  });
});
