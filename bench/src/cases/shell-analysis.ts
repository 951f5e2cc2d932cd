// @toolkit/shell: the read-only analysis on ordinary and hostile commands, beside what the
// previous analysis paid for the same input (mvdan-sh's wrapper objects walked with syntax.Walk).
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { analyzeCommand } from "@toolkit/shell";
import type { BenchCase, Row } from "../harness.js";

interface Wrapped {
  syntax: {
    NewParser(): { Parse(src: string, name: string): unknown };
    Walk(node: unknown, visit: (node: unknown) => boolean): void;
  };
}

/** mvdan-sh, resolved from @toolkit/shell's own dependencies. */
function mvdanSh(): Wrapped {
  const shellRequire = createRequire(createRequire(import.meta.url).resolve("@toolkit/shell/package.json"));
  return shellRequire("mvdan-sh") as Wrapped;
}

/** The previous analysis' core: parse, then visit every node through the wrappers. */
function wrapperWalk(sh: Wrapped, command: string): number {
  let nodes = 0;
  sh.syntax.Walk(sh.syntax.NewParser().Parse(command, "c"), () => {
    nodes++;
    return true;
  });
  return nodes;
}

/** Median milliseconds of `fn` over `runs` calls (after one warm-up); `undefined` when it throws. */
function medianMs(runs: number, fn: (i: number) => unknown): number | undefined {
  const samples: number[] = [];
  try {
    fn(-1);
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      fn(i);
      samples.push(performance.now() - start);
    }
  } catch {
    return undefined;
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

const INPUTS: ReadonlyArray<readonly [string, (i: number) => string, number]> = [
  ["typical: `git log --oneline` piped to `head -n N`", (i) => `git log --oneline | head -n ${i + 2}`, 200],
  ["1,000 words in one echo (7.8 KiB)", (i) => `echo ${"word ".repeat(999)}${i}`, 10],
  ["100 KiB of `ls;` (refused by size)", (i) => `${"ls;".repeat(34_133)}${i}`, 3],
  ["2,048-stage pipeline (refused by depth)", (i) => `${Array(2048).fill("cat").join(" | ")} ${i}`, 3],
];

export const cases: BenchCase[] = [
  {
    name: "shell: read-only analysis",
    async run(): Promise<Row[]> {
      const sh = mvdanSh();
      const rows: Row[] = [];
      for (const [label, make, runs] of INPUTS) {
        const ours = medianMs(runs, (i) => analyzeCommand(make(i))) ?? Number.NaN;
        const previous = medianMs(runs, (i) => wrapperWalk(sh, make(i)));
        rows.push({
          case: `analyzeCommand, ${label}`,
          ours,
          peer: "mvdan-sh Parse + syntax.Walk (previous analysis)",
          peerValue: previous,
          unit: "ms",
          ...(previous === undefined ? { note: "peer threw (stack overflow)" } : {}),
        });
      }
      return rows;
    },
  },
];
