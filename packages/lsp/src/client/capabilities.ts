import type { ClientCapabilities } from "vscode-languageserver-protocol/node";

/** What this client tells servers it supports: full-text sync, pull diagnostics, the queries the tools use. */
export const CLIENT_CAPABILITIES: ClientCapabilities = {
  general: { positionEncodings: ["utf-16"] },
  workspace: {
    configuration: true,
    workspaceFolders: true,
    symbol: { dynamicRegistration: false },
    workspaceEdit: { documentChanges: true },
    didChangeConfiguration: { dynamicRegistration: true },
  },
  textDocument: {
    synchronization: { dynamicRegistration: false, didSave: false },
    publishDiagnostics: { relatedInformation: false, versionSupport: true },
    diagnostic: { dynamicRegistration: true, relatedDocumentSupport: false },
    definition: { linkSupport: false },
    references: {},
    hover: { contentFormat: ["plaintext", "markdown"] },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
    rename: { prepareSupport: false },
  },
  window: { workDoneProgress: false },
};
