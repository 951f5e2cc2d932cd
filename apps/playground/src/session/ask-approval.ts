import { createInterface } from "node:readline/promises";
import { ToolError } from "@toolkit/core";
import type { DispatchCall, Middleware } from "@toolkit/registry";
import type { PendingApproval } from "@toolkit/loop";
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

/** Asks on the terminal whether to trust a project hooks file (its current bytes). */
export function terminalTrust({ input, output, colors }: Omit<TerminalApproverOptions, "spinner">) {
  return async function confirm({ file, changed }: { file: string; changed: boolean }): Promise<boolean> {
    const rl = createInterface({ input, output });
    try {
      const why = changed ? colors.yellow(" (it changed since you trusted it)") : "";
      for (;;) {
        const answer = (
          await rl.question(
            `  ${colors.yellow("?")} Run the hooks in ${colors.bold(file)}${why}? They run as you, outside the sandbox. [y]es, [n]o: `,
          )
        )
          .trim()
          .toLowerCase();
        if (answer === "y" || answer === "yes") return true;
        if (answer === "n" || answer === "no") return false;
      }
    } finally {
      rl.close();
    }
  };
}

/**
 * Without a terminal on stdin and stdout nobody can answer a prompt, so a
 * tool that writes is refused (the model is told why and how the user allows
 * it); `exempt` calls (read-only tools) run.
 */
export function refuseWithoutTerminal({ exempt }: { exempt: (call: DispatchCall) => boolean }): Middleware {
  return async function refuseWithoutTerminalMiddleware(call, next) {
    if (exempt(call)) return next(call);
    throw ToolError.permission(
      `there is no terminal to approve this call to '${call.name}' on (stdin or stdout is not a TTY).`,
      { advice: "The user can allow tools that write by running the playground with --yes." },
    );
  };
}

/** Asks on the terminal whether a paused call may run (`--resume`): `y` approves, `n` rejects. */
export function terminalDecider({ input, output, colors, spinner }: TerminalApproverOptions) {
  return async function decideCall(call: PendingApproval): Promise<boolean> {
    spinner.stop();
    const rl = createInterface({ input, output });
    try {
      for (;;) {
        const answer = (
          await rl.question(`  ${colors.yellow("?")} Allow ${colors.bold(call.name)}? [y]es, [n]o: `)
        )
          .trim()
          .toLowerCase();
        if (answer === "y" || answer === "yes") return true;
        if (answer === "n" || answer === "no") return false;
      }
    } finally {
      rl.close();
    }
  };
}
