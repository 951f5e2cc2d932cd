import { createInterface } from "node:readline/promises";
import type { ApprovalAnswer, ApprovalRequest } from "@toolkit/middleware";
import type { Colors } from "../render/colors.js";
import type { Spinner } from "../render/spinner.js";

const ANSWERS: ReadonlyMap<string, ApprovalAnswer> = new Map([
  ["y", "once"],
  ["yes", "once"],
  ["a", "tool"],
  ["always", "tool"],
  ["n", "deny"],
  ["no", "deny"],
]);

/** Options for `terminalApprover`. */
export interface TerminalApproverOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  colors: Colors;
  spinner: Spinner;
}

/**
 * Asks on the terminal before a writing tool runs: `y` this call, `a` every
 * call of this tool, `n` refuse (the model is told the user said no).
 */
export function terminalApprover({ input, output, colors, spinner }: TerminalApproverOptions) {
  return async function ask({ call, descriptorChanged }: ApprovalRequest): Promise<ApprovalAnswer> {
    spinner.stop();
    const changed = descriptorChanged
      ? colors.yellow(" (its description changed since you approved it)")
      : "";
    const rl = createInterface({ input, output });
    try {
      for (;;) {
        const answer = (
          await rl.question(
            `  ${colors.yellow("?")} Allow ${colors.bold(call.name)}${changed}? [y]es once, [a]lways, [n]o: `,
          )
        )
          .trim()
          .toLowerCase();
        const decision = ANSWERS.get(answer);
        if (decision === undefined) continue;
        if (decision !== "deny") spinner.start(`${call.name} running…`);
        return decision;
      }
    } finally {
      rl.close();
    }
  };
}
