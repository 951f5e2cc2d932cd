/** The `code` of a Node system error (`ENOENT`, `EACCES`, ...), else the error as text. */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : String(error);
}
