import { LoomToolError, type ToolContext, type ToolOutput } from "@toolkit/core";
import { asFsToolError, FsTool } from "../tool/fs-tool.js";

/**
 * An fs tool with Loom's failures: whatever its work throws that the model
 * can act on is answered in Loom's form (`Error: <message>`, see
 * `LoomToolError`), with advice that names only Loom tools. Input that does
 * not match the schema is refused before the work starts, in the registry's
 * form, as for every tool.
 */
export abstract class LoomFsTool<I> extends FsTool<I> {
  protected async run(input: I, ctx: ToolContext): Promise<ToolOutput> {
    try {
      return await this.runLoom(input, ctx);
    } catch (error) {
      const failure = asFsToolError(error);
      throw failure === undefined ? error : LoomToolError.from(failure);
    }
  }

  /** The tool's work, on input that matches its schema. */
  protected abstract runLoom(input: I, ctx: ToolContext): Promise<ToolOutput>;
}
