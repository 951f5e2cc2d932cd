// Test-only tools that record what they run in a log file, one line per run.
import { appendFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { type JsonSchema, type Tool, type ToolContext, ToolOutput, type ToolSchema } from "@toolkit/core";

const OBJECT: JsonSchema = { type: "object" };

interface Spec {
  name: string;
  idempotent: boolean;
  run(input: Record<string, unknown>, ctx: ToolContext, log: (line: string) => void): Promise<ToolOutput>;
}

class TestTool implements Tool {
  readonly name: string;
  readonly description: string;
  constructor(
    readonly spec: Spec,
    readonly logFile: string,
  ) {
    this.name = spec.name;
    this.description = `Test tool ${spec.name}.`;
  }
  schema(): ToolSchema {
    return { tool: this.name, description: this.description, input_schema: OBJECT };
  }
  isIdempotent(): boolean {
    return this.spec.idempotent;
  }
  isConcurrencySafe(): boolean {
    return true;
  }
  call(input: unknown, ctx: ToolContext): Promise<ToolOutput> {
    const record = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
    return this.spec.run(record, ctx, (line) => appendFileSync(this.logFile, `${line}\n`));
  }
}

/** Waits `ms`, or until the signal fires (then logs `aborted <tag>` and throws). */
async function work(ms: number, ctx: ToolContext, tag: string, log: (line: string) => void): Promise<void> {
  if (ms <= 0) return;
  try {
    await sleep(ms, undefined, { signal: ctx.signal });
  } catch (error) {
    log(`aborted ${tag}`);
    throw error;
  }
}

const appendRun =
  (prefix: string): Spec["run"] =>
  async (input, ctx, log) => {
    const tag = String(input.tag);
    log(`start ${prefix} ${tag} ${process.pid}`);
    await work(Number(input.sleepMs ?? 0), ctx, tag, log);
    log(`${prefix} ${tag}`);
    return ToolOutput.text(`${prefix} ${tag} by ${process.pid}`);
  };

const SPECS: Record<string, Spec[]> = {
  basic: [
    {
      name: "Render",
      idempotent: true,
      async run(input, ctx) {
        switch (input.kind) {
          case "image":
            return ToolOutput.multipart([
              { type: "text", text: "an image:" },
              { type: "image", data: String(input.data), mediaType: "image/png" },
            ]);
          case "structured":
            return ToolOutput.structured(input.value).withRetention("requery");
          case "error":
            return ToolOutput.errorText(String(input.text)).withHint("markdown");
          case "context":
            return ToolOutput.structured({
              cwd: ctx.cwd,
              sessionId: ctx.sessionId,
              userContext: ctx.userContext,
              isNonInteractive: ctx.isNonInteractive,
            });
          case "throw":
            throw new Error("boom on the worker");
          default:
            return ToolOutput.text(String(input.text)).withRetention("durable").withMeta("by", "worker");
        }
      },
    },
    { name: "Append", idempotent: false, run: appendRun("append") },
    { name: "AppendIdem", idempotent: true, run: appendRun("idem") },
  ],
  progress: [
    {
      name: "Steps",
      idempotent: true,
      run: async (input, ctx) => {
        const gapMs = typeof input.gapMs === "number" ? input.gapMs : 1000;
        for (let i = 1; i <= 3; i++) {
          await sleep(gapMs);
          ctx.progress({ message: `step ${i} of 3`, progress: i, total: 3 });
        }
        return ToolOutput.text("done after 3 steps");
      },
    },
  ],
  alpha: [{ name: "Alpha", idempotent: true, run: async () => ToolOutput.text(`alpha ${process.pid}`) }],
  beta: [{ name: "Beta", idempotent: false, run: async () => ToolOutput.text(`beta ${process.pid}`) }],
};

/** The tools of the named sets, logging to `logFile`. */
export function testTools(sets: readonly string[], logFile: string): Tool[] {
  return sets.flatMap((set) => {
    const specs = SPECS[set];
    if (!specs) throw new Error(`no test tool set '${set}'`);
    return specs.map((spec) => new TestTool(spec, logFile));
  });
}
