import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { PACKAGE_DIR, tsNodeArgs } from "../fixtures/connect.js";

/** Runs the signal host, sends `signal` once it is ready; resolves with how it ended and what it printed. */
function endWith(signal: NodeJS.Signals, args: string[] = []) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>(
    (resolve, reject) => {
      const child = spawn(process.execPath, [...tsNodeArgs("./signal-host.ts"), ...args], {
        cwd: PACKAGE_DIR,
        stdio: ["ignore", "pipe", "inherit"],
      });
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        const ready = !out.includes("ready");
        out += chunk.toString();
        if (ready && out.includes("ready\n")) child.kill(signal);
      });
      child.on("error", reject);
      child.on("exit", (code, got) => resolve({ code, signal: got, out }));
    },
  );
}

describe("stopOnSignals", () => {
  describe.each(["SIGTERM", "SIGINT", "SIGHUP"] as const)(
    "when %s arrives and nothing else listens",
    (signal) => {
      it("stops, then the process dies of the signal", { timeout: 60_000 }, async () => {
        expect(await endWith(signal)).toEqual({ code: null, signal, out: "ready\nstopped\n" });
      });
    },
  );
  describe("when the host listens to the signal too", () => {
    it("lets the host's listener run, stops, and exits with 128 + the signal's number", {
      timeout: 60_000,
    }, async () => {
      expect(await endWith("SIGTERM", ["own"])).toEqual({
        code: 143,
        signal: null,
        out: "ready\nown listener\nstopped\n",
      });
    });
  });
});
