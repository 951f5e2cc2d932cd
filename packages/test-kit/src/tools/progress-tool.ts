import { FnTool } from "@toolkit/core";

/** Options for `progressTool`. */
export interface ProgressToolOptions {
  /** Updates reported, `step i of n` each. @default 3 */
  steps?: number;
  /** Wait before each update. @default 1000 */
  gapMs?: number;
}

/**
 * A tool for progress tests: reports `steps` updates `gapMs` apart through
 * `ctx.progress` (`{ message: "step i of n", progress: i, total: n, output: "i\n" }`),
 * then returns `done after n steps`. Gaps longer than the default rate limit
 * (100 ms) keep every update apart.
 */
export function progressTool(name = "Steps", { steps = 3, gapMs = 1000 }: ProgressToolOptions = {}) {
  return new FnTool<Record<string, never>>(
    name,
    `Reports ${steps} progress updates, then answers.`,
    { type: "object", properties: {}, additionalProperties: false },
    async (_input, ctx) => {
      for (let i = 1; i <= steps; i++) {
        await new Promise((resolve) => setTimeout(resolve, gapMs));
        ctx.progress({ message: `step ${i} of ${steps}`, progress: i, total: steps, output: `${i}\n` });
      }
      return `done after ${steps} steps`;
    },
  );
}
