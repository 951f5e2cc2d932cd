import { Lsp } from "./session/lsp.js";
import { type LspOptions, resolveLspOptions } from "./session/lsp-options.js";

/**
 * The language servers of one workspace. Nothing starts until a file of a
 * language is first used; `dispose()` ends every server it started.
 *
 * @example
 * const lsp = createLsp({ root: "/work/app" });
 * const middleware = [withDiagnostics(lsp)];
 * // ...
 * await lsp.dispose();
 */
export function createLsp(options: LspOptions): Lsp {
  return new Lsp(resolveLspOptions(options));
}
