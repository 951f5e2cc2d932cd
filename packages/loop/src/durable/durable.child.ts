// A second process for the durable-run tests: runs, resumes or resumeRuns one
// run against a scripted server, with a Write tool that logs each execution.
// argv[2] is a JSON ChildJob; the outcome is printed as JSON on stdout.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FnTool, ToolError } from "@toolkit/core";
import type { Middleware } from "@toolkit/registry";
import { ToolRegistry } from "@toolkit/registry";
import { BareLoop } from "../loop/bare-loop.js";
import { openaiChat } from "../providers/openai-chat.js";
import { manualClock } from "../runtime/clock.js";
import { FileRunStore } from "./file-run-store.js";
import type { ApprovalDecision } from "./interrupt.js";
import { RunLeaseError, type RunStore } from "./run-store.js";

/** What the parent asks the child to do. */
export interface ChildJob {
  mode: "run" | "resume" | "resumeRun" | "baseline";
  baseUrl: string;
  /** Where the tools write and log. */
  dir: string;
  sessionId: string;
  /** resume: the state file; run: where to write the state when interrupted. */
  statePath?: string;
  /** A FileRunStore directory. */
  storeDir?: string;
  /** Instead: a module whose `makeStore(storeArg)` makes the RunStore (a SQLite or Redis store). */
  storeModule?: string;
  storeArg?: string;
  runId?: string;
  decisions?: Record<string, ApprovalDecision>;
  /** baseline: how the uninterrupted run answers Write (to compare with a decision). */
  baseline?: "approve" | "reject" | { edit: unknown };
  /** Step n blocks until the file `${gate}.${n}` exists. */
  gate?: string;
}

const job = JSON.parse(process.argv[2] as string) as ChildJob;

function registry(): ToolRegistry {
  const reg = new ToolRegistry({ logger: { warn: () => {} } });
  const log = (line: string) => appendFileSync(join(job.dir, "ran.log"), `${line}\n`);
  reg.register(
    new FnTool<{ path: string; content: string }>(
      "Write",
      "Writes a file.",
      {
        type: "object",
        properties: { path: { type: "string" }, content: { type: "string" } },
        required: ["path", "content"],
      },
      (input) => {
        log(`Write ${input.path} ${input.content}`);
        writeFileSync(join(job.dir, input.path), input.content);
        return `wrote ${input.content.length} bytes to ${input.path}`;
      },
    ),
  );
  reg.register(
    new FnTool<{ path: string }>(
      "Read",
      "Reads a file.",
      { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
      (input) => {
        log(`Read ${input.path}`);
        return existsSync(join(job.dir, input.path))
          ? readFileSync(join(job.dir, input.path), "utf8")
          : "(none)";
      },
    ).readOnly(),
  );
  reg.register(
    new FnTool<{ n: number }>(
      "Step",
      "Does step n.",
      { type: "object", properties: { n: { type: "number" } }, required: ["n"] },
      async (input) => {
        log(`Step ${input.n}`);
        while (job.gate && !existsSync(`${job.gate}.${input.n}`)) await new Promise((r) => setTimeout(r, 10));
        return `step ${input.n} done`;
      },
    ),
  );
  return reg;
}

/** The uninterrupted run's stand-in for a user's decision on Write. */
function decide(answer: NonNullable<ChildJob["baseline"]>): Middleware {
  return async function decide(call, next) {
    if (call.name !== "Write" || answer === "approve") return next(call);
    if (answer === "reject")
      return ToolError.permission(`the user rejected this call to 'Write'.`).toOutput();
    return next({ ...call, input: answer.edit });
  };
}

async function store(): Promise<RunStore | undefined> {
  if (job.storeModule) {
    const made = (await import(job.storeModule)) as { makeStore: (arg: string | undefined) => RunStore };
    return made.makeStore(job.storeArg);
  }
  return job.storeDir ? new FileRunStore({ dir: job.storeDir }) : undefined;
}

async function main(): Promise<void> {
  const runs = await store();
  const loop = new BareLoop({
    model: openaiChat({ baseUrl: job.baseUrl, model: "scripted", clock: manualClock() }),
    registry: registry(),
    sessionId: job.sessionId,
    isNonInteractive: true,
    ...(job.mode === "baseline"
      ? { middleware: [decide(job.baseline ?? "approve")] }
      : { approvals: "interrupt" as const }),
    needsApproval: (call) => call.name === "Write",
    ...(runs ? { store: runs } : {}),
  });
  try {
    const outcome =
      job.mode === "resume"
        ? await loop.resume(readFileSync(job.statePath as string, "utf8"), { decisions: job.decisions ?? {} })
        : job.mode === "resumeRun"
          ? await loop.resumeRun(job.runId as string, { decisions: job.decisions ?? {} })
          : await loop.run("Write the file.", job.runId ? { runId: job.runId } : {});
    if (outcome.status === "interrupted" && job.statePath)
      writeFileSync(job.statePath, JSON.stringify(outcome.state));
    process.stdout.write(
      JSON.stringify(
        outcome.status === "interrupted"
          ? { status: outcome.status, pending: outcome.pending }
          : { status: outcome.status, text: outcome.text, turns: outcome.turns },
      ),
    );
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`);
    process.exitCode = error instanceof RunLeaseError ? 3 : 1;
  } finally {
    await loop.dispose();
    await (runs as { close?: () => unknown } | undefined)?.close?.();
  }
}

await main();
