// @toolkit/fs: the first Read.call of a fresh process against the second one. Built-in tools ship
// their schema validators compiled at build time (scripts/gen-validators.mjs), so the first call
// should not pay for ajv compiling the schema (it did: about 60 ms quiet).
import { join } from "node:path";
import { type BenchCase, type Row, runCommand } from "../harness.js";

const SCRIPT = `
import { performance } from "node:perf_hooks";
import { createToolContext } from "@toolkit/core";
import { Read } from "@toolkit/fs";
const ctx = createToolContext({ cwd: process.cwd() });
const read = new Read();
const file = process.cwd() + "/package.json";
let t = performance.now();
const first = await read.call({ file_path: file }, ctx);
const a = performance.now() - t;
t = performance.now();
await read.call({ file_path: file }, ctx);
const b = performance.now() - t;
if (first.isError) throw new Error(first.textContent());
console.log(JSON.stringify({ first: a, second: b }));
`;

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] as number;

export const cases: BenchCase[] = [
  {
    name: "first call: Read in a fresh process",
    async run(): Promise<Row[]> {
      const firsts: number[] = [];
      const seconds: number[] = [];
      for (let i = 0; i < 9; i++) {
        const run = await runCommand(process.execPath, ["--input-type=module", "-e", SCRIPT], {
          cwd: join(import.meta.dirname, "..", ".."),
        });
        if (run.code !== 0) throw new Error(`first-call bench: the child exited ${run.code}`);
        const { first, second } = JSON.parse(run.stdout) as { first: number; second: number };
        firsts.push(first);
        seconds.push(second);
      }
      const first = median(firsts);
      return [
        {
          case: "first Read.call of a process",
          ours: first,
          peer: "the second Read.call of the same process",
          peerValue: median(seconds),
          unit: "ms",
          note: `goal <= 5 ms: ${first <= 5 ? "met" : "missed"}`,
        },
      ];
    },
  },
];
