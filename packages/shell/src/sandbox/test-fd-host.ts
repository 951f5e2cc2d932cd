// A host process for kernel-escapes.test.ts: started with a descriptor 3 it
// inherited (as a host started by a parent that leaks one would be), it runs
// one sandboxed command that lists the descriptors its shell holds.
import { createToolContext } from "@toolkit/core";
import { Shell } from "../tools/shell.js";

const [root = "."] = process.argv.slice(2);
const ctx = createToolContext({ cwd: root });
const out = await new Shell({ sandbox: "required" }).call({ command: "ls /proc/$$/fd; true" }, ctx);
await ctx.dispose();
process.stdout.write(`${out.textContent()}\n`, () => process.exit(0));
