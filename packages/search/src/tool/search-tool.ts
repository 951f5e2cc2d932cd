import { Retention, type ToolContext, ToolBase, ToolError, type ToolOutput } from "@toolkit/core";

/**
 * The search family on core's `ToolBase`: input validated once (by dispatch,
 * or here on a direct call), a cancelled call refused before it starts, a
 * ToolError as a soft failure (anything else is a bug and is thrown), every
 * reply with retention `requery`, and read-only, concurrency-safe traits.
 */
export abstract class SearchTool<I> extends ToolBase<I> {
  /** Runs the validated input. */
  protected abstract override run(input: I, ctx: ToolContext): Promise<ToolOutput>;

  /** A call whose signal already fired does no work. */
  protected override beforeCall(ctx: ToolContext): void {
    if (ctx.signal.aborted) throw ToolError.cancelled();
  }

  /** Search results can be asked again: every reply, success or failure, is `requery`. */
  protected override finish(output: ToolOutput): ToolOutput {
    return output.withRetention(Retention.Requery);
  }

  /** Search tools never change anything. */
  isReadOnly(): boolean {
    return true;
  }

  /** Search tools may run beside each other. */
  isConcurrencySafe(): boolean {
    return true;
  }
}
