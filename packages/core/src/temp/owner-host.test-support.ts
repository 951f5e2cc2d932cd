// A host process for sweep-stale-temp.test.ts: makes its session's temp dir
// (in $TMPDIR), puts 1 MiB of work in it, says where, and runs until killed.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createToolContext } from "../context/context.js";

const ctx = createToolContext({ cwd: process.cwd() });
const dir = await ctx.ensureTempDir();
await writeFile(join(dir, "spill.log"), Buffer.alloc(1 << 20));
process.stdout.write(`ready ${dir}\n`);
setInterval(() => undefined, 1 << 30);
