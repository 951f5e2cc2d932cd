// Compiles the newline counter's WebAssembly text to base64 bytes (shared by the
// build script and the test that checks the checked-in bytes).
import initWabt from "wabt";

/** @param {string} wat @returns {Promise<string>} */
export async function wasmBase64(wat) {
  const wabt = await initWabt();
  const module = wabt.parseWat("newline-count.wat", wat, { simd: true });
  try {
    module.validate();
    return Buffer.from(module.toBinary({}).buffer).toString("base64");
  } finally {
    module.destroy();
  }
}
