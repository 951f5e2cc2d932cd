/**
 * Progress from a running tool call: one channel for every tool and host.
 * A tool calls `ctx.progress(update)`; the host listens through
 * `createToolContext({ onProgress })` or `dispatch(..., { onProgress })`.
 */

/** One progress update. Every field is optional; an update with none is dropped. */
export interface ToolProgress {
  /** A human line ("scanned 4,000 files"). Newlines become spaces; at most 500 characters. */
  message?: string;
  /** Work done so far, in the unit of `total` (a finite number ≥ 0). */
  progress?: number;
  /** Work in all, when known (a finite number > 0). */
  total?: number;
  /** A chunk of partial output (new output lines of a command). At most 16 KiB; the tail is kept. */
  output?: string;
}

/** The call an update came from, as dispatch tags it. */
export interface ProgressCall {
  /** The provider's call id. */
  readonly callId: string;
  /** The tool's name as the model called it. */
  readonly tool: string;
}

/** A tool's update tagged with its call, as `dispatch`'s `onProgress` receives it. */
export interface ToolProgressEvent extends ToolProgress, ProgressCall {}

/** Where a context's updates go. */
export type ProgressSink = (update: ToolProgress) => void;

/** Options for `createProgressChannel`. */
export interface ProgressChannelOptions {
  /** Most updates delivered per second; the rest are coalesced. @default 10 */
  maxPerSecond?: number;
}

/** A rate-limited progress channel for one call (see `createProgressChannel`). */
export interface ProgressChannel {
  /** Takes an update; never throws. */
  readonly report: ProgressSink;
  /** Delivers what is pending, then drops every later update. Idempotent. */
  close(): void;
}

/** The most characters of `message` kept. */
export const PROGRESS_MESSAGE_MAX = 500;
/** The most characters of `output` kept per delivered update (the tail). */
export const PROGRESS_OUTPUT_MAX = 16 * 1024;

const LINE_BREAKS = /[\r\n\u2028\u2029]+/g;

/**
 * The update reduced to the fields it has right: a `message` string (one
 * line, bounded), finite non-negative `progress`, positive `total`, an
 * `output` string (its tail, bounded). Anything else is dropped; undefined
 * when nothing is left. Never throws, whatever arrives (getters that throw,
 * proxies).
 */
export function sanitizeProgress(update: unknown): ToolProgress | undefined {
  if (update === null || typeof update !== "object") return undefined;
  try {
    const { message, progress, total, output } = update as Record<string, unknown>;
    const out: ToolProgress = {};
    let any = false;
    if (typeof message === "string" && message !== "") {
      const line = message.replace(LINE_BREAKS, " ");
      out.message = line.length > PROGRESS_MESSAGE_MAX ? `${line.slice(0, PROGRESS_MESSAGE_MAX - 1)}…` : line;
      any = true;
    }
    if (typeof progress === "number" && Number.isFinite(progress) && progress >= 0) {
      out.progress = progress;
      any = true;
    }
    if (typeof total === "number" && Number.isFinite(total) && total > 0) {
      out.total = total;
      any = true;
    }
    if (typeof output === "string" && output !== "") {
      out.output = tail(output);
      any = true;
    }
    return any ? out : undefined;
  } catch {
    return undefined;
  }
}

function tail(text: string): string {
  return text.length > PROGRESS_OUTPUT_MAX ? text.slice(text.length - PROGRESS_OUTPUT_MAX) : text;
}

/** `next` folded into `pending`: the latest message and figures win, output chunks join. */
function merge(pending: ToolProgress, next: ToolProgress): ToolProgress {
  const merged: ToolProgress = { ...pending, ...next };
  if (pending.output !== undefined && next.output !== undefined)
    merged.output = tail(pending.output + next.output);
  return merged;
}

/**
 * A per-call channel in front of `sink`: the first update goes through at
 * once, later ones at most `maxPerSecond` a second. Between deliveries the
 * latest message and figures are kept and output chunks are joined (their
 * tail is kept), so no line is lost to coalescing unless over 16 KiB arrive
 * between two deliveries. `close()` (at the end of the call) delivers what
 * is pending, so it arrives before the result, and silences the channel.
 * A sink that throws is ignored.
 *
 * @example
 * const channel = createProgressChannel((u) => console.log(u.message));
 * const callCtx = ctx.withProgress(channel.report);
 * try { await tool.call(input, callCtx); } finally { channel.close(); }
 */
export function createProgressChannel(
  sink: ProgressSink,
  options: ProgressChannelOptions = {},
): ProgressChannel {
  const { maxPerSecond = 10 } = options;
  if (typeof maxPerSecond !== "number" || !(maxPerSecond > 0) || !Number.isFinite(maxPerSecond)) {
    throw new TypeError(
      `createProgressChannel: \`maxPerSecond\` must be a positive number, got ${JSON.stringify(maxPerSecond)}`,
    );
  }
  const interval = 1000 / maxPerSecond;
  let last = Number.NEGATIVE_INFINITY;
  let pending: ToolProgress | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const deliver = (update: ToolProgress) => {
    last = Date.now();
    try {
      sink(update);
    } catch {
      // Fire-and-forget: a listener's failure is not the tool's.
    }
  };
  const flush = () => {
    timer = undefined;
    if (pending === undefined) return;
    const update = pending;
    pending = undefined;
    deliver(update);
  };
  const report: ProgressSink = (raw) => {
    if (closed) return;
    const update = sanitizeProgress(raw);
    if (update === undefined) return;
    const wait = last + interval - Date.now();
    if (pending === undefined && wait <= 0) {
      deliver(update);
      return;
    }
    pending = pending === undefined ? update : merge(pending, update);
    if (timer === undefined) {
      timer = setTimeout(flush, Math.max(0, wait));
      timer.unref?.();
    }
  };
  return {
    report,
    close() {
      if (closed) return;
      if (timer !== undefined) clearTimeout(timer);
      flush();
      closed = true;
    },
  };
}

/** A sink that drops everything: the progress of a context nobody listens to. */
export const DROP_PROGRESS: ProgressSink = () => {};
