/** Why a registration was refused. */
export type RegistryErrorCode =
  | "InvalidName"
  | "SchemaMismatch"
  | "InvalidDescription"
  | "InvalidSchema"
  | "InvalidTool";

/** A programmer error in a registration: thrown, never sent to the model. */
export class RegistryError extends TypeError {
  override readonly name = "RegistryError";
  /** What was wrong. */
  readonly code: RegistryErrorCode;
  /** The tool name involved, as it arrived. */
  readonly tool: unknown;

  constructor(code: RegistryErrorCode, tool: unknown, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.tool = tool;
  }
}
