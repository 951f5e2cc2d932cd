import type { LoopObserver } from "@toolkit/loop";
import type { Colors } from "./colors.js";
import { renderOutput } from "./render-output.js";
import type { LiveTail } from "./live-tail.js";
import type { Spinner } from "./spinner.js";

/** Options for `consoleObserver`. */
export interface ConsoleObserverOptions {
  write: (text: string) => void;
  colors: Colors;
  spinner: Spinner;
  /** Shows running calls' progress (a command's live output, other tools' progress lines). */
  tail?: LiveTail;
}

/**
 * Shows a run to a person: each turn, the model's text, each tool call with
 * its input, a spinner while it runs (or its live progress, see `createLiveTail`),
 * and the result rendered by its hint.
 */
export function consoleObserver({ write, colors, spinner, tail }: ConsoleObserverOptions): LoopObserver {
  // The turn whose text is being streamed: shown as it arrives, not again when the reply is complete.
  let streaming: number | undefined;
  return {
    onDelta: (e) => {
      if (e.kind !== "text" || e.delta === "") return;
      if (streaming !== e.turn) {
        streaming = e.turn;
        write(`${colors.cyan("model")} `);
      }
      write(e.delta);
    },
    onTurnStart: (e) =>
      write(
        `\n${colors.bold(`── turn ${e.turn}`)} ${colors.dim(`(~${e.estimateTokens} tokens in the window)`)}\n`,
      ),
    onReply: (e) => {
      if (streaming === e.turn) write("\n");
      else if (e.reply.text.trim() !== "") write(`${colors.cyan("model")} ${e.reply.text.trim()}\n`);
    },
    onToolPre: (e) => {
      write(`  ${colors.yellow("▸")} ${colors.bold(e.name)} ${colors.dim(shortJson(e.input))}\n`);
      spinner.start(`${e.name} running…`);
    },
    onToolProgress: (e) => {
      if (!tail) return;
      // The tail is the sign of life now; the spinner would draw over it.
      spinner.stop();
      tail.update(e.id, e.name, e.update);
    },
    onToolPost: (e) => {
      spinner.stop();
      tail?.end(e.id);
      const mark = e.output.isError ? colors.red("✗") : colors.green("✓");
      write(`  ${mark} ${e.name} ${colors.dim(`${Math.round(e.durationMs)} ms`)}\n`);
      write(`${renderOutput({ output: e.output, colors })}\n`);
    },
    onToolSurfaceChanged: (d) => {
      const parts = [
        ...d.added.map((n) => `+${n}`),
        ...d.removed.map((n) => `-${n}`),
        ...d.replaced.map((n) => `~${n}`),
      ];
      write(colors.dim(`  tools changed: ${parts.join(" ")}\n`));
    },
  };
}

function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? "";
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}
