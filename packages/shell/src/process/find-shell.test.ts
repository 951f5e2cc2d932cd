import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findShell } from "./find-shell.js";
import { runCommand } from "./run-command.js";
import { UnixBackend } from "./unix-backend.js";
import { StreamCapture } from "../capture/stream-capture.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "shell-find-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("findShell", () => {
  describe("when bash is on the search path", () => {
    it("picks the first executable bash", async () => {
      await writeFile(join(dir, "bash"), "#!/bin/sh\n");
      await chmod(join(dir, "bash"), 0o755);
      expect(findShell({ path: `/nonexistent:${dir}:/usr/bin` })).toBe(join(dir, "bash"));
    });
  });

  describe("when no bash is found", () => {
    it("falls back to /bin/sh", () => {
      expect(findShell({ path: "/nonexistent" })).toBe("/bin/sh");
    });

    it("still runs commands through sh -c", async () => {
      const capture = new StreamCapture({ maxBytes: 1024, spillPath: async () => join(dir, "spill") });
      const sink = new StreamCapture({ maxBytes: 1024, spillPath: async () => join(dir, "spill2") });
      const outcome = await runCommand({
        backend: new UnixBackend(),
        request: { command: "echo via-sh; exit 5", cwd: dir, env: { PATH: "/nonexistent" } },
        stdout: capture,
        stderr: sink,
      });
      const held = capture.since(0);
      expect(Buffer.concat([held.head, held.tail]).toString()).toBe("via-sh\n");
      expect(outcome.exitCode).toBe(5);
    });
  });
});
