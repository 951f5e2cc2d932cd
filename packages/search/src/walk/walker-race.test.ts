// The walk against a real concurrent attacker: a child process flips `sdir` between a real
// directory and a link to a directory outside the workspace, as fast as it can, while Glob
// and Tree walk the workspace. A listing reads each directory through a descriptor proved to
// lie under the root, so no reply may name what lies outside. TOOLKIT_RACE_TRIES sets the
// walks per tool (default 400).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Tool } from "@toolkit/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Glob } from "../glob/glob-tool.js";
import { Grep } from "../grep/grep-tool.js";
import { contextFor } from "../testing/context.js";
import { Tree } from "../tree/tree-tool.js";

const TRIES = Number(process.env.TOOLKIT_RACE_TRIES ?? 400);
const BATCH = 16;

let base: string;
let root: string;
let swapper: ChildProcess | undefined;
let swaps = 0;

// The attacker: `sdir` is a real directory (holding inside.txt) one instant and a link to
// the outside directory (holding outside-only.txt) the next, each swap an atomic rename.
const SWAPPER = `
const fs = require("node:fs");
const [root, outside] = process.argv.slice(1);
const at = (n) => root + "/" + n;
let flips = 0;
setInterval(() => process.stdout.write(flips + "\\n"), 50).unref();
function flip(i) {
  try {
    fs.rmSync(at("sdir.old"), { recursive: true, force: true });
    if (i % 2) fs.symlinkSync(outside, at("sdir.new"));
    else { fs.mkdirSync(at("sdir.new")); fs.mkdirSync(at("sdir.new/deeper")); fs.writeFileSync(at("sdir.new/deeper/inside.txt"), "x"); }
    try { fs.renameSync(at("sdir"), at("sdir.old")); } catch {}
    fs.renameSync(at("sdir.new"), at("sdir"));
  } catch { fs.rmSync(at("sdir.new"), { recursive: true, force: true }); }
}
const tick = () => { for (let k = 0; k < 10; k++, flips++) flip(flips); setImmediate(tick); };
tick();
`;

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "toolkit-search-race-")));
  root = join(base, "root");
  const outside = join(base, "outside");
  await mkdir(join(root, "sdir", "deeper"), { recursive: true });
  await mkdir(join(outside, "deeper"), { recursive: true });
  await writeFile(join(root, "top.txt"), "x");
  await writeFile(join(outside, "outside-only.txt"), "SECRET");
  await writeFile(join(outside, "deeper", "outside-deep.txt"), "SECRET");
  // A twin of the inside file: a path listed while sdir was real leads here once sdir is a link.
  await writeFile(join(outside, "deeper", "inside.txt"), "SECRET twin");
  swapper = spawn(process.execPath, ["-e", SWAPPER, root, outside], { stdio: ["ignore", "pipe", "inherit"] });
  swapper.stdout?.on("data", (c: Buffer) => {
    swaps = Number(c.toString().trim().split("\n").at(-1)) || swaps;
  });
  while (swaps < 100) await new Promise((r) => setTimeout(r, 20));
});
afterAll(async () => {
  swapper?.kill("SIGKILL");
  await rm(base, { recursive: true, force: true });
});

/**
 * Calls the tool TRIES times; returns how many replies reached inside `sdir` (the race was
 * run). When none did (a loaded machine can leave `sdir` a link or mid-rename through every
 * walk), it goes on, up to four times as many calls, until one does.
 */
async function race(tool: Tool, input: Record<string, unknown>): Promise<number> {
  let reached = 0;
  for (let done = 0; done < TRIES || (reached === 0 && done < 4 * TRIES); done += BATCH) {
    const texts = await Promise.all(
      Array.from({ length: BATCH }, async () => (await tool.call(input, contextFor(root))).textContent()),
    );
    for (const text of texts) {
      expect(text).not.toMatch(/outside-only|outside-deep|SECRET/);
      if (text.includes("inside.txt")) reached++;
    }
  }
  return reached;
}

describe("the walk under a concurrent link swap", () => {
  it("Glob never lists a name from outside the workspace", async () => {
    expect(await race(new Glob(), { pattern: "**/*.txt" })).toBeGreaterThan(0);
  }, 120_000);
  it("Grep's JS engine never reads a file from outside the workspace", async () => {
    // The walk's own safety is under test here: the hard-link check, whose stat after the read
    // drops most hits once sdir has flipped, is tested on its own in tool/hard-links.test.ts.
    const grep = new Grep({ engine: "js", hardLinks: "allow" });
    expect(
      await race(grep, { pattern: "x|S[E]CRET", output_mode: "content", glob: "!top.txt" }),
    ).toBeGreaterThan(0);
  }, 120_000);
  it("Tree never draws a name from outside the workspace", async () => {
    expect(await race(new Tree(), { max_depth: 5 })).toBeGreaterThan(0);
  }, 120_000);
});
