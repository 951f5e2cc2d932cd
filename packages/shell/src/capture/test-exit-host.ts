// A host process for session-spills.test.ts: runs one command whose output
// spills to a file in the session's temp directory (argv[3]), prints the
// reply, then exits with process.exit without disposing the session.
import { createToolContext } from "@toolkit/core";
import { Shell } from "../tools/shell.js";

const [root = ".", tempDir = ""] = process.argv.slice(2);
const ctx = createToolContext({ cwd: root, tempDir });
const out = await new Shell({ maxOutputBytes: 1024 }).call({ command: "yes | head -c 100000" }, ctx);
process.stdout.write(`${out.textContent()}\n`, () => process.exit(0));
