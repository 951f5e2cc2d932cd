import { NEWLINE_COUNT_WASM } from "./newline-count-wasm.js";

const NL = 10;
/** Bytes copied into the wasm module's memory at a time (its 4 pages; small enough to stay in L2). */
const PIECE = 256 * 1024;
/** Below this, the copy into wasm memory costs more than it saves. */
const SMALL = 512;

/** Counts newlines with one `indexOf` per line: the fallback where WebAssembly SIMD is missing. */
export function countNewlinesJs(bytes: Uint8Array): number {
  let n = 0;
  for (let at = bytes.indexOf(NL); at !== -1; at = bytes.indexOf(NL, at + 1)) n++;
  return n;
}

type Counter = (bytes: Uint8Array) => number;

/** The part of the WebAssembly API used here (the project's TypeScript libs do not declare it). */
interface Wasm {
  validate(code: Uint8Array): boolean;
  Module: new (code: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
interface CounterExports {
  memory: { buffer: ArrayBuffer };
  count: (at: number, length: number) => number;
}

/** The SIMD counter, or undefined where WebAssembly or its SIMD is not available. */
function wasmCounter(): Counter | undefined {
  try {
    const wasm = (globalThis as { WebAssembly?: Wasm }).WebAssembly;
    const code = Buffer.from(NEWLINE_COUNT_WASM, "base64");
    if (!wasm?.validate(code)) return undefined;
    const { exports } = new wasm.Instance(new wasm.Module(code), {});
    const { memory, count } = exports as unknown as CounterExports;
    if (memory.buffer.byteLength < PIECE) return undefined;
    // The module never grows its memory, so this view stays attached.
    const view = new Uint8Array(memory.buffer, 0, PIECE);
    return (bytes) => {
      let n = 0;
      for (let at = 0; at < bytes.length; at += PIECE) {
        const piece = bytes.subarray(at, at + PIECE);
        view.set(piece);
        n += count(0, piece.length);
      }
      return n;
    };
  } catch {
    return undefined;
  }
}

let counter: Counter | undefined | null = null;

/** Which method `countNewlines` uses on this runtime (for benchmarks and notes). */
export function newlineCounterKind(): "wasm-simd" | "indexOf" {
  if (counter === null) counter = wasmCounter();
  return counter ? "wasm-simd" : "indexOf";
}

/**
 * How many `\n` bytes `bytes` holds: a WebAssembly SIMD loop (16 bytes a step)
 * where the runtime has it, else one `indexOf` per line.
 */
export function countNewlines(bytes: Uint8Array): number {
  if (bytes.length < SMALL) return countNewlinesJs(bytes);
  if (counter === null) counter = wasmCounter();
  return counter ? counter(bytes) : countNewlinesJs(bytes);
}
