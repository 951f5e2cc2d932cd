import { spawn } from "node:child_process";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const HOST = fileURLToPath(new URL("./test-exit-host.ts", import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL("../..", import.meta.url));

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "shell-spill-exit-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("SessionSpills", () => {
  describe("when the process exits before the session is disposed", () => {
    it("removes the spill files and the emptied temp directory", { timeout: 90_000 }, async () => {
      const tempDir = join(dir, "session-tmp");
      const host = spawn(
        process.execPath,
        ["--conditions=@toolkit/source", "--import", "tsx", HOST, dir, tempDir],
        { cwd: PACKAGE_DIR, stdio: ["ignore", "pipe", "inherit"] },
      );
      let stdout = "";
      host.stdout?.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      const code = await new Promise((resolve) => host.once("exit", resolve));
      expect(code).toBe(0);
      const file = /saved to (\S+) /.exec(stdout)?.[1] ?? "";
      expect(file.startsWith(`${tempDir}/shell-`)).toBe(true);
      await expect(stat(file)).rejects.toMatchObject({ code: "ENOENT" });
      await expect(stat(tempDir)).rejects.toMatchObject({ code: "ENOENT" });
    });
  });
});
