import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ownerMarkerName } from "../temp/owner-marker.js";
import { currentOwner } from "../temp/process-owner.js";
import { CLEAN_USAGE, runToolkitClean } from "./run-toolkit-clean.js";

const BIN = fileURLToPath(new URL("./toolkit-clean.ts", import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL("../..", import.meta.url));

let base: string;
let stale: string;
let live: string;
beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "core-clean-")));
  const me = currentOwner();
  stale = join(base, "toolkit-stale");
  live = join(base, "toolkit-live");
  await mkdir(stale);
  await mkdir(live);
  // This process's pid with another start time: an earlier process that had the pid.
  await writeFile(join(stale, ownerMarkerName({ ...me, start: me.start.startsWith("m") ? "m1" : "1" })), "");
  await writeFile(join(live, ownerMarkerName(me)), "");
});
afterEach(() => rm(base, { recursive: true, force: true }));

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (c: Buffer) => {
    out += c.toString();
  });
  stderr.on("data", (c: Buffer) => {
    err += c.toString();
  });
  const code = await runToolkitClean({ argv, stdout, stderr });
  return { code, out, err };
}

describe("runToolkitClean", () => {
  describe("when given a directory", () => {
    it("removes the stale folder, keeps the live one and sums up", async () => {
      expect(await run(["--dir", base])).toEqual({
        code: 0,
        out: `${stale}\nRemoved 1 stale folder; kept 1 in use.\n`,
        err: "",
      });
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(live)).toBe(true);
    });
    it("with --dry-run only lists", async () => {
      expect((await run(["--dry-run", "--dir", base])).out).toBe(
        `${stale}\nWould remove 1 stale folder; kept 1 in use.\n`,
      );
      expect(existsSync(stale)).toBe(true);
    });
  });
  describe("when the arguments are wrong", () => {
    it.each([
      [["--dir"], "toolkit-clean: `--dir` needs a directory"],
      [["--force"], 'toolkit-clean: unknown argument "--force"'],
    ])("%j exits 2 naming the problem", async (argv, message) => {
      expect(await run(argv)).toEqual({ code: 2, out: "", err: `${message}\n${CLEAN_USAGE}\n` });
    });
  });
  it("--help prints the usage", async () => {
    expect(await run(["--help"])).toEqual({ code: 0, out: `${CLEAN_USAGE}\n`, err: "" });
  });
});

describe("the toolkit-clean bin", () => {
  it("runs as a program", { timeout: 60_000 }, async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", BIN, "--dir", base], {
      cwd: PACKAGE_DIR,
    });
    // The bin is another process: this one's folder has a live owner for it too.
    expect(stdout).toBe(`${stale}\nRemoved 1 stale folder; kept 1 in use.\n`);
    expect(existsSync(live)).toBe(true);
  });
});
