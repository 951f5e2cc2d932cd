import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { runPlayground } from "./run-playground.js";

const cleanup: string[] = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

function capture() {
  const output = new PassThrough();
  let text = "";
  output.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  return { output, text: () => text };
}

describe("runPlayground --interrupt and --resume", () => {
  describe("when a tool that writes is reached", () => {
    it("pauses into the file, keeps the workspace, and --resume --yes finishes the fix there", async () => {
      const dir = await mkdtemp(join(tmpdir(), "playground-durable-"));
      cleanup.push(dir);
      const file = join(dir, "paused.json");
      const first = capture();
      const paused = await runPlayground({
        provider: "scripted",
        interrupt: file,
        output: first.output,
        input: new PassThrough(),
        env: { NO_COLOR: "1" },
      });
      cleanup.push(dirname(paused.trajectoryPath), paused.workspace);
      expect(paused.error).toBeUndefined();
      expect(paused.result).toBeUndefined();
      expect(first.text()).toContain(`paused at Shell; the run is in ${file}\n`);
      const saved = JSON.parse(await readFile(file, "utf8"));
      expect(saved).toMatchObject({ workspace: paused.workspace, provider: "scripted", state: { turn: 3 } });
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(first.text()).toMatch(/ {2}outcome +paused \(--resume continues it\)\n/);
      expect((await stat(paused.workspace)).isDirectory()).toBe(true);

      const second = capture();
      const resumed = await runPlayground({
        resume: file,
        yes: true,
        json: true,
        output: second.output,
        input: new PassThrough(),
        env: {},
      });
      cleanup.push(dirname(resumed.trajectoryPath));
      expect(resumed.error).toBeUndefined();
      expect(resumed.workspace).toBe(paused.workspace);
      const doc = JSON.parse(second.text());
      expect(doc).toMatchObject({ outcome: "finished", finishReason: "stop", turns: 13 });
      expect(doc.text).toMatch(/^Fixed\..* All tests pass\.$/);
      expect(await readFile(join(paused.workspace, "src/discount.js"), "utf8")).toContain("(100 - percent)");
    });
  });
});
