const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/** A one-line spinner on a TTY stream; does nothing elsewhere. */
export interface Spinner {
  start(label: string): void;
  stop(): void;
}

/** A spinner drawing on `stream` every `intervalMs` while started (only when `stream.isTTY`). */
export function createSpinner({
  stream,
  intervalMs = 80,
}: {
  stream: NodeJS.WritableStream & { isTTY?: boolean };
  intervalMs?: number;
}): Spinner {
  let timer: NodeJS.Timeout | undefined;
  let frame = 0;
  return {
    start(label) {
      if (!stream.isTTY || timer) return;
      const draw = () => {
        stream.write(`\r${FRAMES[frame++ % FRAMES.length]} ${label}\u001b[K`);
      };
      draw();
      timer = setInterval(draw, intervalMs);
    },
    stop() {
      if (!timer) return;
      clearInterval(timer);
      timer = undefined;
      stream.write("\r\u001b[K");
    },
  };
}
