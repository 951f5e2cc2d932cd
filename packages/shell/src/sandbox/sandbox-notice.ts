import type { ToolContext } from "@toolkit/core";

/** Per-session record that the "no sandbox" note was given (a context extension). */
export class SandboxNotice {
  #given = false;

  /** True the first time only. */
  take(): boolean {
    if (this.#given) return false;
    this.#given = true;
    return true;
  }
}

/** The one-line note for the first reply of a session that runs commands unsandboxed under "auto". */
export function unsandboxedNote(ctx: ToolContext, reason: string): string | undefined {
  const notice = ctx.getOrCreateExtension(SandboxNotice, () => new SandboxNotice());
  if (!notice.take()) return undefined;
  return `Note: commands run without a sandbox on this machine (${reason}): they can read and write whatever this user can and reach the network.`;
}
