import { createRequire } from "node:module";
import type { TerminalSize } from "../process/shell-backend.js";

/**
 * The program Node runs (`node -e`) where the command runs, inside the
 * sandbox: it opens a pseudo-terminal with @lydell/node-pty and starts the
 * command on it, so the terminal is the controlling terminal of the
 * command's own session, whatever sessions bubblewrap made (`--new-session`)
 * on the way. Its stdin is typed on the terminal (decoded as UTF-8, so a
 * character split between two chunks arrives whole); what the terminal shows
 * goes to its stdout. It ends with the command's status (128 + N for a
 * command killed by signal N, as a shell reports it). When it is killed, the
 * terminal closes and the kernel hangs up the command's session.
 */
const PTY_HOST_SCRIPT = `"use strict";
const { StringDecoder } = require("node:string_decoder");
const [modulePath, cols, rows, file, ...args] = process.argv.slice(1);
let term;
try {
  term = require(modulePath).spawn(file, args, {
    name: "xterm-256color", cols: Number(cols), rows: Number(rows), cwd: process.cwd(),
    env: { ...process.env, TERM: "xterm-256color" },
  });
} catch (error) {
  process.stderr.write("terminal: " + (error && error.message) + "\\n");
  process.exit(126);
}
process.stdout.on("error", () => {});
process.stdin.on("error", () => {});
const decoder = new StringDecoder("utf8");
term.onData((data) => process.stdout.write(data));
process.stdin.on("data", (chunk) => { const text = decoder.write(chunk); if (text) term.write(text); });
term.onExit(({ exitCode, signal }) => {
  process.exitCode = signal ? 128 + signal : exitCode;
  process.stdin.destroy();
});
`;

let modulePath: string | undefined;

/** The absolute path of @lydell/node-pty's entry, which the terminal host loads by path (the sandbox has no resolver of ours). */
function ptyModulePath(): string {
  modulePath ??= createRequire(import.meta.url).resolve("@lydell/node-pty");
  return modulePath;
}

/**
 * `argv` (a shell and its arguments) wrapped so that it runs in a
 * pseudo-terminal of `size`, opened by the terminal host in the same place
 * as the command (see `PTY_HOST_SCRIPT`); run it as any other argv.
 */
export function ptyArgv(argv: readonly string[], size: TerminalSize): string[] {
  return [
    process.execPath,
    "-e",
    PTY_HOST_SCRIPT,
    ptyModulePath(),
    String(size.cols),
    String(size.rows),
    ...argv,
  ];
}
