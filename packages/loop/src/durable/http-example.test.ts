import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScriptedModelServer } from "../test/scripted-model-server.js";

// Each test starts Node processes (tsx): slow on a loaded machine, never timed.
vi.setConfig({ testTimeout: 120_000 });

const README = await readFile(new URL("../../README.md", import.meta.url), "utf8");
const require = createRequire(import.meta.url);
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

/** The README's HTTP example: the ts block after the line that introduces it. */
function httpExample(): string {
  const start = README.indexOf("An HTTP service that pauses at an approval");
  const open = README.indexOf("```ts no-run\n", start);
  const close = README.indexOf("\n```\n", open);
  if (start < 0 || open < 0 || close < 0) throw new Error("the README's HTTP example is missing");
  return README.slice(open + "```ts no-run\n".length, close);
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  await once(server, "close");
  return typeof address === "object" && address ? address.port : 0;
}

async function post(url: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  // The example's process takes a moment to listen: retry a refused connection.
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(url, { method: "POST", body: JSON.stringify(body) });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    } catch (error) {
      if (attempt > 5_000) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe("README HTTP example", () => {
  it("interrupts at the Deploy approval and resumes on a later request", async () => {
    const code = httpExample();
    expect(code.split("\n").length).toBeLessThanOrEqual(32);
    const dir = await mkdtemp(join(tmpdir(), "readme-http-"));
    const model = await ScriptedModelServer.start({
      script: [
        { toolCalls: [{ id: "d1", name: "Deploy", input: { service: "api" } }] },
        (request) => ({ text: `done: ${request.toolResults[0]?.text}` }),
      ],
    });
    // The example as written, its package imports pointed at this checkout.
    const file = join(dir, "server.mts");
    await writeFile(
      file,
      code
        .replace('"@toolkit/loop"', JSON.stringify(join(import.meta.dirname, "../index.ts")))
        .replace('"@toolkit/core"', JSON.stringify(require.resolve("@toolkit/core")))
        .replace('"@toolkit/registry"', JSON.stringify(require.resolve("@toolkit/registry"))),
    );
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", require.resolve("tsx"), file], {
      env: {
        ...process.env,
        PORT: String(port),
        OPENAI_BASE_URL: model.openaiBaseUrl,
        RUNS_DIR: join(dir, "runs"),
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    cleanup.push(async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await once(child, "exit");
      }
      await model.close();
      await rm(dir, { recursive: true, force: true });
    });

    const first = await post(`http://127.0.0.1:${port}/runs`, { task: "Deploy the api." });
    expect(first.status).toBe(200);
    expect(first.json.pending).toEqual([{ id: "d1", name: "Deploy", input: { service: "api" } }]);
    const runId = first.json.runId as string;
    const second = await post(`http://127.0.0.1:${port}/runs/${runId}`, { decisions: { d1: "approve" } });
    expect(second).toEqual({ status: 200, json: { runId, text: "done: deployed api" } });
    const again = await post(`http://127.0.0.1:${port}/runs/${runId}`, {});
    expect(again).toEqual({ status: 409, json: { error: `RunState: run ${runId} already finished` } });
  });
});
