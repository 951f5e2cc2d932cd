// ApplyPatch on one file with many hunks (10,000 on 100,000 lines, 100,000 on 1,000,000
// lines; goal: the second under 2 s), beside GNU patch applying the same change as a unified
// diff. Ours is the tool call in a running process (the file read once before, as the stale
// guard asks); GNU patch is timed as a whole process. A third row has every hunk's context
// differ in trailing whitespace, so each hunk is found only by the loose pass.
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createToolContext } from "@toolkit/core";
import { ApplyPatch, Read } from "@toolkit/fs";
import { type BenchCase, type Row, runCommand, which } from "../harness.js";

const WORK = join(import.meta.dirname, "..", "..", ".work", "apply-patch");
const RUNS = 3;

const lineOf = (i: number) => `${String(i).padStart(7, "0")} alpha beta ${"x".repeat(i % 40)} ${i % 97}`;

interface Shape {
  lines: number;
  hunks: number;
  /** Context lines carry a trailing space the file lacks. */
  loose: boolean;
}

/** The file, the Codex patch and the same change as a unified diff. */
function build({ lines, hunks, loose }: Shape): { file: string; codex: string; unified: string } {
  const file: string[] = [];
  for (let i = 0; i < lines; i++) file.push(lineOf(i));
  const stride = Math.floor(lines / hunks);
  const codex = ["*** Begin Patch", "*** Update File: f.txt"];
  const unified = ["--- a/f.txt", "+++ b/f.txt"];
  const pad = loose ? " " : "";
  for (let k = 0; k < hunks; k++) {
    const at = k * stride;
    const [a, b, c] = [file[at], file[at + 1], file[at + 2]];
    codex.push("@@", ` ${a}${pad}`, `-${b}`, `+${b} changed`, ` ${c}${pad}`);
    unified.push(`@@ -${at + 1},3 +${at + 1},3 @@`, ` ${a}`, `-${b}`, `+${b} changed`, ` ${c}`);
  }
  codex.push("*** End Patch");
  return { file: `${file.join("\n")}\n`, codex: codex.join("\n"), unified: `${unified.join("\n")}\n` };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}

async function measureShape(shape: Shape, patchBin: string | undefined): Promise<Row> {
  const dir = join(WORK, `${shape.lines}-${shape.hunks}${shape.loose ? "-loose" : ""}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const { file, codex, unified } = build(shape);
  await writeFile(join(dir, "f.diff"), unified);
  const tool = new ApplyPatch({ maxPatchBytes: 256 * 1024 * 1024 });
  const ours: number[] = [];
  const peer: number[] = [];
  for (let round = 0; round <= RUNS; round++) {
    await writeFile(join(dir, "f.txt"), file);
    const ctx = createToolContext({ cwd: dir, isNonInteractive: true });
    await new Read().call({ file_path: "f.txt", limit: 1 }, ctx);
    const start = performance.now();
    const out = await tool.call({ patch: codex }, ctx);
    const ms = performance.now() - start;
    if (out.isError) throw new Error(out.textContent().slice(0, 300));
    if (round > 0) ours.push(ms);
    if (patchBin) {
      await writeFile(join(dir, "f.txt"), file);
      const r = await runCommand("sh", ["-c", `cd ${dir} && ${patchBin} -s -p1 < f.diff`]);
      if (r.code !== 0) throw new Error(`patch exited with ${r.code}`);
      if (round > 0) peer.push(r.ms);
    }
  }
  await rm(dir, { recursive: true, force: true });
  const what = `${shape.hunks.toLocaleString("en")} hunks, ${shape.lines.toLocaleString("en")}-line file`;
  return {
    case: `ApplyPatch: ${what}${shape.loose ? " (loose context)" : ""}`,
    ours: median(ours),
    peer: "GNU patch (unified diff)",
    peerValue: patchBin ? median(peer) : undefined,
    unit: "ms",
    note: [
      shape.hunks === 100_000 && !shape.loose ? "goal < 2000 ms" : "",
      patchBin ? "" : "absent: patch not installed",
    ]
      .filter(Boolean)
      .join("; "),
  };
}

const manyHunksCase: BenchCase = {
  name: "fs: ApplyPatch with many hunks in one file",
  async run(): Promise<Row[]> {
    const patchBin = await which("patch");
    const rows: Row[] = [];
    for (const shape of [
      { lines: 100_000, hunks: 10_000, loose: false },
      { lines: 1_000_000, hunks: 100_000, loose: false },
      { lines: 1_000_000, hunks: 100_000, loose: true },
    ]) {
      rows.push(await measureShape(shape, patchBin));
    }
    return rows;
  },
};

/** The ApplyPatch cases. */
export const cases: BenchCase[] = [manyHunksCase];
