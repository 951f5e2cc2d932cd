import xterm from "@xterm/headless";
import type { TerminalSize } from "../process/shell-backend.js";

/** Lines kept above the screen. */
const SCROLLBACK = 2000;

/**
 * What a job's terminal shows, kept by a headless terminal emulator
 * (@xterm/headless) fed with the job's raw terminal output: cursor moves,
 * colours and line redraws are applied, so the model reads plain text.
 * `takeNew()` returns the lines written since the previous call.
 */
export class TerminalScreen {
  readonly #term: InstanceType<typeof xterm.Terminal>;
  #mark: { readonly line: number; readonly isDisposed: boolean; dispose(): void } | undefined;
  /** Whether output arrived since the last `takeNew`. */
  #fresh = false;

  constructor({ cols, rows }: TerminalSize) {
    this.#term = new xterm.Terminal({ cols, rows, scrollback: SCROLLBACK, allowProposedApi: true });
  }

  /** Feeds raw output (bytes as the program wrote them). */
  write(chunk: Uint8Array): void {
    this.#fresh = true;
    this.#term.write(chunk);
  }

  /**
   * The text from the line the cursor was on at the previous call (that line
   * again, as it reads now: a prompt and what was typed after it) down to the
   * last line with text, trailing blanks trimmed. On the alternate screen (a
   * full-screen program) the whole screen. Empty when no output arrived
   * since the previous call (the cursor's line is not shown again).
   */
  async takeNew(): Promise<string> {
    if (!this.#fresh) return "";
    this.#fresh = false;
    await new Promise<void>((resolve) => this.#term.write("", resolve));
    const buffer = this.#term.buffer.active;
    let start = 0;
    let lost = false;
    if (buffer.type === "alternate") start = buffer.baseY;
    else if (this.#mark !== undefined) {
      lost = this.#mark.isDisposed;
      start = lost ? 0 : this.#mark.line;
    }
    const lines: string[] = [];
    for (let i = start; i < buffer.length; i++) lines.push(buffer.getLine(i)?.translateToString(true) ?? "");
    while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
    this.#mark?.dispose();
    this.#mark = this.#term.registerMarker(0);
    const text = lines.join("\n");
    return lost && text !== ""
      ? `[... earlier lines scrolled out of the terminal's ${SCROLLBACK}-line history ...]\n${text}`
      : text;
  }

  /** Frees the emulator. */
  dispose(): void {
    this.#mark?.dispose();
    this.#term.dispose();
  }
}
