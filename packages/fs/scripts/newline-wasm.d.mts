/** Compiles the newline counter's WebAssembly text to its bytes, as base64. */
export function wasmBase64(wat: string): Promise<string>;
