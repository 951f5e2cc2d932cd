import { spawn } from "node:child_process";
import { openSync, closeSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LoomBash } from "../loom/bash.js";
import { Shell } from "../tools/shell.js";
import { pinned, type Sandbox, sandbox } from "../tools/test-helpers.js";
import { skipWithoutBwrap } from "./test-helpers.js";

const HOST = fileURLToPath(new URL("./test-fd-host.ts", import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL("../..", import.meta.url));
const NODE = process.execPath;
const SOCKET_HINT =
  "[sandbox: commands cannot open Unix sockets (policy allowUnixSockets false): Docker, D-Bus, SSH agents, X11 and database sockets are out of reach]";

let box: Sandbox;
let server: Server | undefined;
beforeEach(async () => {
  box = await sandbox();
});
afterEach(async () => {
  server?.close();
  server = undefined;
  await box.cleanup();
});

/** A host Unix socket in the workspace that answers "secret" to whoever connects. */
async function plantSocket(): Promise<string> {
  const path = join(box.root, "agent.sock");
  server = createServer((c) => c.end("secret"));
  await new Promise<void>((resolve) => server?.listen(path, resolve));
  return path;
}

const connect = (path: string) =>
  `${NODE} -e 'require("net").connect(${JSON.stringify(path)}).on("data",d=>console.log(String(d))).on("error",e=>{console.error(e.message);process.exit(1)})'`;

describe.skipIf(skipWithoutBwrap("the sandbox kernel tests"))("Shell with the default sandbox", () => {
  describe("when a command connects to a host Unix socket", () => {
    it("is refused by the seccomp filter, and the reply says so", async () => {
      const path = await plantSocket();
      const out = await new Shell().call({ command: connect(path) }, box.ctx);
      expect(pinned(out)).toBe(`stderr:\nconnect EPERM ${path}\n[exit 1, N ms]\n${SOCKET_HINT}`);
    });

    it("is refused for Loom bash too, with the hint as the last line of stderr (Loom's five keys only)", async () => {
      const path = await plantSocket();
      const value = (await new LoomBash().call({ command: connect(path) }, box.ctx)).structuredValue() as {
        exit_code: number;
        stderr: string;
      };
      expect(Object.keys(value).sort()).toEqual(["exit_code", "stderr", "stdout", "timed_out", "truncated"]);
      expect(value.exit_code).toBe(1);
      expect(value.stderr).toBe(`connect EPERM ${path}\n${SOCKET_HINT}\n`);
    });

    it("connects with allowUnixSockets: true", async () => {
      const path = await plantSocket();
      const out = await new Shell({ sandbox: { allowUnixSockets: true } }).call(
        { command: connect(path) },
        box.ctx,
      );
      expect(pinned(out)).toBe("secret\n[exit 0, N ms]");
    });

    it("still lets programs use socketpair and pipes (Node's child processes)", async () => {
      const out = await new Shell().call(
        {
          command: `${NODE} -e 'console.log(require("child_process").execFileSync("echo", ["child"]).toString().trim())' | cat`,
        },
        box.ctx,
      );
      expect(pinned(out)).toBe("child\n[exit 0, N ms]");
    });
  });

  describe("when the host process inherited a descriptor", () => {
    it("closes it before the command runs", { timeout: 60_000 }, async () => {
      const planted = join(box.root, "..", "planted.txt");
      await writeFile(planted, "host secret");
      const fd = openSync(planted, "r");
      try {
        const host = spawn(
          process.execPath,
          ["--conditions=@toolkit/source", "--import", "tsx", HOST, box.root],
          {
            cwd: PACKAGE_DIR,
            stdio: ["ignore", "pipe", "inherit", fd],
          },
        );
        let stdout = "";
        host.stdout?.on("data", (chunk: Buffer) => {
          stdout += chunk.toString();
        });
        expect(await new Promise((resolve) => host.once("exit", resolve))).toBe(0);
        expect(stdout.replace(/\d+ ms\]/, "N ms]")).toBe("0\n1\n2\n[exit 0, N ms]\n");
      } finally {
        closeSync(fd);
      }
    });
  });
});
