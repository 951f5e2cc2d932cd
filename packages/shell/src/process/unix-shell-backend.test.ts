import { describe, expect, it } from "vitest";
import * as shell from "../index.js";
import { pinned, sandbox } from "../tools/test-helpers.js";

describe("UnixShellBackend", () => {
  it("is exported from @toolkit/shell under the seed's family-table name", () => {
    expect(typeof shell.UnixShellBackend).toBe("function");
  });

  it("keeps the old name UnixBackend as an alias of the same class", () => {
    expect(shell.UnixBackend).toBe(shell.UnixShellBackend);
  });

  it("runs a command as the Shell tool's backend", async () => {
    const box = await sandbox();
    try {
      const tool = new shell.Shell({ backend: new shell.UnixShellBackend() });
      expect(pinned(await tool.call({ command: "printf ok" }, box.ctx))).toBe("ok\n[exit 0, N ms]");
    } finally {
      await box.cleanup();
    }
  });
});
