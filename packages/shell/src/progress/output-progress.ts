import { StringDecoder } from "node:string_decoder";
import type { ToolProgress } from "@toolkit/core";

/** Which output stream a chunk came from. */
export type OutputStreamName = "stdout" | "stderr";

/** Options for `outputProgress`. */
export interface OutputProgressOptions {
  /** Where updates go (the call's `ctx.progress`). */
  report: (update: ToolProgress) => void;
  /** Silence before a "no new output" note (repeated every as long). */
  stalledOutputMs: number;
  /** Characters of an unfinished line held back before they are sent anyway (a progress bar without newlines). @default 4096 */
  maxPendingChars?: number;
}

/** Feeds a command's output to progress updates; see `outputProgress`. */
export interface OutputProgress {
  /** Takes a chunk of a stream as it arrives. */
  push(stream: OutputStreamName, chunk: Buffer): void;
  /** Sends what is held back and stops the stall timer. Idempotent. */
  end(): void;
}

/**
 * Turns a running command's output into `{output}` progress updates, whole
 * lines at a time (stderr lines too, unlabelled: the update is a live tail,
 * not the reply), and sends `{message: "no new output for N s"}` after each
 * `stalledOutputMs` of silence. It only reads the chunks: what the command's
 * reply holds is built elsewhere, unchanged.
 */
export function outputProgress({
  report,
  stalledOutputMs,
  maxPendingChars = 4096,
}: OutputProgressOptions): OutputProgress {
  const decoders = { stdout: new StringDecoder("utf8"), stderr: new StringDecoder("utf8") };
  const pending = { stdout: "", stderr: "" };
  let lastAt = Date.now();
  let ended = false;
  const tick = () => {
    const silent = Date.now() - lastAt;
    if (silent >= stalledOutputMs) {
      report({ message: `no new output for ${seconds(silent)} s` });
      timer = setTimeout(tick, stalledOutputMs);
    } else {
      timer = setTimeout(tick, stalledOutputMs - silent);
    }
    timer.unref();
  };
  let timer = setTimeout(tick, stalledOutputMs);
  timer.unref();
  return {
    push(stream, chunk) {
      if (ended) return;
      lastAt = Date.now();
      const text = pending[stream] + decoders[stream].write(chunk);
      const cut = text.lastIndexOf("\n") + 1;
      if (cut > 0) {
        pending[stream] = text.slice(cut);
        report({ output: text.slice(0, cut) });
      } else if (text.length > maxPendingChars) {
        pending[stream] = "";
        report({ output: text });
      } else {
        pending[stream] = text;
      }
    },
    end() {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      for (const stream of ["stdout", "stderr"] as const) {
        const rest = pending[stream] + decoders[stream].end();
        pending[stream] = "";
        if (rest !== "") report({ output: `${rest}\n` });
      }
    },
  };
}

/** `0.3`, `4.5`, `30`: tenths under ten seconds, whole seconds above. */
function seconds(ms: number): string {
  return ms < 10_000 ? (ms / 1000).toFixed(1) : String(Math.round(ms / 1000));
}
