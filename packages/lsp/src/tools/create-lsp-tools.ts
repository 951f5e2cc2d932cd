import type { Lsp } from "../session/lsp.js";
import { Definition } from "./definition.js";
import { Diagnostics } from "./diagnostics-tool.js";
import { Hover } from "./hover.js";
import type { LspToolOptions } from "./lsp-tool.js";
import { References } from "./references.js";
import { Rename } from "./rename.js";
import { Symbols } from "./symbols.js";

/** The LSP tools in the order a registry should advertise them. */
export type LspTools = readonly [Diagnostics, Definition, References, Hover, Symbols, Rename];

/**
 * Diagnostics, Definition, References, Hover, Symbols and Rename on one
 * `Lsp`. Rename writes through `options.source` (the local disk by default).
 *
 * @example
 * const lsp = createLsp({ root: "/work/app" });
 * for (const tool of createLspTools(lsp)) registry.register(tool);
 */
export function createLspTools(lsp: Lsp, options: LspToolOptions = {}): LspTools {
  return [
    new Diagnostics(lsp, options),
    new Definition(lsp, options),
    new References(lsp, options),
    new Hover(lsp, options),
    new Symbols(lsp, options),
    new Rename(lsp, options),
  ];
}
