import { StringDecoder } from "node:string_decoder";
import { PROGRESS_OUTPUT_MAX, type ToolProgress } from "@toolkit/core";

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
  /** The least time between two output updates; output in between is gathered. @default 100 (dispatch's 10 a second) */
  intervalMs?: number;
}

/** Feeds a command's output to progress updates; see `outputProgress`. */
export interface OutputProgress {
  /** Takes a chunk of a stream as it arrives. */
  push(stream: OutputStreamName, chunk: Buffer): void;
  /** Sends what is held back and stops the timers. Idempotent. */
  end(): void;
}

/** The raw bytes of one stream not yet decoded: at most about one update's worth is kept. */
interface Held {
  chunks: Buffer[];
  bytes: number;
  /** Bytes were dropped from the front (the update would have cut them anyway). */
  skipped: boolean;
}

/**
 * Turns a running command's output into `{output}` progress updates, whole
 * lines at a time (stderr lines too, unlabelled: the update is a live tail,
 * not the reply), and sends `{message: "no new output for N s"}` after each
 * `stalledOutputMs` of silence. It only reads the chunks: what the command's
 * reply holds is built elsewhere, unchanged. Chunks are kept raw and decoded
 * at most once per `intervalMs`, and only their last `PROGRESS_OUTPUT_MAX`
 * bytes (from a line start): the tail is all a listener would get, so a
 * command printing fast costs little more than one nobody watches.
 */
export function outputProgress({
  report,
  stalledOutputMs,
  maxPendingChars = 4096,
  intervalMs = 100,
}: OutputProgressOptions): OutputProgress {
  const decoders: Record<OutputStreamName, StringDecoder> = {
    stdout: new StringDecoder("utf8"),
    stderr: new StringDecoder("utf8"),
  };
  const pending = { stdout: "", stderr: "" };
  const held: Record<OutputStreamName, Held> = {
    stdout: { chunks: [], bytes: 0, skipped: false },
    stderr: { chunks: [], bytes: 0, skipped: false },
  };
  let lastAt = Date.now();
  let lastFlush = Number.NEGATIVE_INFINITY;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let ended = false;

  const decode = (stream: OutputStreamName): string => {
    const h = held[stream];
    if (h.chunks.length === 0) return pending[stream];
    let bytes = h.chunks.length === 1 ? (h.chunks[0] as Buffer) : Buffer.concat(h.chunks);
    let text: string;
    if (h.skipped || bytes.length > PROGRESS_OUTPUT_MAX) {
      // Start at a character boundary within the tail, then at the next line.
      let start = Math.max(0, bytes.length - PROGRESS_OUTPUT_MAX);
      while (start < bytes.length && ((bytes[start] ?? 0) & 0xc0) === 0x80) start++;
      bytes = bytes.subarray(start);
      decoders[stream] = new StringDecoder("utf8");
      const tail = decoders[stream].write(bytes);
      const lineStart = tail.indexOf("\n") + 1;
      text = lineStart > 0 && lineStart < tail.length ? tail.slice(lineStart) : tail;
    } else {
      text = pending[stream] + decoders[stream].write(bytes);
    }
    held[stream] = { chunks: [], bytes: 0, skipped: false };
    return text;
  };
  const flush = () => {
    flushTimer = undefined;
    lastFlush = Date.now();
    for (const stream of ["stdout", "stderr"] as const) {
      const text = decode(stream);
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
    }
  };
  const tick = () => {
    const silent = Date.now() - lastAt;
    if (silent >= stalledOutputMs) {
      report({ message: `no new output for ${seconds(silent)} s` });
      stallTimer = setTimeout(tick, stalledOutputMs);
    } else {
      stallTimer = setTimeout(tick, stalledOutputMs - silent);
    }
    stallTimer.unref();
  };
  let stallTimer = setTimeout(tick, stalledOutputMs);
  stallTimer.unref();
  return {
    push(stream, chunk) {
      if (ended) return;
      lastAt = Date.now();
      const h = held[stream];
      h.chunks.push(chunk);
      h.bytes += chunk.length;
      // Whole chunks before the last update's worth are dropped undecoded.
      while (h.chunks.length > 1 && h.bytes - (h.chunks[0]?.length ?? 0) >= PROGRESS_OUTPUT_MAX) {
        h.bytes -= h.chunks.shift()?.length ?? 0;
        h.skipped = true;
      }
      if (flushTimer !== undefined) return;
      const wait = lastFlush + intervalMs - lastAt;
      if (wait <= 0) flush();
      else {
        flushTimer = setTimeout(flush, wait);
        flushTimer.unref();
      }
    },
    end() {
      if (ended) return;
      ended = true;
      clearTimeout(stallTimer);
      if (flushTimer !== undefined) clearTimeout(flushTimer);
      flush();
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
