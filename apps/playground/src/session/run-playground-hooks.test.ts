import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runPlayground } from "./run-playground.js";

let base: string;
const runDirs: string[] = [];
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), "playground-hooks-"));
  await mkdir(join(base, "home"));
});
afterEach(async () => {
  await Promise.all(runDirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  await rm(base, { recursive: true, force: true });
});

/** A hooks file whose SessionStart hook appends its name to `marks`. */
async function hooksFile(path: string, name: string): Promise<string> {
  const marks = join(base, "marks");
  const command = `cat > "${join(base, `seen-${name}.json`)}"; echo ${name} >> "${marks}"`;
  await writeFile(
    path,
    JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: "command", command }] }] } }),
  );
  return path;
}
const marks = () => readFile(join(base, "marks"), "utf8").catch(() => "");

async function run(options: Partial<Parameters<typeof runPlayground>[0]>) {
  let text = "";
  const output = new PassThrough();
  output.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  const outcome = await runPlayground({
    provider: "scripted",
    yes: true,
    output,
    input: new PassThrough(),
    env: { NO_COLOR: "1", HOME: join(base, "home") },
    ...options,
  });
  runDirs.push(dirname(outcome.trajectoryPath));
  return { outcome, text };
}

describe("runPlayground hooks", () => {
  describe("when --hooks names a file", () => {
    it("runs its hooks and names it in the banner", async () => {
      const file = await hooksFile(join(base, "mine.json"), "named");
      const { outcome, text } = await run({ hooks: file });
      expect(outcome.error).toBeUndefined();
      expect(text).toContain(`  hooks       ${file}\n`);
      expect(await marks()).toBe("named\n");
      const seen = JSON.parse(await readFile(join(base, "seen-named.json"), "utf8"));
      expect(seen).toMatchObject({
        hook_event_name: "SessionStart",
        transcript_path: outcome.trajectoryPath,
      });
    });
  });

  describe("when --no-hooks is given", () => {
    it("runs none, not even the user's own", async () => {
      await mkdir(join(base, "home", ".claude"));
      await hooksFile(join(base, "home", ".claude", "settings.json"), "user");
      const { text } = await run({ noHooks: true });
      expect(text).toContain("  hooks       off (--no-hooks)\n");
      expect(await marks()).toBe("");
    });
  });

  describe("when the workspace has an untrusted .claude/settings.json", () => {
    it("does not run it without a terminal to ask on, and says so", async () => {
      const ws = join(base, "ws");
      await mkdir(join(ws, ".claude"), { recursive: true });
      const settings = await hooksFile(join(ws, ".claude", "settings.json"), "project");
      const { text } = await run({ workspace: ws });
      expect(text).toContain(
        `  note: ${settings} is not trusted: its hooks do not run (run the playground on a terminal to trust it)\n`,
      );
      expect(await marks()).toBe("");
    });
  });
});
