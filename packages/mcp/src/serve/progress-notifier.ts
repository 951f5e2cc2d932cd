import type { ToolProgress } from "@toolkit/core";

/** The params of one `notifications/progress`. */
export interface ProgressNotificationParams {
  [key: string]: unknown;
  progressToken: string | number;
  progress: number;
  total?: number;
  message?: string;
}

const MESSAGE_CHARS = 500;

/**
 * Turns a call's updates into the params of `notifications/progress` for
 * `progressToken`, as the MCP spec asks: `progress` grows with every
 * notification (the tool's figure when it grew, else one more than the last
 * one sent), `total` is sent when it is at least `progress`, and `message` is
 * the update's line, or the last non-empty line of its output.
 */
export function progressNotifier(
  progressToken: string | number,
  send: (params: ProgressNotificationParams) => void,
): (update: ToolProgress) => void {
  let last = 0;
  return (update) => {
    const progress = update.progress !== undefined && update.progress > last ? update.progress : last + 1;
    last = progress;
    const message = update.message ?? lastLine(update.output);
    send({
      progressToken,
      progress,
      ...(update.total !== undefined && update.total >= progress ? { total: update.total } : {}),
      ...(message === undefined ? {} : { message }),
    });
  };
}

function lastLine(output: string | undefined): string | undefined {
  if (output === undefined) return undefined;
  const lines = output.split(/\r?\n/).filter((l) => l.trim() !== "");
  const line = lines.at(-1);
  if (line === undefined) return undefined;
  return line.length > MESSAGE_CHARS ? `${line.slice(0, MESSAGE_CHARS - 1)}…` : line;
}
